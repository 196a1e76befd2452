/** The product's background work, started by main.ts on the job queue (platform/queue.ts). */
import { foldTallyChanges } from './db/tallies.queries.ts';
import type { AppDeps } from './deps.ts';
import { POPULAR_TAGS_CRON, POPULAR_TAGS_JOB, refreshPopularTags } from './explore/index.ts';
import { orderTimerJob } from './orders/index.ts';
import { MAIL_PURGE_JOB, purgeFinishedMailRows, startMailWorker } from './platform/outbox.ts';
import { pushJob } from './push/index.ts';
import { END_SUSPENSIONS_JOB, endDueSuspensions } from './reports/index.ts';
import { startQueue, type Queue } from './platform/queue.ts';
import { foldOfferStats } from './stats/index.ts';
import { removeUnclaimedFiles, UNCLAIMED_FILES_JOB } from './platform/unclaimed-files.ts';

const FOLD_TALLIES_JOB = 'tallies.fold';
const FOLD_OFFER_STATS_JOB = 'stats.fold';

export async function startBackgroundWork(deps: AppDeps): Promise<Queue> {
  const queue = await startQueue(deps.database, deps.log, { onFailure: (job) => deps.metrics.jobFailed(job) });
  // Mail written by requests inside their transactions (platform/outbox.ts), and its record kept 30 days.
  await startMailWorker(queue, deps);
  await queue.every(MAIL_PURGE_JOB, '17 * * * *', () => purgeFinishedMailRows(deps.database));
  // Web Push to people's devices, queued by notifications inside their transactions (push/push.sender.ts).
  await queue.handle(pushJob(deps));
  // The order timers: a delivery completing by itself, its reminder, an unpaid order expiring.
  await queue.handle(orderTimerJob(deps));
  // Explore's rollup, recounted when what it counts has changed.
  await queue.every(POPULAR_TAGS_JOB, POPULAR_TAGS_CRON, async () => {
    await refreshPopularTags({ deps });
  });
  // The counts' appended changes, summed up so that reading a count stays a few rows.
  await queue.every(FOLD_TALLIES_JOB, '* * * * *', () => foldTallyChanges(deps.database));
  // The same for the offers' daily analytics (views, clicks, engagement, orders per day).
  await queue.every(FOLD_OFFER_STATS_JOB, '* * * * *', () => foldOfferStats(deps.database));
  // Stored files no row claimed (a save that failed while storage was down, a refused removal).
  await queue.every(UNCLAIMED_FILES_JOB, '*/5 * * * *', async () => {
    await removeUnclaimedFiles(deps);
  });
  // Suspensions whose time has come are lifted (the person can sign in, their offer is back).
  await queue.every(END_SUSPENSIONS_JOB, '* * * * *', async () => {
    await endDueSuspensions(deps);
  });
  // Fresh from the start (after a restart, or the demo data just seeded), not a minute later.
  await queue.runSoon(POPULAR_TAGS_JOB);
  return queue;
}
