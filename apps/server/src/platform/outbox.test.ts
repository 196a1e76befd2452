/**
 * The mail outbox: a mail goes when its transaction commits, never when it rolls back; a mail the mail
 * server refuses waits and is tried again, and a recipient's later mails wait behind it; a mail still
 * failing a day after it was written is marked failed and counted (a real SMTP server here).
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import type { Database } from '../db/connection.ts';
import { readTallies } from '../db/tallies.queries.ts';
import { createMailer } from './mailer.ts';
import { createOutbox, retryDelay, MAIL_RETRY, startMailWorker } from './outbox.ts';
import { claimDueMails, markMailAttemptFailed, markMailSent } from './outbox.queries.ts';
import { startQueue, type Queue } from './queue.ts';

const mail = (to: string, subject = 'Your order was paid') => ({
  to,
  subject,
  text: 'Hi',
  link: 'http://localhost/order/1',
});

/** Polls until `check` holds (the worker runs on its own schedule), failing after 10 s. */
async function until<T>(read: () => Promise<T> | T, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const outboxRows = (database: Database, to: string) =>
  database.query<{ status: string; attempts: number; mail: unknown; last_error: string | null }>(
    `select status, attempts, mail, last_error from mail_outbox where recipient = $1 order by id`,
    [to],
  );

describe('the mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends a mail whose transaction commits, once, and keeps only its recipient and subject', async () => {
    await t.deps.database.db.transaction((tx) => t.deps.outbox.mail(tx, mail('Kept@example.com')));
    const sent = await t.mails('Kept@example.com');
    expect(sent).toHaveLength(1);
    expect(await outboxRows(t.deps.database, 'kept@example.com')).toEqual([
      { status: 'sent', attempts: 1, mail: null, last_error: null },
    ]);
  });

  it('never sends a mail whose transaction rolls back', async () => {
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await t.deps.outbox.mail(tx, mail('undone@example.com'));
        throw new Error('the change is refused after the mail was written');
      }),
    ).rejects.toThrow('refused');
    expect(await t.mails('undone@example.com')).toHaveLength(0);
    expect(await outboxRows(t.deps.database, 'undone@example.com')).toEqual([]);
  });

  it('waits 30 s after a first refusal, doubling up to 5 minutes between tries, and gives up after a day', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempts) => retryDelay(MAIL_RETRY, attempts, 60_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    expect(retryDelay(MAIL_RETRY, 40, 24 * 3_600_000)).toBeNull();
  });
});

describe('a mail server that refuses mail', () => {
  let smtp: TestSmtp | undefined;
  let database: Database;
  let drop: () => Promise<void>;
  let queue: Queue | undefined;
  const log = pino({ level: process.env.DEBUG_LOG ?? 'silent' });
  const retry = { firstDelayMs: 300, longestDelayMs: 300, giveUpAfterMs: 24 * 3_600_000, leaseMs: 10_000 };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterEach(async () => {
    await queue?.stop();
    await smtp?.close();
  });
  afterAll(async () => drop());

  const start = async (refuses: (attempt: number) => boolean) => {
    smtp = await startTestSmtp({ refuses });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'GigReel <no-reply@gigreel.local>',
      outboxDir: '/nonexistent',
      log,
    });
    queue = await startQueue(database, log, { pollSeconds: 0.5, recurring: false });
    await startMailWorker(queue, { database, mailer, log }, retry);
    return smtp;
  };
  const write = (to: string, subject: string) =>
    database.db.transaction((tx) => createOutbox().mail(tx, mail(to, subject)));

  it('keeps it, sends it on a later try, and sends the same recipient’s later mail only after it', async () => {
    // The first mail offered is refused, as a busy server does.
    const server = await start((attempt) => attempt === 1);
    await write('seller@example.com', 'First');
    await until(
      () => outboxRows(database, 'seller@example.com'),
      (rows) => rows[0]?.last_error !== null,
    );
    await write('seller@example.com', 'Second');
    await write('other@example.com', 'Another person’s');
    const received = await until(
      () => server.received.map((one) => `${one.to.join()} ${/^Subject: (.*)$/m.exec(one.raw)?.[1]}`),
      (list) => list.length === 3,
    );
    // Another recipient does not wait; the seller's second mail never overtakes the first.
    expect(received.filter((line) => line.startsWith('seller@'))).toEqual([
      'seller@example.com First',
      'seller@example.com Second',
    ]);
    // Recorded as sent just after the mail server took each.
    const rows = await until(
      () => outboxRows(database, 'seller@example.com'),
      (list) => list.every((row) => row.status === 'sent'),
    );
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
    ]);
  });

  it('marks a mail failed once it is still refused a day after it was written, and counts it', async () => {
    await start(() => true);
    const [before] = await readTallies(database, [{ topic: 'mails', subject: 'failed' }]);
    // Written a day ago (and refused since, as every try here is).
    await database.db.transaction(async (tx) => {
      await createOutbox().mail(tx, mail('gone@example.com', 'Old news'));
      await tx.execute(
        sql`update mail_outbox set created_at = now() - interval '1 day 1 minute' where recipient = 'gone@example.com'`,
      );
    });
    await until(
      () => outboxRows(database, 'gone@example.com'),
      (rows) => rows[0]?.status === 'failed',
    );
    const [row] = await outboxRows(database, 'gone@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, mail: null });
    expect(row?.last_error).toMatch(/try again later/i);
    const [after] = await readTallies(database, [{ topic: 'mails', subject: 'failed' }]);
    expect(after!.count - before!.count).toBe(1);
  });
});

describe('a recipient owed many mails', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => drop());

  const due = async (to: string) => {
    const [row] = await database.query<{ n: number | string }>(
      `select count(*) as n from mail_outbox where recipient = $1 and status = 'queued' and next_attempt_at <= now()`,
      [to],
    );
    return Number(row!.n);
  };

  it('has the mails behind the first set aside by one claim, so later claims do not walk them again', async () => {
    for (let k = 1; k <= 40; k++) await createOutbox().mail(database.db, mail('busy@example.com', `Order ${k}`));
    await createOutbox().mail(database.db, mail('quiet@example.com', 'Yours'));
    const { mails, setAside } = await claimDueMails(database, 10, 60_000);
    // Each recipient's first mail is taken; the busy seller's other 39 wait a lease instead of being due.
    expect(mails.map((one) => [one.recipient, one.mail.subject])).toEqual([
      ['busy@example.com', 'Order 1'],
      ['quiet@example.com', 'Yours'],
    ]);
    expect(setAside).toBe(39);
    expect(await due('busy@example.com')).toBe(0);
  });

  it('brings the next mail forward once the one before it is sent, and only that one', async () => {
    const [first] = await database.query<{ id: string | number }>(
      `select id from mail_outbox where recipient = 'busy@example.com' and status = 'queued' order by id limit 1`,
    );
    await markMailSent(database, Number(first!.id));
    expect(await due('busy@example.com')).toBe(1);
    const { mails } = await claimDueMails(database, 10, 60_000);
    expect(mails.map((one) => one.mail.subject)).toEqual(['Order 2']);
  });

  it('brings the next mail forward when the one before it is given up', async () => {
    const [held] = await database.query<{ id: string | number }>(
      `select id from mail_outbox where recipient = 'busy@example.com' and status = 'queued' order by id limit 1`,
    );
    await markMailAttemptFailed(database, Number(held!.id), 'mailbox unavailable', null);
    const { mails } = await claimDueMails(database, 10, 60_000);
    expect(mails.map((one) => one.mail.subject)).toEqual(['Order 3']);
  });
});
