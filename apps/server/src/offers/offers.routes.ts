/** The creator's own offer, one offer by id, and its shareable page with preview tags. */
import { offerFields } from '@gigreel/core';
import { loadViewer } from '../auth/index.ts';
import { feature } from '../http/declare.ts';
import { parse } from '../http/errors.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { offerPageRoute } from './offer-page.ts';
import { offerMediaWork, receiveOfferForm } from './offer-form.ts';
import { getOffer, getOwnOffer, saveOwnOffer } from './offers.service.ts';

export const offers = feature<{ media: MediaProcessor }>('offers', ({ app, deps, route }, { media }) => {
  const work = offerMediaWork(deps, media);

  route('GET /api/offers/mine', async ({ actor, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { offer: await getOwnOffer({ deps, actor }) };
  });

  route('PUT /api/offers/mine', async ({ actor, request }) => {
    const form = await receiveOfferForm(request, work);
    try {
      return await saveOwnOffer({ deps, actor, input: parse(offerFields, form.fields), file: form.file, media: work });
    } finally {
      await form.cleanup();
    }
  });

  route('GET /api/offers/:id', async ({ request, reply, params }) => {
    const actor = await loadViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-cache');
    return getOffer({ deps, actor, offerId: params.id });
  });

  offerPageRoute(app, deps);
});
