/** Explore: the popular hashtags (SPEC section 4), read from a rollup the job queue keeps fresh. */
import type { PopularTag } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { refreshPopularTagsRollup, selectPopularTags } from './explore.queries.ts';

const POPULAR_TAGS_SHOWN = 50;
/** The background job that recounts them, and how often (about once a minute). */
export const POPULAR_TAGS_JOB = 'explore.popular-tags';
export const POPULAR_TAGS_CRON = '* * * * *';

export async function getPopularTags({ deps }: { deps: AppDeps }): Promise<{ tags: PopularTag[] }> {
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

export async function refreshPopularTags({ deps }: { deps: AppDeps }): Promise<void> {
  await refreshPopularTagsRollup(deps.database.db);
}
