/** A creator's public page, and its shareable HTML page with preview tags. */
import { loadViewer } from '../auth/index.ts';
import { feature } from '../http/declare.ts';
import { getCreatorPage } from '../offers/index.ts';
import { creatorPageRoute } from './creator-page.ts';

export const creators = feature('creators', ({ app, deps, route }) => {
  route('GET /api/creators/:id', async ({ request, reply, params }) => {
    const actor = await loadViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-cache');
    return getCreatorPage({ deps, actor, userId: params.id });
  });

  creatorPageRoute(app, deps);
});
