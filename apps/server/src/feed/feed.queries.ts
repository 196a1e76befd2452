/**
 * The feed is one statement over the offers' counter columns: for normal viewers it walks the partial
 * index offers_feed_idx (rank_score desc, id desc where approved and with media), for admins
 * offers_all_rank_idx, with a keyset cursor, so its cost does not grow with the engagement tables or
 * with how deep a person scrolls.
 */
import { and, eq, fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import type { Reaction } from '@gigreel/core';
import type { Db } from '../db/connection.ts';
import { boosts, favorites, offers, reactions, users } from '../db/schema.ts';
import { offerCardColumns, type OfferCardRow } from '../offers/offers.queries.ts';

export type FeedCursor = { score: number; id: string };

/** The exact predicate of offers_feed_idx, so the planner can use the partial index. */
export const visibleInFeed = sql`${offers.isApproved} and ${offers.mediaKey} <> ''`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type FeedPageOptions = { wholeFeed: boolean; q?: string | undefined; tag?: string | undefined; after: FeedCursor | null; limit: number };

export async function selectFeedPage(db: Db, options: FeedPageOptions): Promise<OfferCardRow[]> {
  return (await preparedFeedStatement(db, shapeOf(options)).execute(valuesOf(options))) as OfferCardRow[];
}

/**
 * The statement with its values, so a test can EXPLAIN it and the benchmark can run it through
 * pgbench: the very text the server prepares.
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
type FeedShape = { wholeFeed: boolean; q: boolean; tag: boolean; after: boolean; limit: number };

const shapeOf = (options: FeedPageOptions): FeedShape => ({ wholeFeed: options.wholeFeed, q: !!options.q, tag: !!options.tag, after: !!options.after, limit: options.limit });

const valuesOf = (options: FeedPageOptions): Record<string, unknown> => ({
  q: options.q ? likePattern(options.q) : null,
  tag: options.tag ?? null,
  tagPattern: options.tag ? likePattern(options.tag) : null,
  score: options.after?.score ?? null,
  id: options.after?.id ?? null,
});

function feedStatement(db: Db, shape: FeedShape) {
  const conditions: SQL[] = [];
  if (!shape.wholeFeed) conditions.push(visibleInFeed);
  if (shape.q) conditions.push(sql`${offers.title} ilike ${sql.placeholder('q')}`);
  if (shape.tag) {
    // SPEC section 4: a tag filter matches the tag or the title.
    conditions.push(sql`(exists (select 1 from offer_tags ot join tags t on t.id = ot.tag_id where ot.offer_id = ${offers.id} and lower(t.name) = ${sql.placeholder('tag')}) or ${offers.title} ilike ${sql.placeholder('tagPattern')})`);
  }
  if (shape.after) conditions.push(sql`(${offers.rankScore}, ${offers.id}) < (${sql.placeholder('score')}::double precision, ${sql.placeholder('id')}::uuid)`);
  return db
    .select(offerCardColumns)
    .from(offers)
    .innerJoin(users, eq(users.id, offers.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    // "nulls last" as in the indexes (drizzle's default there): a plain DESC means NULLS FIRST and the
    // planner would sort instead of reading the index in order, although both columns are NOT NULL.
    .orderBy(sql`${offers.rankScore} desc nulls last`, sql`${offers.id} desc nulls last`)
    // The limit stays in the text: a limit parameter would let a generic plan guess a large one.
    .limit(shape.limit);
}

/**
 * Each shape of the statement is built once per database and prepared: building drizzle's SQL and
 * having PostgreSQL parse and plan it again cost about as much as running it, for every page.
 */
const prepared = new WeakMap<Db, Map<string, ReturnType<ReturnType<typeof feedStatement>['prepare']>>>();

function preparedFeedStatement(db: Db, shape: FeedShape) {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const key = `feed_${+shape.wholeFeed}${+shape.q}${+shape.tag}${+shape.after}_${shape.limit}`;
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = feedStatement(db, shape).prepare(key)));
  return statement;
}

export async function countOffers(db: Db): Promise<{ total: number; approved: number; withMedia: number; approvedWithMedia: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${offers.isApproved}))::int`,
      withMedia: sql<number>`(count(*) filter (where ${offers.mediaKey} <> ''))::int`,
      approvedWithMedia: sql<number>`(count(*) filter (where ${visibleInFeed}))::int`,
    })
    .from(offers);
  return row ?? { total: 0, approved: 0, withMedia: 0, approvedWithMedia: 0 };
}

export type ViewerStateRow = { offerId: string; boosted: boolean; favorited: boolean; reaction: Reaction | null };

/** The viewer's own boost, favourite and reaction for a page of offers: three primary-key lookups each. */
export async function selectViewerStates(db: Db, userId: string, offerIds: string[]): Promise<ViewerStateRow[]> {
  if (offerIds.length === 0) return [];
  const rows = await db
    .select({
      offerId: offers.id,
      boosted: sql<boolean>`exists (select 1 from ${boosts} where ${boosts.userId} = ${userId} and ${boosts.offerId} = ${offers.id})`,
      favorited: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.offerId} = ${offers.id})`,
      reaction: sql<Reaction | null>`(select ${reactions.emoji} from ${reactions} where ${reactions.userId} = ${userId} and ${reactions.offerId} = ${offers.id})`,
    })
    .from(offers)
    .where(inArray(offers.id, offerIds));
  return rows;
}

export type PopularTagRow = { name: string; offerCount: number; engagementScore: number };

/** SPEC: popular hashtags by engagement score = 2 x boosts + favourites, over offers the feed shows. */
export async function selectPopularTags(db: Db, limit: number): Promise<PopularTagRow[]> {
  const rows = await db.execute<PopularTagRow>(sql`
    select t.name as "name", count(*)::int as "offerCount", coalesce(sum(2 * o.boost_count + o.favorite_count), 0)::int as "engagementScore"
    from tags t
    join offer_tags ot on ot.tag_id = t.id
    join offers o on o.id = ot.offer_id and o.is_approved and o.media_key <> ''
    group by t.id, t.name
    order by "engagementScore" desc, "offerCount" desc, t.name asc
    limit ${limit}`);
  return rowsOf(rows);
}

/** drizzle's execute returns an array on postgres-js and { rows } on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
