/**
 * Mails a person may ask for again (a verification link, a change of address) come a few an hour:
 * per subject (the address a verification goes to, the account changing its address), with a
 * cooldown between two, and per client address. Counting and recording are one step under
 * transaction locks on the subject and then the address, so a burst cannot slip past the limit; the
 * rows counted are those of the window only, read by their indexes, and older ones of the subject go.
 */
import { and, count, eq, gte, lt, max, min, sql } from 'drizzle-orm';
import type { Tx } from './connection.ts';
import { mailRequests } from './schema.ts';

/** Namespace of the advisory locks taken per subject and per address while a request takes its place. */
const MAIL_REQUEST_LOCK = 7_370_304;

export type MailRequestLimits = {
  windowMs: number;
  perSubject: number;
  /** Per client address in the window; unset: not limited by address. */
  perAddress?: number;
  /** Between two requests for one subject. */
  cooldownMs?: number;
};

/** Taken (and when the next may come), or refused (and when one may come). */
export type MailRequest = { taken: boolean; retryAfterMs: number };

export async function takeMailRequest(
  tx: Tx,
  request: { kind: 'verification' | 'email_change'; subject: string; ipAddress: string; at: Date },
  limits: MailRequestLimits,
): Promise<MailRequest> {
  const { kind, subject, ipAddress, at } = request;
  const since = new Date(at.getTime() - limits.windowMs);
  const lock = (key: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(MAIL_REQUEST_LOCK))}, hashtext(${key}))`);
  await lock(`${kind}:s:${subject}`);
  if (limits.perAddress !== undefined) await lock(`${kind}:a:${ipAddress}`);
  await tx
    .delete(mailRequests)
    .where(and(eq(mailRequests.kind, kind), eq(mailRequests.subject, subject), lt(mailRequests.createdAt, since)));
  const [bySubject] = await tx
    .select({ n: count(), first: min(mailRequests.createdAt), last: max(mailRequests.createdAt) })
    .from(mailRequests)
    .where(and(eq(mailRequests.kind, kind), eq(mailRequests.subject, subject), gte(mailRequests.createdAt, since)));
  const [byAddress] =
    limits.perAddress === undefined
      ? [{ n: 0, first: null }]
      : await tx
          .select({ n: count(), first: min(mailRequests.createdAt) })
          .from(mailRequests)
          .where(
            and(eq(mailRequests.kind, kind), eq(mailRequests.ipAddress, ipAddress), gte(mailRequests.createdAt, since)),
          );
  const now = at.getTime();
  const windowEnd = (first: Date | null | undefined) => (first ? first.getTime() + limits.windowMs - now : 0);
  const subjectCount = bySubject?.n ?? 0;
  const waits = [
    subjectCount >= limits.perSubject ? windowEnd(bySubject?.first) : 0,
    limits.perAddress !== undefined && (byAddress?.n ?? 0) >= limits.perAddress ? windowEnd(byAddress?.first) : 0,
    limits.cooldownMs && bySubject?.last ? bySubject.last.getTime() + limits.cooldownMs - now : 0,
  ];
  const refusedFor = Math.max(...waits);
  if (refusedFor > 0) return { taken: false, retryAfterMs: refusedFor };
  await tx.insert(mailRequests).values({ kind, subject, ipAddress, createdAt: at });
  // After this one: the cooldown, or the window's end when this was the last one it allows.
  const next = subjectCount + 1 >= limits.perSubject ? windowEnd(bySubject?.first ?? at) : 0;
  return { taken: true, retryAfterMs: Math.max(limits.cooldownMs ?? 0, next) };
}
