/**
 * GET /metrics: the Prometheus text format (platform/metrics.ts), for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer ...`). Without METRICS_TOKEN set the page does not exist (404), so nothing
 * about the running service is shown to anyone by default. Not an /api route: no session, no JSON, so
 * it has no entry in the route table, like /media.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { readTallies } from '../db/tallies.queries.ts';
import type { AppDeps } from '../deps.ts';
import { liveConnections } from '../realtime/index.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

export const metricsPage: FastifyPluginAsync<{ deps: AppDeps }> = async function metrics(app, { deps }) {
  const { database, metrics, config } = deps;
  metrics.onScrape(async ({ dbPool }) => {
    const pool = database.poolStats?.() ?? { size: 1, inUse: 0, waiting: 0 };
    dbPool.set({ state: 'size' }, pool.size);
    dbPool.set({ state: 'in_use' }, pool.inUse);
    dbPool.set({ state: 'waiting' }, pool.waiting);
  });
  metrics.onScrape(async ({ liveConnections: live }) => live.set(await liveConnections(deps)));
  metrics.onScrape(async ({ mails }) => {
    const statuses = ['queued', 'sent', 'failed'] as const;
    const counts = await readTallies(
      database,
      statuses.map((status) => ({ topic: 'mails' as const, subject: status })),
    );
    statuses.forEach((status, index) => mails.set({ status }, counts[index]!.count));
  });
  metrics.onScrape(async ({ jobQueue }) => {
    // Waiting and running jobs are few; failed ones are kept 7 days by the queue.
    const rows = await database.query<{ name: string; state: string; jobs: number }>(
      `select name, state::text as state, count(*)::int as jobs from pgboss.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    for (const row of rows) jobQueue.set({ job: row.name, state: row.state }, row.jobs);
  });

  const token = config.metricsToken ? digest(config.metricsToken) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'unauthorized', message: 'This page needs the metrics token.' } });
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
};
