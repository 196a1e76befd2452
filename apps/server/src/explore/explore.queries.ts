/** Explore's reads and the rollup they read (migrations 0008_popular_tags_rollup.sql, 0031_popular_tags_changes.sql). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/rows.ts';

export type PopularTagRow = { name: string; offerCount: number; engagementScore: number };

/** The top tags from the rollup: one index scan, whatever the number of offers. */
export async function selectPopularTags(db: Db, limit: number): Promise<PopularTagRow[]> {
  const rows = await db.execute<PopularTagRow>(sql`
    select name as "name", offer_count as "offerCount", engagement_score as "engagementScore"
    from popular_tags
    order by engagement_score desc, offer_count desc, name asc
    limit ${limit}`);
  return rowsOf(rows);
}

/** Recounts the rollup without blocking its readers (they see the old counts until it is done). */
export async function refreshPopularTagsRollup(db: Db): Promise<void> {
  await db.execute(sql`refresh materialized view concurrently popular_tags`);
}

/**
 * How far the sequence that every change to what the rollup counts moves has gone ("last value:called");
 * the same answer twice means nothing it counts changed in between.
 */
export async function popularTagsChanges(db: Db): Promise<string> {
  const [row] = rowsOf<{ changes: string }>(
    await db.execute(sql`select last_value::text || ':' || is_called::text as "changes" from popular_tags_changes`),
  );
  return row!.changes;
}
