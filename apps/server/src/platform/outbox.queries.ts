/** The mail outbox's rows (migration 0025): written in an event's transaction, claimed and settled by the mail worker. */
import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/connection.ts';
import { preparedSql } from '../db/prepared.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mail } from './mailer.ts';

/** The mail, and in the same statement the NOTIFY that wakes the worker once `tx` commits. */
export async function insertMail(tx: Db | Tx, mail: Mail, wakeChannel: string): Promise<void> {
  await queueMail(tx, {
    recipient: mail.to.trim().toLowerCase(),
    subject: mail.subject,
    mail: JSON.stringify(mail),
    wakeChannel,
  });
}

const queueMail = preparedSql(
  'queue_mail',
  sql`with queued as (
      insert into ${mailOutbox} (recipient, subject, mail)
      values (${sql.placeholder('recipient')}, ${sql.placeholder('subject')}, ${sql.placeholder('mail')}::jsonb) returning id
    ) select pg_notify(${sql.placeholder('wakeChannel')}, '') from queued`,
);

export type ClaimedMail = { id: number; recipient: string; mail: Mail; attempts: number; createdAt: Date };

/** Due mails one claim looks at, at most: its cost stays the same whatever the backlog. */
const CLAIM_WINDOW = 200;

/**
 * Takes up to `limit` due mails, each the oldest waiting one of its recipient, and holds them for
 * `leaseMs` (their next attempt moves that far ahead): another worker passes them by, and a worker that
 * dies mid-send leaves them to be tried again once the lease is over. A recipient's later mails wait
 * behind the one held, so their order is kept.
 *
 * It looks at the first CLAIM_WINDOW due mails only. Those it finds behind an earlier mail of their
 * recipient it sets aside for a lease, so the next claim does not walk them again: a seller owed 4,000
 * mails made every claim walk all 4,000 (73 ms, a core kept busy while the backlog drained). The
 * earlier mail, once sent or given up, brings the next one forward (finishMail); should that race
 * with setting it aside, it waits a lease at most. `setAside` > 0 means more may be due beyond the window.
 */
export async function claimDueMails(
  database: Database,
  limit: number,
  leaseMs: number,
): Promise<{ mails: ClaimedMail[]; setAside: number }> {
  type Row = { id: string | number; recipient: string; mail: Mail | string; attempts: number; created_at: string };
  const [row] = await database.query<{ mails: Row[] | string; set_aside: number | string }>(
    `with walked as (
       select o.id, o.next_attempt_at,
         exists (select 1 from mail_outbox p where p.status = 'queued' and p.recipient = o.recipient and p.id < o.id) as behind
       from mail_outbox o
       where o.status = 'queued' and o.next_attempt_at <= now()
       order by o.next_attempt_at, o.id
       limit $3
       for update of o skip locked
     ), set_aside as (
       update mail_outbox m set next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       where m.id = any(array(select w.id from walked w where w.behind))
       returning m.id
     ), claimed as (
       update mail_outbox m set attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       where m.id = any(array(select w.id from walked w where not w.behind order by w.next_attempt_at, w.id limit $1))
       returning m.id, m.recipient, m.mail, m.attempts, m.created_at
     )
     select coalesce((select json_agg(c order by c.id) from claimed c), '[]'::json) as mails,
       (select count(*) from set_aside) as set_aside`,
    [limit, leaseMs, CLAIM_WINDOW],
  );
  const mails = typeof row!.mails === 'string' ? (JSON.parse(row!.mails) as Row[]) : row!.mails;
  return {
    mails: mails.map((mail) => ({
      id: Number(mail.id),
      recipient: mail.recipient,
      mail: (typeof mail.mail === 'string' ? JSON.parse(mail.mail) : mail.mail) as Mail,
      attempts: mail.attempts,
      createdAt: new Date(mail.created_at),
    })),
    setAside: Number(row!.set_aside),
  };
}

/**
 * Settles mail `id` with `settle` (an assignment list) and brings its recipient's next mail forward: it was
 * set aside behind this one (claimDueMails). Never a mail already tried, whose wait is a retry's.
 */
async function finishMail(database: Database, id: number, settle: string, values: unknown[]): Promise<void> {
  await database.query(
    `with finished as (
       update mail_outbox set ${settle}, mail = null, finished_at = now()
       where id = $1 and status = 'queued' returning recipient
     )
     update mail_outbox n set next_attempt_at = now()
     where n.id = (select p.id from mail_outbox p join finished f on p.recipient = f.recipient
                   where p.status = 'queued' and p.id > $1 order by p.id limit 1)
       and n.attempts = 0 and n.next_attempt_at > now()`,
    [id, ...values],
  );
}

/** Sent: the text goes (its links may sign someone in); recipient and subject stay for the record. */
export async function markMailSent(database: Database, id: number): Promise<void> {
  await finishMail(database, id, `status = 'sent', last_error = null`, []);
}

/** A failed try: tried again after `retryInMs`, or, given up (`retryInMs` null), marked failed. */
export async function markMailAttemptFailed(
  database: Database,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  if (retryInMs === null) await finishMail(database, id, `status = 'failed', last_error = $2`, [error]);
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
