/**
 * The mail outbox: a request that owes someone a mail (an account to verify, an order paid, a report
 * handled) writes it as a row of `mail_outbox` inside its own transaction, so the mail goes if and only if
 * the change commits, and the request never waits for SMTP. The queue's mail worker sends what is due
 * in created order per recipient: a recipient's next mail waits until the one before it was sent or given
 * up. A refused mail is tried again after a growing delay (30 s, doubling, at most 5 minutes apart) until
 * it is a day old, then marked failed, which the admins' diagnostics show. A NOTIFY sent in the same
 * transaction wakes the worker on commit, so a mail leaves within moments rather than at the next poll.
 * docs/decisions/0012-mail-outbox.md says why.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/connection.ts';
import { rowsOf } from '../db/rows.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Mail, Mailer } from './mailer.ts';
import type { Queue } from './queue.ts';
import {
  claimDueMails,
  markMailAttemptFailed,
  markMailSent,
  nextMailDueInMs,
  purgeFinishedMails,
  insertMail,
  type ClaimedMail,
} from './outbox.queries.ts';

const MAIL_JOB = 'mail.send';
/** The channel whose NOTIFY, sent on commit with a mail, wakes the mail worker at once. */
export const WAKE_CHANNEL = 'gigreel_outbox';
export const MAIL_PURGE_JOB = 'mail.purge';

export type Outbox = {
  /** Sends `mail` once `tx` commits (nothing if it rolls back); a plain database handle writes it at once. */
  mail(tx: Db | Tx, mail: Mail): Promise<void>;
  /**
   * Runs the job `name` with `data` `delayMs` from now, if `tx` commits: a durable timer on the queue
   * (the order timers). Counted on the system clock, not the app's (a test's manual clock stands still).
   */
  later(tx: Tx, name: string, data: object, delayMs: number): Promise<void>;
};

export function createOutbox(): Outbox {
  // Only builds and sends pg-boss's own insert, through whichever transaction is given; never started.
  const boss = new PgBoss({
    db: { executeSql: () => Promise.reject(new Error('the outbox sends within a transaction')) },
  });
  return {
    async mail(tx, mail) {
      await insertMail(tx, mail, WAKE_CHANNEL);
    },
    async later(tx, name, data, delayMs) {
      const db = { executeSql: (text: string, values?: unknown[]) => executeIn(tx, text, values) };
      const id = await boss.send(name, data, { db, startAfter: new Date(Date.now() + Math.max(0, delayMs)) });
      if (!id) throw new Error(`the ${name} queue does not exist; start the background work first`);
    },
  };
}

/** When a refused mail is tried again, and when it is given up. */
export type MailRetry = {
  firstDelayMs: number;
  longestDelayMs: number;
  /** A mail still failing this long after it was written is marked failed. */
  giveUpAfterMs: number;
  /** How long a try holds its mail before another worker may take it (longer than any send can take). */
  leaseMs: number;
};
export const MAIL_RETRY: MailRetry = {
  firstDelayMs: 30_000,
  longestDelayMs: 5 * 60_000,
  giveUpAfterMs: 24 * 3_600_000,
  leaseMs: 2 * 60_000,
};
/** A run of the worker stops taking mails after this, well inside the queue's 120 s expiry of a running job. */
const RUN_MS = 60_000;
/** Mails taken at a time, each to a different recipient. */
const BATCH = 10;
/** Sent and failed mails are kept this long (recipient, subject, outcome), then purged. */
const KEEP_FINISHED_MS = 30 * 24 * 3_600_000;

type MailCounter = { sent(): void; failed(): void; retried(): void };

type SenderDeps = {
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  metrics?: { mail: MailCounter };
};

/** The delay before try number `attempts + 1`, or null once the mail is given up. */
export function retryDelay(retry: MailRetry, attempts: number, ageMs: number): number | null {
  if (ageMs >= retry.giveUpAfterMs) return null;
  return Math.min(retry.firstDelayMs * 2 ** Math.max(0, attempts - 1), retry.longestDelayMs);
}

/** A mail server that cannot be reached at all fails every mail alike: the rest of the batch waits for the next try. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL'].includes(code)
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * One run of the mail worker: sends every due mail, oldest first per recipient, until none is due,
 * RUN_MS has passed or the queue stops. The first mail of each batch goes alone; if the mail server
 * cannot be reached, the batch's others count the same failed try without hammering it. Answers how
 * long until the next mail is due (null when none waits), so the worker is asked again then.
 */
async function sendDueMails(
  deps: SenderDeps,
  retry: MailRetry,
  stopping: AbortSignal,
): Promise<{ againInMs: number | null }> {
  const until = Date.now() + RUN_MS;
  const settle = async (claimed: ClaimedMail, error: unknown) => {
    const delay = retryDelay(retry, claimed.attempts, Date.now() - claimed.createdAt.getTime());
    deps.log.warn(
      { err: error, mailId: claimed.id, attempts: claimed.attempts, givenUp: delay === null },
      delay === null ? 'mail given up after failing for a day' : 'mail refused; it will be tried again',
    );
    await markMailAttemptFailed(deps.database, claimed.id, errorText(error), delay);
    if (delay === null) deps.metrics?.mail.failed();
    else deps.metrics?.mail.retried();
  };
  const send = async (claimed: ClaimedMail) => {
    await deps.mailer.send(claimed.mail);
    await markMailSent(deps.database, claimed.id);
    deps.metrics?.mail.sent();
  };
  while (Date.now() < until && !stopping.aborted) {
    const { mails: batch, setAside } = await claimDueMails(deps.database, BATCH, retry.leaseMs);
    if (batch.length === 0) {
      if (setAside > 0) continue; // a window of mails behind others: more may be due past it
      break;
    }
    const [first, ...rest] = batch as [ClaimedMail, ...ClaimedMail[]];
    try {
      await send(first);
    } catch (error) {
      await settle(first, error);
      if (unreachable(error)) {
        for (const claimed of rest) await settle(claimed, error);
        break;
      }
    }
    await Promise.all(rest.map((claimed) => send(claimed).catch((error: unknown) => settle(claimed, error))));
  }
  return { againInMs: await nextMailDueInMs(deps.database) };
}

/** Sent and failed mails past their 30 days go (recipient and subject were all they kept). */
export async function purgeFinishedMailRows(database: Database): Promise<void> {
  while ((await purgeFinishedMails(database, KEEP_FINISHED_MS, 5000)) === 5000);
}

/** pg-boss's numbered-parameter SQL run as a drizzle statement of the transaction. */
async function executeIn(tx: Tx, text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
  const statement: SQL = sql.empty();
  text.split(/\$(\d+)/).forEach((part, index) => {
    if (index % 2 === 0) statement.append(sql.raw(part));
    else {
      const value = values[Number(part) - 1] ?? null;
      statement.append(sql`${value !== null && typeof value === 'object' ? JSON.stringify(value) : value}`);
    }
  });
  return { rows: [...rowsOf(await tx.execute(statement))] };
}

/** The mail worker on the queue: every minute, and at once when a mail is committed (its NOTIFY). */
export async function startMailWorker(queue: Queue, deps: SenderDeps, retry: MailRetry = MAIL_RETRY): Promise<void> {
  await queue.every(MAIL_JOB, '* * * * *', (stopping) => sendDueMails(deps, retry, stopping), {
    wakeChannel: WAKE_CHANNEL,
  });
}
