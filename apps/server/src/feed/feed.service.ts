/**
 * The feed, its viewer state, explore and the admin debug counts. The feed page holds nothing about
 * the viewer (boosted, favourited, reaction come from /api/feed/state), so the page normal viewers
 * get is the same for all of them and can be cached.
 */
import { FEED_PAGE_SIZE, type FeedDebug, type FeedPage, type FeedStatePage, type PopularTag } from '@gigreel/core';
import { decodePageCursor, encodePageCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { seesWholeFeed, type Actor } from '../offers/offers.policy.ts';
import { toFeedOffer } from '../offers/offers.queries.ts';
import { countOffers, selectFeedPage, selectPopularTags, selectViewerStates, type FeedCursor } from './feed.queries.ts';

const POPULAR_TAGS_SHOWN = 50;

export const encodeCursor = (cursor: FeedCursor): string => encodePageCursor(cursor.score, cursor.id);

export function decodeCursor(text: string): FeedCursor {
  const [score, id] = decodePageCursor(text) ?? [];
  if (typeof score === 'number' && Number.isFinite(score) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { score, id };
  throw badRequest('This feed link has expired. Reload the feed.', 'cursor');
}

export async function getFeedPage(deps: AppDeps, actor: Actor, query: { q?: string | undefined; tag?: string | undefined; cursor?: string | undefined }): Promise<FeedPage> {
  const wholeFeed = seesWholeFeed(actor);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await selectFeedPage(deps.database.db, { wholeFeed, q: query.q, tag: query.tag, after, limit: FEED_PAGE_SIZE + 1 });
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page[page.length - 1];
  const result: FeedPage = {
    offers: page.map(toFeedOffer),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ score: last.rankScore, id: last.id }) : null,
  };
  if (page.length === 0 && !after && !query.q && !query.tag) {
    // SPEC: "No offers have been created yet" or "Found N offers but M were filtered out".
    const counts = await countOffers(deps.database.db);
    result.emptyReason = { total: counts.total, filteredOut: counts.total - (wholeFeed ? counts.total : counts.approvedWithMedia) };
  }
  return result;
}

export async function getFeedStates(deps: AppDeps, actor: NonNullable<Actor>, offerIds: string[]): Promise<FeedStatePage> {
  return { states: await selectViewerStates(deps.database.db, actor.id, offerIds) };
}

export async function getPopularTags(deps: AppDeps): Promise<{ tags: PopularTag[] }> {
  const rows = await selectPopularTags(deps.database.db, POPULAR_TAGS_SHOWN);
  return { tags: rows.map((row, index) => ({ rank: index + 1, name: row.name, offerCount: row.offerCount, engagementScore: row.engagementScore })) };
}

export async function getFeedDebug(deps: AppDeps): Promise<FeedDebug> {
  return countOffers(deps.database.db);
}
