/** A creator's public page. */
import { loadViewer } from '../auth/index.ts';
import { feature } from '../http/declare.ts';
import { getCreatorPage } from '../offers/index.ts';

export const creators = feature('creators', ({ deps, route }) => {
  route('GET /api/creators/:id', async ({ request, reply, params }) => {
    const actor = await loadViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-cache');
    return getCreatorPage({ deps, actor, userId: params.id });
  });
});
