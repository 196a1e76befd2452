/**
 * Mail through nodemailer: SMTP when SMTP_URL is set; otherwise each mail is written as one .eml file
 * under DATA_DIR/mail and its link printed in the log, so a local user can verify and reset without a
 * mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the link a person must follow, logged locally */ link?: string;
  /** extra headers, e.g. List-Unsubscribe on mails a person can turn off */ headers?: Record<string, string>;
};
export type Mailer = { send(mail: Mail): Promise<void> };
type Log = { info(obj: object, msg: string): void };

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: Log;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded waits (nodemailer's own allow minutes): a try ends well inside the mail worker's lease.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, link: mail.link, file },
        'mail written to the local outbox',
      );
    },
  };
}

export function mailHtml(paragraphs: string[], action?: { label: string; url: string }): string {
  const escape = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escape(action.url)}" style="background:#e11d48;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(action.label)}</a></p><p style="color:#666;font-size:12px">${escape(action.url)}</p>`
    : '';
  return `<div style="font-family:system-ui,sans-serif;max-width:480px">${body}${button}</div>`;
}
