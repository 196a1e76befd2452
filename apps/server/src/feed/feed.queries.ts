/**
 * The feed is one statement over the offers' counter columns: for normal viewers it walks the partial
 * index offers_feed_idx (rank_score desc, id desc where approved and with media), for admins
 * offers_all_rank_idx, with a keyset cursor, so its cost does not grow with the engagement tables or
 * with how deep a person scrolls. A search (q, tag) is planned for its own values: see selectSearchPage.
 */
import { and, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FEED_PAGE_SIZE, type Reaction } from '@gigreel/core';
import { plannedForValues, type Database, type Db } from '../db/connection.ts';
import { anyOf } from '../db/any-of.ts';
import { afterCursorPlaceholders, cursorValues, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedPages, preparedSql } from '../db/prepared.ts';
import { rowsOf } from '../db/rows.ts';
import { containing } from '../db/like.ts';
import { readTallies } from '../db/tallies.queries.ts';
import { boosts, favorites, follows, offers, offerTags, reactions, tags, users } from '../db/schema.ts';
import { offerCardColumns, type OfferCardRow } from '../offers/index.ts';

export type FeedCursor = { score: number; id: string };

/** The exact predicate of offers_feed_idx, so the planner can use the partial index. */
export const visibleInFeed = sql`${offers.isApproved} and ${offers.mediaKey} <> ''`;

export type FeedPageOptions = {
  wholeFeed: boolean;
  q?: string | undefined;
  tag?: string | undefined;
  after: FeedCursor | null;
  limit: number;
};

export async function selectFeedPage(db: Db, options: FeedPageOptions): Promise<OfferCardRow[]> {
  if (options.q || options.tag) return selectSearchPage(db, options);
  return (await preparedFeedStatement(db, shapeOf(options)).execute(valuesOf(options))) as OfferCardRow[];
}

/**
 * The statement with its values, so a test can EXPLAIN it and the benchmark can run it through
 * pgbench: the very text the server prepares (the feed without q or tag).
 */
export function feedPageQuery(db: Db, options: FeedPageOptions): { toSQL(): { sql: string; params: unknown[] } } {
  return {
    toSQL() {
      const { sql: text, params } = feedStatement(db, shapeOf(options)).toSQL();
      return { sql: text, params: fillPlaceholders(params, valuesOf(options)) };
    },
  };
}

/** What decides the statement's text; the values go in as parameters. */
type FeedShape = { wholeFeed: boolean; after: boolean; limit: number };

const shapeOf = (options: FeedPageOptions): FeedShape => ({
  wholeFeed: options.wholeFeed,
  after: !!options.after,
  limit: options.limit,
});

const valuesOf = (options: FeedPageOptions): Record<string, unknown> => ({
  score: options.after?.score ?? null,
  id: options.after?.id ?? null,
});

/** The offers table again, for the halves of a tag filter. */
const hit = alias(offers, 'hit');

// "nulls last" as in the indexes (drizzle's default there): a plain DESC means NULLS FIRST and the
// planner would sort instead of reading the index in order, although both columns are NOT NULL.
const rankOrder = (table: typeof offers | typeof hit) => [
  sql`${table.rankScore} desc nulls last`,
  sql`${table.id} desc nulls last`,
];

function feedStatement(db: Db, shape: FeedShape) {
  const conditions: SQL[] = [];
  if (!shape.wholeFeed) conditions.push(visibleInFeed);
  if (shape.after)
    conditions.push(
      sql`(${offers.rankScore}, ${offers.id}) < (${sql.placeholder('score')}::double precision, ${sql.placeholder('id')}::uuid)`,
    );
  return (
    db
      .select(offerCardColumns)
      .from(offers)
      .innerJoin(users, eq(users.id, offers.userId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...rankOrder(offers))
      // The limit stays in the text: a limit parameter would let a generic plan guess a large one.
      .limit(shape.limit)
  );
}

/**
 * Each shape of the statement is built once per database and prepared: building drizzle's SQL and
 * having PostgreSQL parse and plan it again cost about as much as running it, for every page.
 */
const prepared = new WeakMap<Db, Map<string, ReturnType<ReturnType<typeof feedStatement>['prepare']>>>();

function preparedFeedStatement(db: Db, shape: FeedShape) {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const key = `feed_${+shape.wholeFeed}${+shape.after}_${shape.limit}`;
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = feedStatement(db, shape).prepare(key)));
  return statement;
}

/** The tag a filter names (already normalised to lower case), by tags_name_lower_idx: one probe, found or not. */
export async function findFeedTag(db: Db, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(sql`lower(${tags.name})`, name))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A search is never a prepared statement (drizzle's .prepare() is a named one on postgres-js): how
 * many offers match a word or a tag decides the plan, and only the values tell. For a common one
 * PostgreSQL walks the rank index and filters until the page is full; for a rare one it takes the
 * few matches from the trigram index (offers_title_trgm_idx) or offer_tags_tag_idx and sorts them.
 * A generic plan of the same text does one or the other for every value (measured: seconds).
 */
async function selectSearchPage(db: Db, options: FeedPageOptions): Promise<OfferCardRow[]> {
  const tagId = options.tag ? await findFeedTag(db, options.tag) : null;
  return (await plannedForValues(async () => await feedSearchQuery(db, options, tagId))) as OfferCardRow[];
}

/** What every offer of a search page satisfies: visible (unless the admin's whole feed), the word, after the cursor. */
function searchFilters(table: typeof offers | typeof hit, options: FeedPageOptions): SQL[] {
  const filters: SQL[] = [];
  if (!options.wholeFeed) filters.push(sql`${table.isApproved} and ${table.mediaKey} <> ''`);
  if (options.q) filters.push(sql`${table.title} ilike ${containing(options.q)}`);
  if (options.after)
    filters.push(
      sql`(${table.rankScore}, ${table.id}) < (${options.after.score}::double precision, ${options.after.id}::uuid)`,
    );
  return filters;
}

/**
 * The search statement for a tag already looked up (null: no such tag). SPEC section 4: a tag filter
 * matches the tag or the title. Each half finds its own first page in rank order (so each is planned
 * on its own: offers with this tag, offers whose title matches), and the page is the best of both.
 * An unknown tag leaves the title half alone.
 */
function feedSearchQuery(db: Db, options: FeedPageOptions, tagId: string | null) {
  const conditions = searchFilters(offers, options);
  if (options.tag) {
    const titled = (table: typeof offers | typeof hit) => sql`${table.title} ilike ${containing(options.tag!)}`;
    if (tagId === null) conditions.push(titled(offers));
    else {
      const tagged = db
        .select({ id: hit.id })
        .from(hit)
        .innerJoin(offerTags, and(eq(offerTags.offerId, hit.id), eq(offerTags.tagId, tagId)))
        .where(and(...searchFilters(hit, options)))
        .orderBy(...rankOrder(hit))
        .limit(options.limit);
      const byTitle = db
        .select({ id: hit.id })
        .from(hit)
        .where(and(...searchFilters(hit, options), titled(hit)))
        .orderBy(...rankOrder(hit))
        .limit(options.limit);
      conditions.push(sql`${offers.id} in (${tagged} union all ${byTitle})`);
    }
  }
  return db
    .select(offerCardColumns)
    .from(offers)
    .innerJoin(users, eq(users.id, offers.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...rankOrder(offers))
    .limit(options.limit);
}

/**
 * The Following feed (issue 18): a page of 50 offers of the creators a person follows, newest change first
 * (updated_at: an edit or a new picture brings an offer back to the top). One statement whose work is
 * bounded by how many the person follows (FOLLOWS_MAX), never by the number of offers: their follows
 * by the primary key, each creator's one offer by offers.user_id's unique index, the visible ones
 * sorted and cut to the page; only the page's rows are then read whole (with their tags). Blocks need
 * no check here: a block ends a follow either way (blocks.queries.ts), and hiding an offer or
 * suspending its creator takes its approval away, so visibleInFeed leaves it out, as the ranked feed does.
 */
export async function selectFollowingPage(
  db: Db,
  options: { viewerId: string; wholeFeed: boolean; after: TimeCursor | null },
): Promise<{ rows: OfferCardRow[]; nextCursor: string | null }> {
  const statement = (options.wholeFeed ? followingPagesAll : followingPages)(db, options.after);
  const rows = await statement.execute({ viewerId: options.viewerId, ...cursorValues(options.after) });
  return pageOf(rows as Array<OfferCardRow & { cursorAt: string }>, FEED_PAGE_SIZE);
}

const followingPagesOf = (wholeFeed: boolean, name: string) =>
  preparedPages((db, after) => {
    // Each followed creator's one offer, probed by offers.user_id. The LIMIT 1 (a person has one offer)
    // keeps the probe a probe: without it a generic plan may instead walk every visible offer and
    // look each up in the follows, which grows with the offers rather than with whom one follows.
    const theirOffer = db
      .select({ id: offers.id, changedAt: offers.updatedAt })
      .from(offers)
      .where(
        and(
          sql`${offers.userId} = ${follows.followeeId}`,
          wholeFeed ? undefined : visibleInFeed,
          after(offers.updatedAt, offers.id),
        ),
      )
      .limit(1)
      .as('their_offer');
    const page = db
      .select({ id: theirOffer.id })
      .from(follows)
      .crossJoinLateral(theirOffer)
      .where(eq(follows.followerId, sql.placeholder('viewerId')))
      .orderBy(sql`${theirOffer.changedAt} desc`, sql`${theirOffer.id} desc`)
      // one more than a page shows, so the answer knows whether another page follows
      .limit(FEED_PAGE_SIZE + 1)
      .as('page');
    return db
      .select({ ...offerCardColumns, cursorAt: sql<string>`${offers.updatedAt}::text` })
      .from(page)
      .innerJoin(offers, eq(offers.id, page.id))
      .innerJoin(users, eq(users.id, offers.userId))
      .orderBy(sql`${offers.updatedAt} desc`, sql`${offers.id} desc`)
      .prepare(`${name}${after === afterCursorPlaceholders ? '_after' : ''}`);
  });
const followingPages = followingPagesOf(false, 'following_feed');
const followingPagesAll = followingPagesOf(true, 'following_feed_all');

/**
 * How many offers a search's pages hold (issue 19), counted up to `cap` + 1 so the answer can say
 * "1,000+": one statement whose halves each stop after cap + 1 offers, so its cost is bounded by the
 * cap, not by how many offers match. Planned for its values, as the page is: a rare word's offers come
 * from the trigram index, a common word's first cap + 1 from a walk that stops. The tag is looked up in
 * the statement itself (tags_name_lower_idx); `leaveOut` are creators the viewer's page leaves out.
 */
export async function countSearchMatches(
  db: Db,
  options: Pick<FeedPageOptions, 'wholeFeed' | 'q' | 'tag'> & { leaveOut: readonly string[]; cap: number },
): Promise<number> {
  const search = { ...options, after: null, limit: options.cap + 1 };
  const filters = (table: typeof offers | typeof hit) => {
    const all = searchFilters(table, search);
    if (options.leaveOut.length) all.push(sql`not ${anyOf(table.userId, [...options.leaveOut], 'text')}`);
    return all;
  };
  const limit = options.cap + 1;
  let matches: SQL;
  if (options.tag) {
    const tagId = sql`(select ${tags.id} from ${tags} where lower(${tags.name}) = ${options.tag} limit 1)`;
    const tagged = db
      .select({ id: hit.id })
      .from(offerTags)
      .innerJoin(hit, eq(hit.id, offerTags.offerId))
      .where(and(eq(offerTags.tagId, tagId), ...filters(hit)))
      .limit(limit);
    const byTitle = db
      .select({ id: hit.id })
      .from(hit)
      .where(and(...filters(hit), sql`${hit.title} ilike ${containing(options.tag)}`))
      .limit(limit);
    matches = sql`(${tagged}) union (${byTitle})`;
  } else {
    matches = sql`${db
      .select({ id: hit.id })
      .from(hit)
      .where(and(...filters(hit)))
      .limit(limit)}`;
  }
  return plannedForValues(async () => {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as "count" from (${matches}) as "matches"`),
    );
    return row?.count ?? 0;
  });
}

/** The offers by state, from the tallies (one lookup each, whatever the number of offers). */
export async function countOffers(
  database: Database,
): Promise<{ total: number; approved: number; withMedia: number; approvedWithMedia: number }> {
  const [total, approved, withoutMedia, visible] = await readTallies(database, [
    { topic: 'offers' },
    { topic: 'offers_approved' },
    { topic: 'offers_without_media' },
    { topic: 'offers_visible' },
  ]);
  return {
    total: total!.count,
    approved: approved!.count,
    withMedia: total!.count - withoutMedia!.count,
    approvedWithMedia: visible!.count,
  };
}

export type ViewerStateRow = {
  offerId: string;
  boosted: boolean;
  favorited: boolean;
  reaction: Reaction | null;
  followsCreator: boolean;
};

/**
 * At most this many of a viewer's boosts (favourites, reactions, follows) are read whole and the page's
 * offers looked up among them; a viewer with more is asked about each offer by primary key instead.
 */
const READ_WHOLE_BELOW = 100;
const readWholeBelow = sql.raw(String(READ_WHOLE_BELOW));

/**
 * The viewer's own boost, favourite and reaction for a page of offers, and whether they follow its
 * creator.
 * Most people have boosted, saved, reacted to and followed a few things, so the statement reads each
 * of the four lists of the viewer once (at most READ_WHOLE_BELOW rows, one index range each) and looks
 * the page's offers up in them; only for a list that long does it probe by primary key, offer by offer
 * (a CASE evaluates the probe only then). Probing all four for each of 50 offers was 200 index scans a
 * request, five times the CPU of the ranges (pgbench on the scale data: 1,100 against 5,600 statements
 * a second for a typical viewer, 1,000 against 3,700 for the one with the most boosts).
 * Each list read has a LIMIT, so no plan, generic or not, reads more of a person's history than that.
 * The states come as one JSON value per request, not a row per offer: reading and mapping 50 rows
 * cost the server more CPU than PostgreSQL spends on the lookups (a profile of /api/feed/state at 1M).
 * The requests that arrive while one statement is out go together in the next (`k` is each one's
 * place in the arrays): each statement is a round trip on a socket, and at a few thousand requests
 * a second the round trips, not the lookups, were most of the server's CPU.
 */
const viewerStatesOfRequests = preparedSql<{ k: number; states: ViewerStateRow[] }>(
  'viewer_states',
  sql`with q as (
    select * from unnest(${sql.placeholder('ks')}::int[], ${sql.placeholder('viewers')}::text[], ${sql.placeholder('offerIds')}::uuid[]) as q(k, viewer, offer_id)
  ),
  own as materialized (
    select r.k, b.ids as boosted, f.ids as favorited, x.ids as reacted, x.emojis, w.ids as followed
    from (select distinct k, viewer from q) r
    cross join lateral (select coalesce(array_agg(s.offer_id), '{}') as ids
      from (select ${boosts.offerId} from ${boosts} where ${boosts.userId} = r.viewer limit ${readWholeBelow}) s) b
    cross join lateral (select coalesce(array_agg(s.offer_id), '{}') as ids
      from (select ${favorites.offerId} from ${favorites} where ${favorites.userId} = r.viewer limit ${readWholeBelow}) s) f
    cross join lateral (select coalesce(array_agg(s.offer_id), '{}') as ids, array_agg(s.emoji) as emojis
      from (select ${reactions.offerId}, ${reactions.emoji} from ${reactions} where ${reactions.userId} = r.viewer limit ${readWholeBelow}) s) x
    cross join lateral (select coalesce(array_agg(s.followee_id), '{}') as ids
      from (select ${follows.followeeId} from ${follows} where ${follows.followerId} = r.viewer limit ${readWholeBelow}) s) w
  )
  select q.k, json_agg(json_build_object(
    'offerId', ${offers.id},
    'boosted', case when cardinality(own.boosted) < ${readWholeBelow} then ${offers.id} = any(own.boosted)
      else coalesce((select true from ${boosts} where ${boosts.userId} = q.viewer and ${boosts.offerId} = ${offers.id}), false) end,
    'favorited', case when cardinality(own.favorited) < ${readWholeBelow} then ${offers.id} = any(own.favorited)
      else coalesce((select true from ${favorites} where ${favorites.userId} = q.viewer and ${favorites.offerId} = ${offers.id}), false) end,
    'reaction', case when cardinality(own.reacted) < ${readWholeBelow} then own.emojis[array_position(own.reacted, ${offers.id})]
      else (select ${reactions.emoji} from ${reactions} where ${reactions.userId} = q.viewer and ${reactions.offerId} = ${offers.id}) end,
    'followsCreator', case when cardinality(own.followed) < ${readWholeBelow} then ${offers.userId} = any(own.followed)
      else coalesce((select true from ${follows} where ${follows.followerId} = q.viewer and ${follows.followeeId} = ${offers.userId}), false) end))
  as states
  from q join own on own.k = q.k
  join ${offers} on ${offers.id} = q.offer_id
  group by q.k`,
);

/** At most this many requests' states in one statement (a page has at most FEED_STATE_MAX_IDS offers). */
const REQUESTS_PER_STATEMENT = 50;

type StatesRequest = {
  userId: string;
  offerIds: string[];
  resolve: (states: ViewerStateRow[]) => void;
  reject: (error: unknown) => void;
};
const waitingStates = new WeakMap<Db, { waiting: StatesRequest[]; sending: boolean }>();

/** The viewer's states on these offers: sent at once if no statement is out, else with the next. */
export function selectViewerStates(db: Db, userId: string, offerIds: string[]): Promise<ViewerStateRow[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  const line = waitingStates.get(db) ?? { waiting: [], sending: false };
  waitingStates.set(db, line);
  return new Promise((resolve, reject) => {
    line.waiting.push({ userId, offerIds, resolve, reject });
    if (!line.sending) void sendWaitingStates(db, line);
  });
}

async function sendWaitingStates(db: Db, line: { waiting: StatesRequest[]; sending: boolean }): Promise<void> {
  line.sending = true;
  try {
    while (line.waiting.length > 0) {
      const batch = line.waiting.splice(0, REQUESTS_PER_STATEMENT);
      const values = batch.flatMap((request, k) =>
        request.offerIds.map((offerId) => ({ k, viewer: request.userId, offerId })),
      );
      try {
        const rows = await viewerStatesOfRequests(db, {
          ks: values.map((value) => value.k),
          viewers: values.map((value) => value.viewer),
          offerIds: values.map((value) => value.offerId),
        });
        const byRequest = new Map(rows.map((row) => [Number(row.k), row.states]));
        batch.forEach((request, k) => request.resolve(byRequest.get(k) ?? []));
      } catch (error) {
        for (const request of batch) request.reject(error);
      }
    }
  } finally {
    line.sending = false;
  }
}
