/**
 * GET /offer/:id: the web app's index.html with Open Graph and Twitter card tags for that offer, so a
 * shared link shows its title, poster (or image) and price in chat apps, which do not run scripts.
 * Offers a visitor may not see get the plain app page, which shows its own "not available" state.
 */
import type { FastifyInstance } from 'fastify';
import { formatPence, type FeedOffer } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { injectPageMeta, type MetaTag } from '../http/page-meta.ts';
import { webIndexHtml } from '../http/web.ts';
import { getOffer } from './offers.service.ts';

function offerMetaTags(offer: FeedOffer, publicUrl: string): MetaTag[] {
  const absolute = (url: string) => `${publicUrl}${url}`;
  const price = offer.isPaidOffer && offer.pricePence !== null ? formatPence(offer.pricePence) : null;
  const title = price ? `${offer.title} · ${price}` : offer.title;
  const description = [price, offer.description ?? `by ${offer.creator.displayName} on GigReel`]
    .filter(Boolean)
    .join(' · ');
  const image = offer.posterUrl ?? (offer.mediaKind === 'image' ? offer.mediaUrl : null);
  const tags: MetaTag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'GigReel'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', absolute(`/offer/${offer.id}`)],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (image) tags.push(['property', 'og:image', absolute(image)], ['name', 'twitter:image', absolute(image)]);
  if (offer.mediaKind === 'video')
    tags.push(['property', 'og:video', absolute(offer.mediaUrl)], ['property', 'og:video:type', 'video/mp4']);
  if (price && offer.pricePence !== null) {
    tags.push(
      ['property', 'product:price:amount', (offer.pricePence / 100).toFixed(2)],
      ['property', 'product:price:currency', 'GBP'],
    );
  }
  return tags;
}

export function offerPageRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/offer/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    let html = webIndexHtml(deps.config.webDist);
    if (/^[0-9a-f-]{36}$/i.test(id)) {
      // Crawlers come without a session: only offers everyone may see get their preview.
      const offer = await getOffer({ deps, actor: null, offerId: id }).catch(() => null);
      if (offer) html = injectPageMeta(html, offer.title, offerMetaTags(offer, deps.config.publicUrl));
    }
    return reply.header('cache-control', 'public, max-age=60').type('text/html; charset=utf-8').send(html);
  });
}
