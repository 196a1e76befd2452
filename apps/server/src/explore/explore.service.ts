/** Explore: the popular hashtags (SPEC section 4), read from a rollup the job queue keeps fresh. */
import type { PopularTag } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/connection.ts';
import { createFlights, type Flights } from '../platform/flights.ts';
import { popularTagsChanges, refreshPopularTagsRollup, selectPopularTags } from './explore.queries.ts';

const POPULAR_TAGS_SHOWN = 50;
/** The background job that looks each minute whether they changed, and recounts them if so (decision 0021). */
export const POPULAR_TAGS_JOB = 'explore.popular-tags';
export const POPULAR_TAGS_CRON = '* * * * *';

/**
 * How long each process keeps the answer (JSON, ready to send). The rollup changes at most once a
 * minute and shared caches may keep the answer that long; a recount made in this process drops it at
 * once, one made in another shows within this. Read from the rollup on every request, the answer cost
 * the server four times what the kept feed page does (0.54 ms of CPU against 0.13 at 1M).
 */
export const POPULAR_TAGS_KEPT_MS = 5_000;
const keptAnswers = new WeakMap<Database, Flights<string>>();

/** The popular hashtags as the JSON the route sends, computed once for all who ask meanwhile. */
export function popularTagsJson({ deps }: { deps: AppDeps }): Promise<string> {
  let kept = keptAnswers.get(deps.database);
  if (!kept) {
    kept = createFlights<string>({ keepMs: POPULAR_TAGS_KEPT_MS, maxKept: 1, now: () => deps.clock.now().getTime() });
    keptAnswers.set(deps.database, kept);
  }
  return kept('tags', async () => JSON.stringify(await readPopularTags(deps)));
}

async function readPopularTags(deps: AppDeps): Promise<{ tags: PopularTag[] }> {
  const rows = await selectPopularTags(deps.database.db, POPULAR_TAGS_SHOWN);
  return {
    tags: rows.map((row, index) => ({
      rank: index + 1,
      name: row.name,
      offerCount: row.offerCount,
      engagementScore: row.engagementScore,
    })),
  };
}

/** A recount whose counts nothing has changed since is done again after this long all the same. */
export const POPULAR_TAGS_RECOUNT_AT_LEAST_EVERY_MS = 10 * 60_000;
const lastRecount = new WeakMap<Database, { changes: string; at: number }>();

/**
 * Recounts the rollup when anything it counts changed since this process last recounted it, or ten
 * minutes passed; says whether it did. A change made while a recount runs moves the sequence after it
 * was read, so the next run recounts again. Only a statement that ran before the read but committed
 * after the recount began can go uncounted, until the next change or the ten minutes.
 */
export async function refreshPopularTags({ deps }: { deps: AppDeps }): Promise<boolean> {
  const { database, clock } = deps;
  const changes = await popularTagsChanges(database.db);
  const now = clock.now().getTime();
  const last = lastRecount.get(database);
  if (last && last.changes === changes && now - last.at < POPULAR_TAGS_RECOUNT_AT_LEAST_EVERY_MS) return false;
  await refreshPopularTagsRollup(database.db);
  lastRecount.set(database, { changes, at: now });
  keptAnswers.get(database)?.forget();
  return true;
}
