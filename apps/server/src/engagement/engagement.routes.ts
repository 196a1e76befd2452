import type { FastifyInstance } from 'fastify';
import { offerIdParams, offerTexts, reactionInput, texts, toggleInput, type BoostedOffer, type EngagementResult } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { loadViewer, requireViewer } from '../auth/viewer.ts';
import { parse } from '../http/errors.ts';
import { getBoostedOffers, react, share, toggleBoost, toggleFavorite } from './engagement.service.ts';
import { sharerOf } from './sharer.ts';

export async function engagementRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/api/offers/:id/boost', async (request, reply): Promise<EngagementResult> => {
    const actor = await requireViewer(deps, request, reply, texts.auth.signUpRequiredBody);
    const { id } = parse(offerIdParams, request.params);
    const input = parse(toggleInput, request.body ?? undefined);
    return toggleBoost(deps, { actor, offerId: id, active: input?.active });
  });

  app.post('/api/offers/:id/favorite', async (request, reply): Promise<EngagementResult> => {
    const actor = await requireViewer(deps, request, reply, texts.auth.signUpRequiredBody);
    const { id } = parse(offerIdParams, request.params);
    const input = parse(toggleInput, request.body ?? undefined);
    return toggleFavorite(deps, { actor, offerId: id, active: input?.active });
  });

  app.put('/api/offers/:id/reaction', async (request, reply): Promise<EngagementResult> => {
    const actor = await requireViewer(deps, request, reply, texts.auth.signUpRequiredBody);
    const { id } = parse(offerIdParams, request.params);
    const { emoji } = parse(reactionInput, request.body);
    return react(deps, { actor, offerId: id, emoji });
  });

  app.post('/api/offers/:id/share', async (request, reply): Promise<EngagementResult> => {
    const actor = await loadViewer(deps, request, reply);
    const { id } = parse(offerIdParams, request.params);
    return share(deps, { actor, offerId: id, sharer: sharerOf(deps.config, request, reply) });
  });

  app.get('/api/boosted', async (request, reply): Promise<{ offers: BoostedOffer[] }> => {
    const actor = await requireViewer(deps, request, reply, offerTexts.boostedLoginRequired);
    reply.header('cache-control', 'private, no-store');
    return getBoostedOffers(deps, actor);
  });
}
