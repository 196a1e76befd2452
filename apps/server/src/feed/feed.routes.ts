import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { feedQuery, feedStateQuery, type FeedDebug, type FeedStatePage, type PopularTag } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { loadViewer, requireAdmin, requireViewer } from '../auth/viewer.ts';
import { parse } from '../http/errors.ts';
import { seesWholeFeed } from '../offers/offers.policy.ts';
import { createFlights } from './feed.flights.ts';
import { getFeedDebug, getFeedPage, getFeedStates, getPopularTags } from './feed.service.ts';

/** How long browsers and shared caches may reuse the public feed page before asking again. */
export const FEED_MAX_AGE_SECONDS = 15;
/** How long this process reuses a public feed page it computed, unless it serves a write meanwhile. */
export const FEED_REUSE_MS = 1000;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function feedRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The public page is the same for every normal viewer: concurrent requests share one computation,
  // and its answer serves for a second. Any write this process serves drops the kept pages before
  // its answer goes out, so whoever made it (and everyone after) reads the page afresh; other
  // processes catch up within the second.
  const publicPages = createFlights<{ body: Buffer; etag: string }>({ keepMs: FEED_REUSE_MS });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE.has(request.method)) publicPages.forget();
    return payload;
  });

  app.get('/api/feed', async (request, reply) => {
    const query = parse(feedQuery, request.query);
    // No reply here: a refreshed session cookie must never ride on a cacheable response.
    const actor = await loadViewer(deps, request);
    reply.type('application/json; charset=utf-8');
    if (seesWholeFeed(actor)) return reply.header('cache-control', 'private, no-store').send(JSON.stringify(await getFeedPage(deps, actor, query)));
    // `fresh`: the web app asks for a page that shows the person's own boost or favourite of a moment ago.
    const { body, etag } = await publicPages(JSON.stringify([query.q, query.tag, query.cursor]), async () => {
      const page = Buffer.from(JSON.stringify(await getFeedPage(deps, null, query)));
      return { body: page, etag: `W/"${createHash('sha1').update(page).digest('base64url')}"` };
    }, { strict: query.fresh !== undefined });
    reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}, stale-while-revalidate=60`)
      .header('vary', 'cookie');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))) return reply.status(304).send();
    return reply.send(body);
  });

  app.get('/api/feed/state', async (request, reply): Promise<FeedStatePage> => {
    const actor = await requireViewer(deps, request, reply);
    const { ids } = parse(feedStateQuery, request.query);
    reply.header('cache-control', 'private, no-store');
    return getFeedStates(deps, actor, ids);
  });

  app.get('/api/explore/tags', async (_request, reply): Promise<{ tags: PopularTag[] }> => {
    reply.header('cache-control', 'public, max-age=60');
    return getPopularTags(deps);
  });

  app.get('/api/admin/feed-debug', async (request, reply): Promise<FeedDebug> => {
    await requireAdmin(deps, request, reply);
    reply.header('cache-control', 'private, no-store');
    return getFeedDebug(deps);
  });
}
