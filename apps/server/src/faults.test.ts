/**
 * Fault tests on the real pieces of this machine (slow tier): the mail server stopped and started again
 * while mails are written; PostgreSQL restarted during a load of reads and writes on a throw-away cluster
 * of its own. Each prints what it saw. (S3 stopped during uploads: platform/storage.faults.test.ts.)
 * Neither uses the run's engine (the mail test is on the embedded database, the restart on its own
 * cluster), so they run in the PGlite run only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { inPostgresRun } from '../test/databases.ts';
import { hasClusterTools, postgresRestart, smtpOutage } from '../test/faults.ts';
import { cleanUpProcesses } from '../test/process.ts';

afterAll(cleanUpProcesses);

const clusterTools = await hasClusterTools();
if (!clusterTools)
  console.log('[faults] pg_createcluster and pg_ctlcluster are not on this machine: the PostgreSQL restart is skipped');

describe.skipIf(inPostgresRun)('faults (the same on either engine: run on PGlite only)', () => {
  it('delivers every mail written while the mail server was down once it is back, once each, in order per recipient', async () => {
    const report = await smtpOutage({ mails: 24, recipients: 4 });
    console.log(
      `[faults] SMTP down ${report.outageMs} ms while ${report.mails} mails to ${report.recipients} people were written: ` +
        `${report.delivered} delivered within ${report.deliveredAllWithinMs} ms of it coming back, ` +
        `${report.duplicates} twice, ${report.outOfOrder} out of order`,
    );
    expect(report).toMatchObject({ delivered: 24, duplicates: 0, outOfOrder: 0 });
  }, 120_000);

  it.skipIf(!clusterTools)(
    'rides out a PostgreSQL restart under load: clean 503s, nothing acknowledged lost, nothing hanging, normal within 5 s',
    async () => {
      const report = await postgresRestart({ clients: 6, seconds: 9 });
      console.log(
        `[faults] PostgreSQL restarted (${report.restartMs} ms) during ${report.requests} requests: ${JSON.stringify(report.byKind)} by kind; ` +
          `${report.acknowledgedWrites} writes acknowledged, ${report.lostWrites} lost, ${report.hung} hung; ` +
          `every request answered normally ${report.recoveredWithinMs} ms after it was back` +
          (report.lastFailure
            ? ` (the last to fail: ${report.lastFailure.request}, sent ${report.lastFailure.sentMs} ms from then, answered ${report.lastFailure.answer}); `
            : '; ') +
          `live stream told to read again: ${report.liveStreamResynced}, heard the next message: ${report.liveMessageAfter}`,
      );
      expect(Object.keys(report.byKind).filter((kind) => !['200', '201', '503'].includes(kind))).toEqual([]);
      expect(report.lostWrites).toBe(0);
      expect(report.hung).toBe(0);
      expect(report.recoveredWithinMs).toBeLessThanOrEqual(5000);
      expect(report.liveStreamResynced).toBe(true);
      expect(report.liveMessageAfter).toBe(true);
    },
    300_000,
  );
});
