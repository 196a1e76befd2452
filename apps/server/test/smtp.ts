/** A real SMTP server (smtp-server) on a free local port, for the tests that send mail through nodemailer. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtp = {
  /** SMTP_URL for the mailer. */
  url: string;
  /** Every mail accepted, in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
};

/**
 * Starts the server. `refuses(attempt)` (1 for the first mail offered) answers that attempt with a
 * temporary failure (451), as a busy mail server does; the mail is then not received.
 */
export async function startTestSmtp(
  options: { refuses?: (attempt: number) => boolean; port?: number } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // A reverse DNS look-up of 127.0.0.1 per connection costs seconds on a machine without a resolver.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        if (options.refuses?.(attempts))
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
