/** HTTP for creator analytics: the table (core's stats.ts) checks the caller and the input; each route calls one service verb. */
import type { StatsPeriod } from '@gigreel/core';
import { loadViewer } from '../auth/index.ts';
import { sharerOf } from '../engagement/index.ts';
import { feature } from '../http/declare.ts';
import { getOwnStats, recordAudience } from './stats.service.ts';

export const stats = feature('stats', ({ deps, route }) => {
  route('POST /api/stats/events', async ({ request, reply, body }) => {
    const actor = await loadViewer(deps, request, reply);
    return recordAudience({ deps, actor, visitor: sharerOf(deps.config, request, reply), events: body.events });
  });
  route('GET /api/stats/mine', ({ actor, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getOwnStats({ deps, actor, days: query.days ? (Number(query.days) as StatsPeriod) : undefined });
  });
});
