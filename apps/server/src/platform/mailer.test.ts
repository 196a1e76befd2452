/** Mail: the local outbox by default, SMTP when SMTP_URL is set (a real SMTP server receives it here). */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createMailer, mailHtml } from './mailer.ts';

let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('the local outbox', () => {
  it('writes one .eml per mail with recipient, subject and link, and logs the link', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gigreel-outbox-'));
    const logged: Array<{ obj: object; msg: string }> = [];
    const mailer = createMailer({
      from: 'GigReel <no-reply@gigreel.local>',
      outboxDir: path.join(dir, 'mail'),
      log: { info: (obj, msg) => logged.push({ obj, msg }) },
    });
    try {
      const link = 'http://localhost:3000/password-reset?token=abc123';
      await mailer.send({
        to: 'ann@example.com',
        subject: 'Reset your GigReel password',
        text: `Open ${link}`,
        html: mailHtml(['Hi <Ann>'], { label: 'Go', url: link }),
        link,
      });
      await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'two' });
      const files = (await readdir(path.join(dir, 'mail'))).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toMatch(/ann@example\.com\.eml$/);
      const raw = unfold(await readFile(path.join(dir, 'mail', files[0]!), 'utf8'));
      expect(raw).toMatch(/^To: ann@example\.com$/m);
      expect(raw).toMatch(/^From: GigReel <no-reply@gigreel\.local>$/m);
      expect(raw).toMatch(/^Subject: Reset your GigReel password$/m);
      expect(raw).toContain(link);
      expect(raw).toContain('Hi &lt;Ann&gt;'); // names are escaped in the HTML part
      expect(logged[0]?.obj).toMatchObject({ to: 'ann@example.com', link });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps odd recipient addresses out of the file name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gigreel-outbox-'));
    const mailer = createMailer({ from: 'a@b.co', outboxDir: dir, log: { info: () => {} } });
    try {
      await mailer.send({ to: '../../etc/x@example.com', subject: 's', text: 't' });
      const [file] = await readdir(dir);
      expect(file).not.toContain('/');
      expect(file).toMatch(/\.eml$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('SMTP_URL', () => {
  it('sends over SMTP instead of writing the outbox', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gigreel-outbox-'));
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'GigReel <no-reply@gigreel.local>',
      outboxDir: dir,
      log: { info: () => {} },
    });
    try {
      await mailer.send({
        to: 'cara@example.com',
        subject: 'Hello over SMTP',
        text: 'Body with http://localhost:3000/x',
      });
      const mail = smtp.received.find((item) => item.to.includes('cara@example.com'));
      expect(mail?.from).toBe('no-reply@gigreel.local');
      expect(mail?.raw).toMatch(/^Subject: Hello over SMTP$/m);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the app sends the verification mail over SMTP when SMTP_URL is set', async () => {
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'GigReel <hello@gigreel.example>' });
    try {
      const response = await t
        .client()
        .post('/api/auth/sign-up/email', { displayName: 'Smtp Sue', email: 'sue@example.com', password: 'Abcdefg1' });
      expect(response.statusCode).toBe(201);
      // The mail leaves through the outbox after the sign-up answered: wait until it is sent, over SMTP
      // and not to the local folder.
      expect(await t.mails()).toEqual([]);
      const mail = smtp.received.find((item) => item.to.includes('sue@example.com'));
      expect(mail?.from).toBe('hello@gigreel.example');
      expect(mail?.raw).toMatch(/^Subject: Verify your GigReel account$/m);
      expect(unfold(mail!.raw)).toContain('http://localhost:3000/api/auth/verify-email?token=');
    } finally {
      await t.close();
    }
  });

  it('a mail server that is down does not fail the sign-up', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await t
        .client()
        .post('/api/auth/sign-up/email', { displayName: 'Down Dan', email: 'dan@example.com', password: 'Abcdefg1' });
      expect(response.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
