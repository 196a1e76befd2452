/**
 * The faults section: how long GigReel takes to recover when what it talks to fails, measured on the
 * real pieces (apps/server/test/faults.ts): the mail server down while mails are written, and PostgreSQL
 * restarted under a load of reads and writes on a throw-away cluster (where Debian's cluster tools are
 * installed). S3 stopped during uploads is measured by its fault test (platform/storage.faults.test.ts).
 */
import { hasClusterTools, postgresRestart, smtpOutage } from '../apps/server/test/faults.ts';
import { cleanUpProcesses } from '../apps/server/test/process.ts';
import { atMost, type BenchSection, type Figure } from './report.ts';

export const section: BenchSection = async ({ smoke, log }) => {
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    log('mail server down while mails are written');
    const mail = await smtpOutage(smoke ? { mails: 8, recipients: 2 } : { mails: 60, recipients: 6 });
    figures.push(
      atMost('Every mail delivered after SMTP is back', mail.deliveredAllWithinMs, 'ms', 5000, '< 5 s'),
      atMost(
        'Mails lost, sent twice or out of order',
        mail.mails - mail.delivered + mail.duplicates + mail.outOfOrder,
        'mails',
        0,
        '0',
      ),
    );
    notes.push(
      `SMTP down ${mail.outageMs} ms while ${mail.mails} mails to ${mail.recipients} people were written (retry delays shortened to 0.2-1 s; the product's are 30 s doubling to 5 minutes).`,
    );
    if (await hasClusterTools()) {
      log('PostgreSQL restarted under load');
      const pg = await postgresRestart(smoke ? { clients: 3, seconds: 5 } : { clients: 6, seconds: 20 });
      figures.push(
        atMost('Normal answers after PostgreSQL is back', pg.recoveredWithinMs, 'ms', 5000, '< 5 s'),
        { name: 'PostgreSQL restart (fast shutdown and start)', value: pg.restartMs, unit: 'ms' },
        atMost('Acknowledged writes lost', pg.lostWrites, 'writes', 0, '0'),
        atMost('Requests with no answer within 10 s', pg.hung, 'requests', 0, '0'),
      );
      notes.push(
        `PostgreSQL restart: ${pg.requests} requests (${Object.entries(pg.byKind)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(
            ', ',
          )}), ${pg.acknowledgedWrites} writes acknowledged; the live stream was told to read again: ${pg.liveStreamResynced}.`,
      );
    } else notes.push('pg_createcluster is not installed: the PostgreSQL restart was not measured.');
  } finally {
    await cleanUpProcesses();
  }
  return { title: 'Faults', figures, notes };
};
