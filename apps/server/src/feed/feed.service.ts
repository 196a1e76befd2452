/**
 * The feed, its viewer state and the admin debug counts. The feed page holds nothing about
 * the viewer (boosted, favourited, reaction come from /api/feed/state), so the page normal viewers
 * get is the same for all of them and can be cached.
 */
import { FEED_PAGE_SIZE, type FeedDebug, type FeedPage, type FeedStatePage, badRequest } from '@gigreel/core';
import { decodePageCursor, decodeTimeCursor, encodePageCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import type { Actor } from '../auth/index.ts';
import { seesWholeFeed, toFeedOffer } from '../offers/index.ts';
import {
  countOffers,
  selectFeedPage,
  selectFollowingPage,
  selectViewerStates,
  type FeedCursor,
} from './feed.queries.ts';

const EXPIRED_CURSOR = 'This feed link has expired. Reload the feed.';

const encodeCursor = (cursor: FeedCursor): string => encodePageCursor(cursor.score, cursor.id);

export function decodeCursor(text: string): FeedCursor {
  const [score, id] = decodePageCursor(text) ?? [];
  if (typeof score === 'number' && Number.isFinite(score) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
    return { score, id };
  throw badRequest(EXPIRED_CURSOR, 'cursor');
}

export async function getFeedPage(options: {
  deps: AppDeps;
  actor: Actor | null;
  query: { q?: string | undefined; tag?: string | undefined; cursor?: string | undefined };
}): Promise<FeedPage> {
  const { deps, actor, query } = options;
  const wholeFeed = seesWholeFeed(actor);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await selectFeedPage(deps.database.db, {
    wholeFeed,
    q: query.q,
    tag: query.tag,
    after,
    limit: FEED_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page[page.length - 1];
  const result: FeedPage = {
    offers: page.map(toFeedOffer),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ score: last.rankScore, id: last.id }) : null,
  };
  if (page.length === 0 && !after && !query.q && !query.tag) {
    // SPEC: "No offers have been created yet" or "Found N offers but M were filtered out".
    const counts = await countOffers(deps.database);
    result.emptyReason = {
      total: counts.total,
      filteredOut: counts.total - (wholeFeed ? counts.total : counts.approvedWithMedia),
    };
  }
  return result;
}

/**
 * A page of the Following feed: the offers of the creators the viewer follows, newest change first,
 * with the ranked feed's rules of what shows (an admin sees every offer there too).
 */
export async function getFollowingPage({
  deps,
  actor,
  cursor,
}: {
  deps: AppDeps;
  actor: Actor;
  cursor?: string | undefined;
}): Promise<FeedPage> {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  if (cursor && !after) throw badRequest(EXPIRED_CURSOR, 'cursor');
  const { rows, nextCursor } = await selectFollowingPage(deps.database.db, {
    viewerId: actor.id,
    wholeFeed: seesWholeFeed(actor),
    after,
  });
  return { offers: rows.map(toFeedOffer), nextCursor };
}

export async function getFeedStates({
  deps,
  actor,
  offerIds,
}: {
  deps: AppDeps;
  actor: Actor;
  offerIds: string[];
}): Promise<FeedStatePage> {
  return { states: await selectViewerStates(deps.database.db, actor.id, offerIds) };
}

export async function getFeedDebug({ deps }: { deps: AppDeps }): Promise<FeedDebug> {
  return countOffers(deps.database);
}
