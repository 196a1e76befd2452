/** HTTP for search (core's search.ts): suggestions while typing, and the results' count. */
import { loadViewer } from '../auth/index.ts';
import { feature } from '../http/declare.ts';
import * as service from './search.service.ts';

export const search = feature('search', ({ deps, route }) => {
  route('GET /api/search/suggestions', async ({ request, reply, query }) => {
    const actor = await loadViewer(deps, request, reply);
    // Asked for at every pause in typing: the browser may keep an answer for a short while.
    reply.header('cache-control', 'private, max-age=30');
    return service.suggest({ deps, actor, text: query.q });
  });
  route('GET /api/search/count', async ({ request, reply, query }) => {
    const actor = await loadViewer(deps, request, reply);
    reply.header('cache-control', 'private, max-age=15');
    return service.countMatches({ deps, actor, q: query.q, tag: query.tag });
  });
});
