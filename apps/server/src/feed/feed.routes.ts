/** The feed, the viewer's state on it, and the admin's debug counts. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FeedPage } from '@gigreel/core';
import { loadViewer } from '../auth/index.ts';
import { blockedAmong, hasBlockRelations } from '../blocks/index.ts';
import { feature } from '../http/declare.ts';
import { seesWholeFeed } from '../offers/index.ts';
import { createFlights, type Flights } from '../platform/flights.ts';
import { getFeedDebug, getFeedPage, getFeedStates, getFollowingPage } from './feed.service.ts';

/** How long browsers and shared caches may reuse the public feed page before asking again. */
const FEED_MAX_AGE_SECONDS = 15;
/** How long this process reuses a public feed page it computed, unless it serves a write meanwhile. */
const FEED_REUSE_MS = 1000;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export type PublicFeedPages = Flights<{ body: Buffer; etag: string; page: FeedPage }>;

/**
 * The public page is the same for every normal viewer: concurrent requests share one computation,
 * and its answer serves for a second. Any write this process serves, whichever feature serves it,
 * drops the kept pages before its answer goes out, so whoever made it (and everyone after) reads the
 * page afresh; other processes catch up within the second. The forgetting is the one app-wide hook
 * the feed needs (app.ts installs it); the pages themselves belong to the feed plugin.
 */
export function createPublicFeedPages(app: FastifyInstance): PublicFeedPages {
  const pages = createFlights<{ body: Buffer; etag: string; page: FeedPage }>({ keepMs: FEED_REUSE_MS });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE.has(request.method)) pages.forget();
    return payload;
  });
  return pages;
}

export const feed = feature<{ publicPages: PublicFeedPages }>('feed', ({ deps, route }, { publicPages }) => {
  route('GET /api/feed', async ({ request, reply, query }) => {
    // No reply here: a refreshed session cookie must never ride on a cacheable response.
    const actor = await loadViewer(deps, request);
    reply.type('application/json; charset=utf-8');
    if (seesWholeFeed(actor)) {
      return reply
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(await getFeedPage({ deps, actor, query })));
    }
    // `fresh`: the web app asks for a page that shows the person's own boost or favourite of a moment ago.
    // Someone with blocks (either way) with a creator on the page gets the shared page without that
    // creator's offers, for them alone: the page keeps its place in the feed (its cursor), only shorter.
    // Whether they have any block is asked beside the page (one round trip: most people have none);
    // only then which of the page's creators.
    const [{ body, etag, page }, hasBlocks] = await Promise.all([
      publicPages(
        JSON.stringify([query.q, query.tag, query.cursor]),
        async () => {
          const page = await getFeedPage({ deps, actor: null, query });
          const body = Buffer.from(JSON.stringify(page));
          return { body, page, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
        },
        { strict: query.fresh !== undefined },
      ),
      actor ? hasBlockRelations(deps.database.db, actor.id) : false,
    ]);
    const creators = page.offers.map((offer) => offer.creator.id);
    const leaveOut = actor && hasBlocks ? new Set(await blockedAmong(deps.database.db, actor.id, creators)) : null;
    if (leaveOut?.size) {
      return reply
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify({ ...page, offers: page.offers.filter((offer) => !leaveOut.has(offer.creator.id)) }));
    }
    reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}, stale-while-revalidate=60`)
      .header('vary', 'cookie');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2)))
      return reply.status(304).send();
    return reply.send(body);
  });

  route('GET /api/feed/following', ({ actor, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getFollowingPage({ deps, actor, cursor: query.cursor });
  });

  route('GET /api/feed/state', ({ actor, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getFeedStates({ deps, actor, offerIds: query.ids });
  });

  route('GET /api/admin/feed-debug', ({ reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getFeedDebug({ deps });
  });
});
