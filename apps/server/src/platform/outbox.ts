/**
 * The mail outbox: a request that owes someone a mail (an order paid, delivered) writes it as a job on
 * the queue (platform/queue.ts) inside its own transaction, so the mail goes if and only if the change
 * commits, and the request never waits for SMTP. The worker sends it through the mailer, retrying when
 * the mail server fails; a NOTIFY sent in the same transaction wakes the worker on commit, so the mail
 * leaves within moments rather than at the next poll. docs/decisions/0012-mail-outbox.md says why.
 */
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Tx } from '../db/connection.ts';
import { rowsOf } from '../db/rows.ts';
import type { Mail, Mailer } from './mailer.ts';
import type { DataJob } from './queue.ts';

export const MAIL_JOB = 'mail.send';
/** The channel whose NOTIFY, sent on commit with a mail's job, wakes the mail worker at once. */
export const WAKE_CHANNEL = 'gigreel_outbox';

export type Outbox = {
  /** Sends `mail` once `tx` commits (nothing if it rolls back). */
  mail(tx: Tx, mail: Mail): Promise<void>;
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
      // pg-boss's own insert, and in the same statement the NOTIFY that wakes the worker on commit.
      const db = {
        executeSql: (text: string, values?: unknown[]) =>
          executeIn(tx, `with job as (${text}) select id, pg_notify('${WAKE_CHANNEL}', '') from job`, values),
      };
      const id = await boss.send(MAIL_JOB, mail, { db });
      // pg-boss answers null when the queue does not exist: a mail would be lost, so the change is refused.
      if (!id) throw new Error(`the ${MAIL_JOB} queue does not exist; start the background work first`);
    },
    async later(tx, name, data, delayMs) {
      const db = { executeSql: (text: string, values?: unknown[]) => executeIn(tx, text, values) };
      const id = await boss.send(name, data, { db, startAfter: new Date(Date.now() + Math.max(0, delayMs)) });
      if (!id) throw new Error(`the ${name} queue does not exist; start the background work first`);
    },
  };
}

/** The worker's side, started with the background work (and by the API tests' harness). */
export function mailJob(mailer: Mailer): DataJob<Mail> {
  return { name: MAIL_JOB, wakeChannel: WAKE_CHANNEL, handle: (mail) => mailer.send(mail) };
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
