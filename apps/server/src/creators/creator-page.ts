/**
 * GET /creator/:id: the web app's index.html with Open Graph and Twitter card tags for that creator
 * (name, bio, their offer, followers and completed orders, their offer's picture or their avatar), so a
 * shared profile link previews in chat apps, which do not run scripts. A creator nobody may see (none
 * such, suspended) gets the plain app page, which shows its own "not found" state.
 */
import type { FastifyInstance } from 'fastify';
import { followsTexts, formatPence, offerTexts, type CreatorPage } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { injectPageMeta, type MetaTag } from '../http/page-meta.ts';
import { webIndexHtml } from '../http/web.ts';
import { getCreatorPage } from '../offers/index.ts';

const CREATOR_ID = /^[A-Za-z0-9_-]{1,100}$/;

function creatorMetaTags({ creator, offer }: CreatorPage, publicUrl: string): MetaTag[] {
  const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
  const price = offer?.isPaidOffer && offer.pricePence !== null ? formatPence(offer.pricePence) : null;
  const title = `${creator.displayName} on GigReel`;
  const description = [
    creator.bio,
    offer ? (price ? `${offer.title} · ${price}` : offer.title) : null,
    followsTexts.followers(creator.followers),
    creator.completedOrders > 0 ? offerTexts.completedOrders(creator.completedOrders) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const offerImage = offer ? (offer.posterUrl ?? (offer.mediaKind === 'image' ? offer.mediaUrl : null)) : null;
  const image = offerImage ?? creator.profileImage;
  const tags: MetaTag[] = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:site_name', 'GigReel'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', absolute(`/creator/${creator.id}`)],
    ['name', 'twitter:card', offerImage ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (image) tags.push(['property', 'og:image', absolute(image)], ['name', 'twitter:image', absolute(image)]);
  return tags;
}

export function creatorPageRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/creator/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    let html = webIndexHtml(deps.config.webDist);
    if (CREATOR_ID.test(id)) {
      // Crawlers come without a session: the page as anyone sees it.
      const page = await getCreatorPage({ deps, actor: null, userId: id }).catch(() => null);
      if (page) html = injectPageMeta(html, page.creator.displayName, creatorMetaTags(page, deps.config.publicUrl));
    }
    return reply.header('cache-control', 'public, max-age=60').type('text/html; charset=utf-8').send(html);
  });
}
