/** The only place blocks touch the database: a pair of people, looked up by either side's index. */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { ENGAGEMENT_WEIGHTS } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { preparedSql } from '../db/prepared.ts';
import { pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { establishedSql, moveRankedSql } from '../db/ranked.ts';
import { rowsOf } from '../db/rows.ts';
import { blocks, follows, offers, users } from '../db/schema.ts';

type Conn = Db | Tx;

/** Whether the block is new. */
export async function insertBlock(db: Conn, blockerId: string, blockedId: string, at: Date): Promise<boolean> {
  const added = await db
    .insert(blocks)
    .values({ blockerId, blockedId, createdAt: at })
    .onConflictDoNothing()
    .returning({ at: blocks.createdAt });
  return added.length > 0;
}

/** A block ends a follow either way (issue 18). */
export async function deleteFollowsBetween(tx: Tx, a: string, b: string): Promise<void> {
  await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
}

/** Whether there was a block to remove. */
export async function deleteBlock(db: Conn, blockerId: string, blockedId: string): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ at: blocks.createdAt });
  return removed.length > 0;
}

/**
 * Locks the blocker's offer (a person has one at most) for the change of what its rank counts, as an
 * engagement change does, before the block moves: a boost waiting on the lock then sees the block,
 * and the statements after the lock see every boost made before it. Null when they have no offer.
 */
export async function lockOfferOf(tx: Tx, ownerId: string): Promise<string | null> {
  const [row] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.userId, ownerId)).for('update');
  return row?.id ?? null;
}

const weight = (kind: keyof typeof ENGAGEMENT_WEIGHTS) => sql.raw(String(ENGAGEMENT_WEIGHTS[kind]));

/**
 * Whether the rank counts a person's engagement with one offer stops (a block) or starts again (an
 * unblock, if they are established now): their boost, favourite and reaction rows, and one share,
 * change their marks, and what changed moves ranked_engagement and the rank score, in one statement.
 * A share counts again only if none of theirs does: their first one.
 */
export async function markEngagementCounted(
  tx: Tx,
  change: { offerId: string; personId: string; counted: boolean; now: Date },
): Promise<void> {
  const { offerId, personId } = change;
  const viewerKey = `u:${personId}`;
  const may = change.counted ? establishedSql(sql`${personId}`, change.now) : sql`true`;
  const from = sql.raw(change.counted ? 'not counted' : 'counted');
  const to = sql.raw(change.counted ? 'true' : 'false');
  const share = change.counted
    ? sql`(offer_id, day, viewer_key) = (select s.offer_id, s.day, s.viewer_key from offer_shares s where s.offer_id = ${offerId} and s.viewer_key = ${viewerKey} order by s.day limit 1)
        and not exists (select 1 from offer_shares s where s.offer_id = ${offerId} and s.viewer_key = ${viewerKey} and s.counted)`
    : sql`offer_id = ${offerId} and viewer_key = ${viewerKey} and counted`;
  const sign = change.counted ? '' : '-';
  await tx.execute(sql`
    with b as (update boosts set counted = ${to} where user_id = ${personId} and offer_id = ${offerId} and ${from} and ${may} returning ${weight('boost')} as weight),
      f as (update favorites set counted = ${to} where user_id = ${personId} and offer_id = ${offerId} and ${from} and ${may} returning ${weight('favorite')} as weight),
      r as (update reactions set counted = ${to} where user_id = ${personId} and offer_id = ${offerId} and ${from} and ${may} returning ${weight('reaction')} as weight),
      sh as (update offer_shares set counted = ${to} where ${share} and ${may} returning ${weight('share')} as weight),
      moved as (
        select coalesce(sum(weight), 0)::int as weight
        from (select weight from b union all select weight from f union all select weight from r union all select weight from sh) w
      )
    update offers set ${sql.raw(moveRankedSql({ ranked_engagement: `${sign}moved.weight` }))}
    from moved where offers.id = ${offerId} and moved.weight <> 0`);
}

export async function hasBlocked(db: Conn, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether either of the two blocked the other (two primary-key probes). */
export async function blockedEitherWay(db: Conn, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return rows.length > 0;
}

/** Everyone the person blocked or was blocked by, at most `max` (the offers hidden from their feed). */
export async function blockRelationsOf(db: Conn, userId: string, max: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`(select blocked_id as id from blocks where blocker_id = ${userId} limit ${max})
        union (select blocker_id as id from blocks where blocked_id = ${userId} limit ${max})`,
  );
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

/** Whether the person blocked anyone or was blocked by anyone: an index probe each way. */
export async function hasBlockRelations(db: Conn, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(
      sql`select exists (select 1 from blocks where blocker_id = ${userId}) or exists (select 1 from blocks where blocked_id = ${userId}) as any`,
    ),
  );
  return !!row?.any;
}

/**
 * Which of `ids` the person blocked or was blocked by: an index probe each way per id (the primary key,
 * blocks_blocked_idx), so a page of the feed costs the same for someone with thousands of blocks as for
 * someone with none. Each id is looked up by both of its keys, so the one plan prepared for every
 * person is right for each. A lateral union with a limit, not two `exists`: PostgreSQL turns those
 * into hashes of all the person's blocks (as it did an `any` over the ids planned generically: all
 * 2,000 of the scale data's busiest person, 2.4 ms). Migration 0033 keeps the generic plan off the
 * blocked list's index, which starts with the blocker too and read those 2,000 for each creator.
 */
const blockedAmongIds = preparedSql<{ id: string }>(
  'blocked_among',
  sql`select c.id from unnest(${sql.placeholder('ids')}::text[]) as c(id)
    cross join lateral (
      select 1 from ${blocks} where blocker_id = ${sql.placeholder('userId')} and blocked_id = c.id
      union all
      select 1 from ${blocks} where blocked_id = ${sql.placeholder('userId')} and blocker_id = c.id
      limit 1
    ) as either`,
);

export async function blockedAmong(db: Conn, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await blockedAmongIds(db, { userId, ids })).map((row) => row.id);
}

export async function findPersonToBlock(db: Conn, id: string) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

const BLOCKED_PAGE_SIZE = 30;

/** One page of the people the person blocked, newest first, after `cursor`. */
export async function listBlocked(db: Db, blockerId: string, cursor: TimeCursor | null) {
  const rows = await db
    .select({
      id: blocks.blockedId,
      displayName: users.name,
      profileImage: users.image,
      blockedAt: blocks.createdAt,
      cursorAt: sql<string>`${blocks.createdAt}::text`,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        cursor
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKED_PAGE_SIZE + 1);
  return pageOf(rows, BLOCKED_PAGE_SIZE);
}
