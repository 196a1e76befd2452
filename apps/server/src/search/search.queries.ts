/**
 * The only place search suggestions touch the database (migration 0027): each list is one walk of a
 * btree over names in byte order ("C" collation), the range of names that start with the text,
 * stopping after `limit`: its cost is the same with ten people or a million. Planned for its values
 * (a LIKE prefix becomes an index range only when the planner sees the text).
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { plannedForValues, type Db } from '../db/connection.ts';
import { anyOf } from '../db/any-of.ts';
import { startingWith } from '../db/like.ts';
import { rowsOf } from '../db/rows.ts';
import { users } from '../db/schema.ts';

export type CreatorSuggestionRow = { id: string; displayName: string; profileImage: string | null };

/** Creators (people with an offer, not suspended) whose display name starts with `text`, by users_creator_name_prefix_idx. */
export async function suggestCreators(
  db: Db,
  text: string,
  leaveOut: readonly string[],
  limit: number,
): Promise<CreatorSuggestionRow[]> {
  const name = sql`lower(${users.name}) collate "C"`;
  const conditions: SQL[] = [
    // the partial index's own predicate, so the planner may use it
    sql`${users.hasOffer} and ${users.suspendedUntil} is null`,
    sql`${name} like ${startingWith(text)}`,
  ];
  if (leaveOut.length) conditions.push(sql`not ${anyOf(users.id, [...leaveOut], 'text')}`);
  return plannedForValues(() =>
    db
      .select({ id: users.id, displayName: users.name, profileImage: users.image })
      .from(users)
      .where(and(...conditions))
      .orderBy(name)
      .limit(limit),
  );
}

export type TagSuggestionRow = { name: string; offerCount: number };

/** Tags of offers in the feed that start with `text`, with their offer counts, from the popular tags rollup. */
export async function suggestTags(db: Db, text: string, limit: number): Promise<TagSuggestionRow[]> {
  return plannedForValues(async () =>
    rowsOf<TagSuggestionRow>(
      await db.execute(sql`
        select name as "name", offer_count as "offerCount"
        from popular_tags
        where lower(name) collate "C" like ${startingWith(text)}
        order by lower(name) collate "C"
        limit ${limit}`),
    ),
  );
}
