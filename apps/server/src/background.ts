/** The product's background work, started by main.ts on the job queue (platform/queue.ts). */
import type { AppDeps } from './deps.ts';
import { POPULAR_TAGS_CRON, POPULAR_TAGS_JOB, refreshPopularTags } from './explore/explore.service.ts';
import { startQueue, type Queue } from './platform/queue.ts';

export async function startBackgroundWork(deps: AppDeps): Promise<Queue> {
  const queue = await startQueue(deps.database, deps.log);
  await queue.every(POPULAR_TAGS_JOB, POPULAR_TAGS_CRON, () => refreshPopularTags({ deps }));
  // Fresh from the start (after a restart, or the demo data just seeded), not a minute later.
  await queue.runSoon(POPULAR_TAGS_JOB);
  return queue;
}
