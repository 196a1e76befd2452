/**
 * The mail outbox: a mail goes when its transaction commits, never when it rolls back, and a mail the
 * mail server refuses waits on the queue for another try (a real SMTP server here).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import type { Database } from '../db/connection.ts';
import { createMailer } from './mailer.ts';
import { createOutbox, MAIL_JOB, mailJob, WAKE_CHANNEL } from './outbox.ts';
import { startQueue } from './queue.ts';

const mail = (to: string) => ({ to, subject: 'Your order was paid', text: 'Hi', link: 'http://localhost/order/1' });

/** Polls the database until `check` holds (the worker runs on its own schedule), failing after 10 s. */
async function until(database: Database, text: string, params: unknown[], check: (n: number) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await database.query<{ n: number }>(text, params);
    if (check(row?.n ?? 0)) return;
    if (Date.now() > deadline) throw new Error(`still not there: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends a mail whose transaction commits, once', async () => {
    await t.deps.database.db.transaction((tx) => t.deps.outbox.mail(tx, mail('kept@example.com')));
    const sent = await t.mails('kept@example.com');
    expect(sent).toHaveLength(1);
  });

  it('never sends a mail whose transaction rolls back', async () => {
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await t.deps.outbox.mail(tx, mail('undone@example.com'));
        throw new Error('the change is refused after the mail was written');
      }),
    ).rejects.toThrow('refused');
    expect(await t.mails('undone@example.com')).toHaveLength(0);
    const [row] = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and data->>'to' = $2`,
      [MAIL_JOB, 'undone@example.com'],
    );
    expect(row?.n).toBe(0);
  });
});

describe('a mail server that refuses a mail', () => {
  let smtp: TestSmtp;
  const delivered = () => smtp.received.flatMap((mail) => mail.to);
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    // Refuses the first mail offered, as a busy server does.
    smtp = await startTestSmtp({ refuses: (attempt) => attempt === 1 });
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await drop();
    await smtp.close();
  });

  it('keeps it on the queue and sends it on a later try', async () => {
    const log = pino({ level: 'silent' });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'GigReel <no-reply@gigreel.local>',
      outboxDir: '/nonexistent',
      log,
    });
    const queue = await startQueue(database, log, { pollSeconds: 0.5, recurring: false });
    try {
      await queue.handle(mailJob(mailer));
      await database.db.transaction((tx) => createOutbox().mail(tx, mail('seller@example.com')));
      const job = `select count(*)::int as n from pgboss.job where name = '${MAIL_JOB}' and state = $1`;
      await until(database, job, ['retry'], (n) => n === 1);
      expect(delivered()).toEqual([]);
      // The retry is due (instead of waiting its 30 s): the worker, woken, tries again.
      await database.query(`update pgboss.job set start_after = now() where name = $1 and state = 'retry'`, [MAIL_JOB]);
      await database.notify(WAKE_CHANNEL, '');
      await until(database, job, ['completed'], (n) => n === 1);
      expect(delivered()).toEqual(['seller@example.com']);
    } finally {
      await queue.stop();
    }
  });
});
