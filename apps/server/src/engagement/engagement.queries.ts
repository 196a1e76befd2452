/**
 * Engagement rows and the offer's counter columns change together: every statement that moves a
 * counter moves ranked_engagement and recomputes rank_score from the new values in the same UPDATE.
 * Callers first lock the offer row (lockOffer), so concurrent taps on one offer are applied one after
 * another and each counter moves by exactly the rows that were really added or removed. Each row
 * records whether the rank counts it (`counted`, decided as it is written: db/ranked.ts), and its
 * removal takes off what that mark says.
 */
import { and, count, desc, eq, isNotNull, ne, sql, type Placeholder } from 'drizzle-orm';
import { ENGAGEMENT_WEIGHTS, type Reaction } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { cursorValues, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedOnce, preparedPages, preparedSql } from '../db/prepared.ts';
import { engagementCountsPrepared, engagementCountsSql, establishedBy, moveRanked } from '../db/ranked.ts';
import { boosts, favorites, offers, offerShares, reactions, shareBursts, users } from '../db/schema.ts';
import { visibleInFeed } from '../feed/index.ts';

export type LockedOffer = { id: string; userId: string; isApproved: boolean; mediaKey: string };
type Counts = { boostCount: number; favoriteCount: number; reactionCount: number; shareCount: number };
export type CountsAndMarks = Counts & { boosted: boolean; favorited: boolean; reaction: Reaction | null };

/** The display counters: they count every boost, favourite, reaction and share people see. */
type CounterColumn = 'boost_count' | 'favorite_count' | 'reaction_count' | 'share_count' | 'anonymous_share_count';

/** What writing or removing one engagement row did: +1, -1 or 0 rows, and whether that row counted for the rank. */
export type RowChange = { delta: number; counted: boolean };

/** What a row change moves ranked_engagement by: its weight, if the row counted. */
export const rankedWeight = (change: RowChange, kind: keyof typeof ENGAGEMENT_WEIGHTS) =>
  change.counted ? change.delta * ENGAGEMENT_WEIGHTS[kind] : 0;

/**
 * The viewer's marks on the offer row being read, as scalar subqueries (each a primary-key probe; an
 * EXISTS may become a hash of all the viewer's boosts in a generic plan, feed.queries.ts says more).
 */
const viewerMarks = (viewerId: string | null | Placeholder) => ({
  boosted: sql<boolean>`coalesce((select true from ${boosts} b where b.user_id = ${viewerId} and b.offer_id = ${offers.id}), false)`,
  favorited: sql<boolean>`coalesce((select true from ${favorites} f where f.user_id = ${viewerId} and f.offer_id = ${offers.id}), false)`,
});

/**
 * Locks the offer row for the change. Nothing else is read here: under READ COMMITTED a statement
 * that waited for the lock still sees the rest of the database as it was when it began, so what the
 * viewer has marked, whether they count and whom the owner blocked are read by the statements after it.
 */
const lockedOffer = preparedOnce((db) =>
  db
    .select({ id: offers.id, userId: offers.userId, isApproved: offers.isApproved, mediaKey: offers.mediaKey })
    .from(offers)
    .where(eq(offers.id, sql.placeholder('offerId')))
    .for('update')
    .prepare('lock_offer'),
);

export async function lockOffer(tx: Tx, offerId: string): Promise<LockedOffer | null> {
  const [row] = await lockedOffer(tx).execute({ offerId });
  return row ?? null;
}

const countAndMarkColumns = (viewerId: Placeholder) => ({
  boostCount: offers.boostCount,
  favoriteCount: offers.favoriteCount,
  reactionCount: offers.reactionCount,
  shareCount: offers.shareCount,
  ...viewerMarks(viewerId),
  reaction: sql<Reaction | null>`(select r.emoji from ${reactions} r where r.user_id = ${viewerId} and r.offer_id = ${offers.id})`,
});

/**
 * Moves counters by -1, 0 or 1 each (a share moves two: it and its anonymous part) and
 * ranked_engagement by what the rank counted of the change, with the rank score, in one UPDATE whose
 * RETURNING also reads the viewer's marks as this transaction left them.
 */
export async function bumpCounters(
  tx: Tx,
  offerId: string,
  deltas: Partial<Record<CounterColumn, number>>,
  ranked: number,
  viewerId: string | null,
): Promise<CountsAndMarks> {
  const moving = Object.entries(deltas).filter(([, delta]) => delta !== 0) as Array<[CounterColumn, number]>;
  for (const [column, delta] of moving)
    if (!Number.isInteger(delta) || Math.abs(delta) > 1 || !(column in columnKey))
      throw new Error(`bad counter delta ${column} ${delta}`);
  if (!Number.isInteger(ranked) || Math.abs(ranked) > ENGAGEMENT_WEIGHTS.boost)
    throw new Error(`bad ranked delta ${ranked}`);
  const [row] = await bumpStatement(moving, ranked)(tx).execute({ offerId, viewerId });
  if (!row) throw new Error('offer vanished while locked');
  return { ...row, boosted: !!row.boosted, favorited: !!row.favorited, reaction: row.reaction ?? null };
}

type BumpStatement = (db: Db | Tx) => {
  execute(values: { offerId: string; viewerId: string | null }): Promise<Array<Counts & CountsAndMarksRead>>;
};
type CountsAndMarksRead = { boosted: boolean | null; favorited: boolean | null; reaction: Reaction | null };

/** One prepared statement per move (which counters, by how much, and the ranked change: a few dozen at most). */
const bumpStatements = new Map<string, BumpStatement>();

function bumpStatement(moving: Array<[CounterColumn, number]>, ranked: number): BumpStatement {
  const key = `${moving.map(([column, delta]) => `${column}${delta}`).join(',')}|${ranked}`;
  let statement = bumpStatements.get(key);
  if (statement) return statement;
  const columns = countAndMarkColumns(sql.placeholder('viewerId'));
  const thisOffer = eq(offers.id, sql.placeholder('offerId'));
  statement = preparedOnce((db) =>
    moving.length === 0 && ranked === 0
      ? db.select(columns).from(offers).where(thisOffer).prepare('offer_counts')
      : db
          .update(offers)
          .set({
            ...Object.fromEntries(
              moving.map(([column, delta]) => [columnKey[column], sql.raw(`(${column} + (${delta}))`)]),
            ),
            ...moveRanked({ ranked_engagement: ranked }),
          })
          .where(thisOffer)
          .returning(columns)
          .prepare(`bump_counters_${key}`),
  ) as BumpStatement;
  bumpStatements.set(key, statement);
  return statement;
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

/**
 * Records a share for this viewer, offer and day; `added` is false when one was recorded already.
 * The rank counts a signed-in person's share (`person`) if they count for the owner (db/ranked.ts) and
 * it is their first share of the offer, on whichever day (offer_shares_counted_idx answers that); an
 * anonymous browser's never.
 */
export async function recordShare(
  tx: Tx,
  share: {
    offerId: string;
    day: string;
    viewerKey: string;
    addressKey: string | null;
    now: Date;
    person: { id: string; ownerId: string } | null;
  },
): Promise<{ added: boolean; counted: boolean }> {
  const { person } = share;
  const firstCounted = sql`not exists (select 1 from ${offerShares} s where s.offer_id = ${share.offerId} and s.viewer_key = ${share.viewerKey} and s.counted)`;
  const counted = person
    ? sql`(${engagementCountsSql(person.id, person.ownerId, share.now)} and ${firstCounted})`
    : false;
  const [row] = await tx
    .insert(offerShares)
    .values({
      offerId: share.offerId,
      day: share.day,
      viewerKey: share.viewerKey,
      addressKey: share.addressKey,
      counted,
      createdAt: share.now,
    })
    .onConflictDoNothing()
    .returning({ counted: offerShares.counted });
  return { added: !!row, counted: !!row?.counted };
}

type MarkTable = typeof boosts | typeof favorites;

/**
 * Removes the viewer's boost or favourite if there is one, else adds it, marked counted when the rank
 * counts them for the offer's owner (the offer row is locked). The removed row's own mark says what it counted.
 */
export async function toggleMark(
  tx: Tx,
  table: MarkTable,
  userId: string,
  offer: { id: string; userId: string },
  now: Date,
): Promise<RowChange> {
  const toggle = table === boosts ? toggleBoostRow : toggleFavoriteRow;
  const [row] = await toggle(tx, {
    person: userId,
    offerId: offer.id,
    owner: offer.userId,
    dayBefore: establishedBy(now),
    now: now.toISOString(),
  });
  return { delta: row!.delta, counted: !!row!.counted };
}

/** One statement, one round trip: the insert runs only when the delete found nothing. */
const toggleStatement = (table: MarkTable, name: string) => {
  const person = sql.placeholder('person');
  const offerId = sql.placeholder('offerId');
  return preparedSql<{ delta: number; counted: boolean }>(
    name,
    sql`
      with removed as (
        delete from ${table} where ${table.userId} = ${person} and ${table.offerId} = ${offerId} returning counted
      ), added as (
        insert into ${table} (user_id, offer_id, counted, created_at)
        select ${person}, ${offerId}, ${engagementCountsPrepared}, ${sql.placeholder('now')}::timestamptz
        where not exists (select 1 from removed)
        on conflict do nothing returning counted
      )
      select (select count(*) from added)::int - (select count(*) from removed)::int as delta,
        coalesce((select counted from added), (select counted from removed), false) as counted`,
  );
};
const toggleBoostRow = toggleStatement(boosts, 'toggle_boost');
const toggleFavoriteRow = toggleStatement(favorites, 'toggle_favorite');

/** Adds (marked as toggleMark marks it) or removes a boost or favourite; returns what really changed. */
export async function setMark(
  tx: Tx,
  table: MarkTable,
  userId: string,
  offer: { id: string; userId: string },
  on: boolean,
  now: Date,
): Promise<RowChange> {
  const offerId = offer.id;
  if (on) {
    const [added] = await tx
      .insert(table)
      .values({ userId, offerId, counted: engagementCountsSql(userId, offer.userId, now), createdAt: now })
      .onConflictDoNothing()
      .returning({ counted: table.counted });
    return { delta: added ? 1 : 0, counted: !!added?.counted };
  }
  const [removed] = await tx
    .delete(table)
    .where(and(eq(table.userId, userId), eq(table.offerId, offerId)))
    .returning({ counted: table.counted });
  return { delta: removed ? -1 : 0, counted: !!removed?.counted };
}

/**
 * Sets, changes or (null) removes the one reaction per person and offer; returns the row count change.
 * A change of emoji keeps the row and its mark, so it moves no count.
 */
export async function setReaction(
  tx: Tx,
  userId: string,
  offer: { id: string; userId: string },
  emoji: Reaction | null,
  now: Date,
): Promise<RowChange> {
  const offerId = offer.id;
  if (emoji === null) {
    const [removed] = await tx
      .delete(reactions)
      .where(and(eq(reactions.userId, userId), eq(reactions.offerId, offerId)))
      .returning({ counted: reactions.counted });
    return { delta: removed ? -1 : 0, counted: !!removed?.counted };
  }
  const [row] = await tx
    .insert(reactions)
    .values({ userId, offerId, emoji, counted: engagementCountsSql(userId, offer.userId, now), createdAt: now })
    .onConflictDoUpdate({ target: [reactions.userId, reactions.offerId], set: { emoji } })
    .returning({ inserted: sql<boolean>`(xmax = 0)`, counted: reactions.counted });
  return { delta: row?.inserted ? 1 : 0, counted: !!row?.counted };
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
export const selectBoostedOffers = (db: Db, userId: string, cursor: TimeCursor | null = null) =>
  markedOffersPage(db, boostedPages, userId, cursor, BOOSTED_PAGE_SIZE);

/** A person's saved offers (favourites) come 30 to a page, as their boosted ones do. */
export const SAVED_PAGE_SIZE = 30;

/**
 * One page of the offers a person saved (favourited), newest first, after `cursor`, without hidden
 * offers (their own offer too, if they saved it). The keyset is the favourite's (created_at,
 * offer_id), the order of favorites_user_created_idx.
 */
export const selectSavedOffers = (db: Db, userId: string, cursor: TimeCursor | null = null) =>
  markedOffersPage(db, savedPages, userId, cursor, SAVED_PAGE_SIZE);

/**
 * The statements of the pages of offers a person marked (a boost or a favourite), newest mark first,
 * by the mark's keyset: prepared once (building the query each time cost more of the server's CPU
 * than PostgreSQL spends answering it).
 */
function markedPages(marks: typeof boosts | typeof favorites, { withOwn, size }: { withOwn: boolean; size: number }) {
  return preparedPages((db, after) =>
    db
      .select({
        id: marks.offerId,
        title: offers.title,
        mediaKey: offers.mediaKey,
        mediaType: offers.mediaType,
        posterKey: offers.posterKey,
        createdAt: offers.createdAt,
        creatorName: users.name,
        cursorAt: sql<string>`${marks.createdAt}::text`,
      })
      .from(marks)
      .innerJoin(offers, eq(offers.id, marks.offerId))
      .innerJoin(users, eq(users.id, offers.userId))
      .where(
        and(
          eq(marks.userId, sql.placeholder('userId')),
          after(marks.createdAt, marks.offerId),
          withOwn ? undefined : ne(offers.userId, sql.placeholder('userId')),
          visibleInFeed,
        ),
      )
      .orderBy(desc(marks.createdAt), desc(marks.offerId))
      .limit(size + 1)
      .prepare('marked_offers_page'),
  );
}

const boostedPages = markedPages(boosts, { withOwn: false, size: BOOSTED_PAGE_SIZE });
const savedPages = markedPages(favorites, { withOwn: true, size: SAVED_PAGE_SIZE });

async function markedOffersPage(
  db: Db,
  pages: typeof boostedPages,
  userId: string,
  cursor: TimeCursor | null,
  size: number,
): Promise<{ rows: BoostedRow[]; nextCursor: string | null }> {
  const found = await pages(db, cursor).execute({ userId, ...cursorValues(cursor) });
  const { rows, nextCursor } = pageOf(found, size);
  return { rows: rows.map(({ cursorAt: _cursorAt, ...row }) => row), nextCursor };
}
