/** Offers, the feed and engagement, registered with one line in app.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { engagementRoutes } from '../engagement/engagement.routes.ts';
import { feedRoutes } from '../feed/feed.routes.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { offerPageRoute } from './offer-page.ts';
import { offersRoutes } from './offers.routes.ts';

export async function offersFeedRoutes(app: FastifyInstance, deps: AppDeps, media: MediaProcessor): Promise<void> {
  await offersRoutes(app, deps, media);
  await feedRoutes(app, deps);
  await engagementRoutes(app, deps);
  await offerPageRoute(app, deps);
}
