/** Boost, favourite, react, share, and the boosted list. */
import { feature } from '../http/declare.ts';
import { loadViewer } from '../auth/index.ts';
import { getBoostedOffers, getSavedOffers, react, share, toggleBoost, toggleFavorite } from './engagement.service.ts';
import { sharerOf } from './sharer.ts';

export const engagement = feature('engagement', ({ deps, route }) => {
  route('POST /api/offers/:id/boost', ({ actor, params, body }) =>
    toggleBoost({ deps, actor, offerId: params.id, active: body?.active }),
  );
  route('POST /api/offers/:id/favorite', ({ actor, params, body }) =>
    toggleFavorite({ deps, actor, offerId: params.id, active: body?.active }),
  );
  route('PUT /api/offers/:id/reaction', ({ actor, params, body }) =>
    react({ deps, actor, offerId: params.id, emoji: body.emoji }),
  );
  route('POST /api/offers/:id/share', async ({ request, reply, params }) => {
    const actor = await loadViewer(deps, request, reply);
    return share({ deps, actor, offerId: params.id, sharer: sharerOf(deps.config, request, reply) });
  });
  route('GET /api/boosted', ({ actor, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getBoostedOffers({ deps, actor, cursor: query.cursor });
  });
  route('GET /api/saved', ({ actor, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getSavedOffers({ deps, actor, cursor: query.cursor });
  });
});
