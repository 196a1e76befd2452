/**
 * Engagement rows and the offer's counter columns change together: every statement that moves a
 * counter recomputes rank_score from the new values in the same UPDATE. Callers first lock the offer
 * row (lockOffer), so concurrent taps on one offer are applied one after another and each counter
 * moves by exactly the rows that were really added or removed.
 */
import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { rankScoreSql, type CounterColumn, type Reaction } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { afterCursor, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { rowsOf } from '../db/rows.ts';
import { boosts, favorites, offers, offerShares, reactions, shareBursts, users } from '../db/schema.ts';
import { visibleInFeed } from '../feed/index.ts';

export type LockedOffer = { id: string; userId: string; isApproved: boolean; mediaKey: string };
type Counts = { boostCount: number; favoriteCount: number; reactionCount: number; shareCount: number };
export type CountsAndMarks = Counts & { boosted: boolean; favorited: boolean; reaction: Reaction | null };

/**
 * The viewer's marks on the offer row being read, as scalar subqueries (each a primary-key probe; an
 * EXISTS may become a hash of all the viewer's boosts in a generic plan, feed.queries.ts says more).
 */
const viewerMarks = (viewerId: string | null) => ({
  boosted: sql<boolean>`coalesce((select true from ${boosts} b where b.user_id = ${viewerId} and b.offer_id = ${offers.id}), false)`,
  favorited: sql<boolean>`coalesce((select true from ${favorites} f where f.user_id = ${viewerId} and f.offer_id = ${offers.id}), false)`,
});

/**
 * Locks the offer row for the change. Nothing else is read here: under READ COMMITTED a statement
 * that waited for the lock still sees the rest of the database as it was when it began, so what the
 * viewer has marked is read by the statements after it.
 */
export async function lockOffer(tx: Tx, offerId: string): Promise<LockedOffer | null> {
  const [row] = await tx
    .select({ id: offers.id, userId: offers.userId, isApproved: offers.isApproved, mediaKey: offers.mediaKey })
    .from(offers)
    .where(eq(offers.id, offerId))
    .for('update');
  return row ?? null;
}

const countAndMarkColumns = (viewerId: string | null) => ({
  boostCount: offers.boostCount,
  favoriteCount: offers.favoriteCount,
  reactionCount: offers.reactionCount,
  shareCount: offers.shareCount,
  ...viewerMarks(viewerId),
  reaction: sql<Reaction | null>`(select r.emoji from ${reactions} r where r.user_id = ${viewerId} and r.offer_id = ${offers.id})`,
});

/**
 * Moves counters by -1, 0 or 1 each (a share moves two: it and its anonymous part), with the rank
 * score, in one UPDATE whose RETURNING also reads the viewer's marks as this transaction left them.
 */
export async function bumpCounters(
  tx: Tx,
  offerId: string,
  deltas: Partial<Record<CounterColumn, number>>,
  viewerId: string | null,
): Promise<CountsAndMarks> {
  const moving = Object.entries(deltas).filter(([, delta]) => delta !== 0) as Array<[CounterColumn, number]>;
  for (const [column, delta] of moving)
    if (!Number.isInteger(delta) || Math.abs(delta) > 1 || !(column in columnKey))
      throw new Error(`bad counter delta ${column} ${delta}`);
  const next = Object.fromEntries(moving.map(([column, delta]) => [column, `(${column} + (${delta}))`]));
  const columns = countAndMarkColumns(viewerId);
  const [row] =
    moving.length === 0
      ? await tx.select(columns).from(offers).where(eq(offers.id, offerId))
      : await tx
          .update(offers)
          .set({
            ...Object.fromEntries(moving.map(([column]) => [columnKey[column], sql.raw(next[column]!)])),
            rankScore: sql.raw(rankScoreSql(next)),
          })
          .where(eq(offers.id, offerId))
          .returning(columns);
  if (!row) throw new Error('offer vanished while locked');
  return { ...row, boosted: !!row.boosted, favorited: !!row.favorited, reaction: row.reaction ?? null };
}

const columnKey: Record<
  CounterColumn,
  'boostCount' | 'favoriteCount' | 'reactionCount' | 'shareCount' | 'anonymousShareCount'
> = {
  boost_count: 'boostCount',
  favorite_count: 'favoriteCount',
  reaction_count: 'reactionCount',
  share_count: 'shareCount',
  anonymous_share_count: 'anonymousShareCount',
};

/**
 * Counts one request against the address's burst window and returns the hits in the current window.
 * One upsert, so concurrent requests from one address (even on several API processes) count exactly.
 * In ON CONFLICT's SET every expression reads the row as it was.
 */
export async function hitShareBurst(tx: Tx, addressKey: string, now: Date, windowMs: number): Promise<number> {
  const windowOpen = sql`share_bursts.window_start > ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const [row] = await tx
    .insert(shareBursts)
    .values({ addressKey, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: shareBursts.addressKey,
      set: {
        hits: sql`case when ${windowOpen} then share_bursts.hits + 1 else 1 end`,
        windowStart: sql`case when ${windowOpen} then share_bursts.window_start else excluded.window_start end`,
      },
    })
    .returning({ hits: shareBursts.hits });
  return row?.hits ?? 1;
}

/** How many anonymous browsers at this address already have a counted share of the offer today. */
export async function countAnonymousSharers(tx: Tx, offerId: string, day: string, addressKey: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(offerShares)
    .where(
      and(
        eq(offerShares.offerId, offerId),
        eq(offerShares.day, day),
        eq(offerShares.addressKey, addressKey),
        isNotNull(offerShares.addressKey),
      ),
    );
  return row?.n ?? 0;
}

/** Records a share for this viewer, offer and day; false when one was counted already. */
export async function recordShare(
  tx: Tx,
  share: { offerId: string; day: string; viewerKey: string; addressKey: string | null; now: Date },
): Promise<boolean> {
  const added = await tx
    .insert(offerShares)
    .values({
      offerId: share.offerId,
      day: share.day,
      viewerKey: share.viewerKey,
      addressKey: share.addressKey,
      createdAt: share.now,
    })
    .onConflictDoNothing()
    .returning({ offerId: offerShares.offerId });
  return added.length === 1;
}

type MarkTable = typeof boosts | typeof favorites;

/** Removes the viewer's boost or favourite if there is one, else adds it: +1 or -1 (the offer row is locked). */
export async function toggleMark(
  tx: Tx,
  table: MarkTable,
  userId: string,
  offerId: string,
  now: Date,
): Promise<number> {
  // One statement, one round trip: the insert runs only when the delete found nothing.
  const [row] = rowsOf<{ delta: number }>(
    await tx.execute(sql`
      with removed as (
        delete from ${table} where ${table.userId} = ${userId} and ${table.offerId} = ${offerId} returning 1
      ), added as (
        insert into ${table} (user_id, offer_id, created_at)
        select ${userId}, ${offerId}, ${now.toISOString()}::timestamptz where not exists (select 1 from removed)
        on conflict do nothing returning 1
      )
      select (select count(*) from added)::int - (select count(*) from removed)::int as delta`),
  );
  return row!.delta;
}

/** Adds or removes a boost or favourite; returns how many rows really changed (+1, -1 or 0). */
export async function setMark(
  tx: Tx,
  table: MarkTable,
  userId: string,
  offerId: string,
  on: boolean,
  now: Date,
): Promise<number> {
  if (on) {
    const added = await tx
      .insert(table)
      .values({ userId, offerId, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: table.userId });
    return added.length;
  }
  const removed = await tx
    .delete(table)
    .where(and(eq(table.userId, userId), eq(table.offerId, offerId)))
    .returning({ userId: table.userId });
  return -removed.length;
}

/** Sets, changes or (null) removes the one reaction per person and offer; returns the row count change. */
export async function setReaction(
  tx: Tx,
  userId: string,
  offerId: string,
  emoji: Reaction | null,
  now: Date,
): Promise<number> {
  if (emoji === null) {
    const removed = await tx
      .delete(reactions)
      .where(and(eq(reactions.userId, userId), eq(reactions.offerId, offerId)))
      .returning({ userId: reactions.userId });
    return -removed.length;
  }
  const [row] = await tx
    .insert(reactions)
    .values({ userId, offerId, emoji, createdAt: now })
    .onConflictDoUpdate({ target: [reactions.userId, reactions.offerId], set: { emoji } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ? 1 : 0;
}

export type BoostedRow = {
  id: string;
  title: string;
  mediaKey: string;
  mediaType: string | null;
  posterKey: string | null;
  createdAt: Date;
  creatorName: string;
};

/** A person's boosted offers come 30 to a page (the performance review: one page of 100 cost too much per open). */
export const BOOSTED_PAGE_SIZE = 30;

/**
 * One page of the offers a person boosted, newest boost first, after `cursor`, without their own and
 * without hidden offers. The keyset is the boost's (created_at, offer_id), the order of
 * boosts_user_created_idx; the cursor only positions, the person's own boosts still decide what they see.
 */
export async function selectBoostedOffers(
  db: Db,
  userId: string,
  cursor: TimeCursor | null = null,
): Promise<{ rows: BoostedRow[]; nextCursor: string | null }> {
  const found = await db
    .select({
      id: boosts.offerId,
      title: offers.title,
      mediaKey: offers.mediaKey,
      mediaType: offers.mediaType,
      posterKey: offers.posterKey,
      createdAt: offers.createdAt,
      creatorName: users.name,
      cursorAt: sql<string>`${boosts.createdAt}::text`,
    })
    .from(boosts)
    .innerJoin(offers, eq(offers.id, boosts.offerId))
    .innerJoin(users, eq(users.id, offers.userId))
    .where(
      and(
        eq(boosts.userId, userId),
        afterCursor(boosts.createdAt, boosts.offerId, cursor),
        ne(offers.userId, userId),
        visibleInFeed,
      ),
    )
    .orderBy(desc(boosts.createdAt), desc(boosts.offerId))
    .limit(BOOSTED_PAGE_SIZE + 1);
  const { rows, nextCursor } = pageOf(found, BOOSTED_PAGE_SIZE);
  return { rows: rows.map(({ cursorAt: _cursorAt, ...row }) => row), nextCursor };
}
