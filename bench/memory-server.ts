/**
 * The HTTP layer's ceiling for the feed: the same Fastify, with the server's own options, error
 * handler and security plugin (helmet headers, origin check, NUL check), answering GET /api/feed with
 * response bytes captured from the real server, from memory. bench/feed.ts runs it as a child process
 * exactly like the real server, so the two differ only in the work behind the route.
 *
 *   BENCH_RESPONSES=file.json PORT=... node --import tsx bench/memory-server.ts
 *   file.json: { "/api/feed": { "headers": { "content-type": ..., "etag": ... }, "body": "..." }, ... }
 */
import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { frameworkErrors, installErrorHandler } from '../apps/server/src/http/errors.ts';
import { installSecurity } from '../apps/server/src/http/security.ts';

export type CapturedResponse = { headers: Record<string, string>; body: string };

const captured = JSON.parse(readFileSync(process.env.BENCH_RESPONSES!, 'utf8')) as Record<string, CapturedResponse>;
// Bytes ready to write, as the feed route keeps its page.
const responses = new Map(
  Object.entries(captured).map(([url, response]) => [
    url,
    { headers: response.headers, body: Buffer.from(response.body) },
  ]),
);
const config = loadConfig();
const log: FastifyBaseLogger = pino({ level: config.logLevel });
const app = Fastify({ loggerInstance: log, trustProxy: config.trustProxy, bodyLimit: 64 * 1024, frameworkErrors });
installErrorHandler(app);
await installSecurity(app, config);
await app.register(multipart, { limits: { fileSize: 1, files: 1 }, throwFileSizeLimit: true });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/api/feed', async (request, reply) => {
  const response = responses.get(request.url);
  if (!response) return reply.status(404).send({ error: { code: 'not_found', message: 'not captured' } });
  return reply.headers(response.headers).send(response.body);
});
await app.listen({ port: config.port, host: config.host });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
