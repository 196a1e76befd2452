/** The mail outbox's rows (migration 0025): written in an event's transaction, claimed and settled by the mail worker. */
import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/connection.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mail } from './mailer.ts';

/** The mail, and in the same statement the NOTIFY that wakes the worker once `tx` commits. */
export async function insertMail(tx: Db | Tx, mail: Mail, wakeChannel: string): Promise<void> {
  await tx.execute(sql`with queued as (
      insert into ${mailOutbox} (recipient, subject, mail)
      values (${mail.to.trim().toLowerCase()}, ${mail.subject}, ${JSON.stringify(mail)}::jsonb) returning id
    ) select pg_notify(${wakeChannel}, '') from queued`);
}

export type ClaimedMail = { id: number; recipient: string; mail: Mail; attempts: number; createdAt: Date };

/**
 * Takes up to `limit` due mails, each the oldest waiting one of its recipient, and holds them for
 * `leaseMs` (their next attempt moves that far ahead): another worker passes them by, and a worker that
 * dies mid-send leaves them to be tried again once the lease is over. A recipient's later mails wait
 * behind the one held, so their order is kept.
 */
export async function claimDueMails(database: Database, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const rows = await database.query<{
    id: string | number;
    recipient: string;
    mail: Mail | string;
    attempts: number;
    created_at: Date | string;
  }>(
    `update mail_outbox m set attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
     where m.id in (
       select o.id from mail_outbox o
       where o.status = 'queued' and o.next_attempt_at <= now()
         and not exists (
           select 1 from mail_outbox p where p.status = 'queued' and p.recipient = o.recipient and p.id < o.id)
       order by o.next_attempt_at, o.id
       limit $1
       for update skip locked)
     returning m.id, m.recipient, m.mail, m.attempts, m.created_at`,
    [limit, leaseMs],
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      recipient: row.recipient,
      mail: (typeof row.mail === 'string' ? JSON.parse(row.mail) : row.mail) as Mail,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Sent: the text goes (its links may sign someone in); recipient and subject stay for the record. */
export async function markMailSent(database: Database, id: number): Promise<void> {
  await database.query(
    `update mail_outbox set status = 'sent', mail = null, last_error = null, finished_at = now()
     where id = $1 and status = 'queued'`,
    [id],
  );
}

/** A failed try: tried again after `retryInMs`, or, given up (`retryInMs` null), marked failed. */
export async function markMailAttemptFailed(
  database: Database,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  if (retryInMs === null)
    await database.query(
      `update mail_outbox set status = 'failed', mail = null, last_error = $2, finished_at = now()
       where id = $1 and status = 'queued'`,
      [id, error],
    );
  else
    await database.query(
      `update mail_outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
       where id = $1 and status = 'queued'`,
      [id, error, retryInMs],
    );
}

/** How long until the next waiting mail is due (0 if one is), or null when none waits. */
export async function nextMailDueInMs(database: Database): Promise<number | null> {
  const [row] = await database.query<{ ms: number | string | null }>(
    `select greatest(0, extract(epoch from (next_attempt_at - now())) * 1000)::float8 as ms
     from mail_outbox where status = 'queued' order by next_attempt_at, id limit 1`,
  );
  return row && row.ms !== null ? Number(row.ms) : null;
}

/** Sent and failed mails older than `olderThanMs` go, a batch at a time; how many went. */
export async function purgeFinishedMails(database: Database, olderThanMs: number, batch: number): Promise<number> {
  const rows = await database.query<{ id: string }>(
    `delete from mail_outbox where id in (
       select id from mail_outbox where status <> 'queued' and finished_at < now() - make_interval(secs => $1::float8 / 1000)
       order by finished_at, id limit $2)
     returning id`,
    [olderThanMs, batch],
  );
  return rows.length;
}
