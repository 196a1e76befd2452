/**
 * GET /metrics (Prometheus text format) opens only with METRICS_TOKEN and counts requests by route
 * pattern; every answer carries X-Request-Id, and every log line written while serving a request,
 * the services' own included, carries that id.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/databases.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDeps } from '../create-deps.ts';
import { requestIdMixin } from '../http/request-id.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    closed = await createTestApp();
  });
  afterAll(async () => Promise.all([t.close(), closed.close()]));

  const scrape = (app: TestApp, authorization?: string) =>
    app.client().request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('does not exist without METRICS_TOKEN, and refuses a scrape without the token', async () => {
    expect((await scrape(closed, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer not-the-token')).statusCode).toBe(401);
    expect((await scrape(t, TOKEN)).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, with the pool, the queue, live streams, mails and media', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'])
      await t.client().get(`/api/offers/${id}/reviews`);
    const response = await scrape(t, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    // one series for both ids: the pattern, never the raw URL
    expect(text).toMatch(
      /gigreel_http_requests_total\{route="\/api\/offers\/:id\/reviews",method="GET",status="\d+"\} 2/,
    );
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).toMatch(
      /gigreel_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/offers\/:id\/reviews"/,
    );
    for (const series of [
      'gigreel_db_pool{state="size"}',
      'gigreel_db_pool{state="waiting"}',
      'gigreel_live_connections 0',
      'gigreel_mails{status="queued"}',
      'gigreel_mails{status="failed"}',
      'gigreel_media_jobs{state="in_progress"} 0',
      'gigreel_process_resident_memory_bytes',
    ])
      expect(text).toContain(series);
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (ip: string, id?: string) =>
    t.client(ip).request({ method: 'GET', url: '/api/health', headers: id ? { 'x-request-id': id } : {} });

  it('gives every answer its own id, keeping one sent by a trusted proxy only', async () => {
    const [a, b] = [await get('127.0.0.1'), await get('127.0.0.1')];
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    // TRUST_PROXY is loopback: the balancer on this machine may name the request, a client elsewhere may not
    expect((await get('127.0.0.1', 'lb-trace-42')).headers['x-request-id']).toBe('lb-trace-42');
    expect((await get('203.0.113.9', 'lb-trace-43')).headers['x-request-id']).not.toBe('lb-trace-43');
    expect((await get('127.0.0.1', 'not a plain id\n')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('log lines of a request', () => {
  it('carry its id, those the services write included', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const log = pino({ level: 'info', mixin: requestIdMixin }, sink);
    const { database, drop } = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/gigreel-request-ids',
      PUBLIC_URL,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    });
    const app = await buildApp(createDeps({ config, database, log }));
    try {
      // A bad request: Fastify's own lines and the error handler's warning are written while it is served.
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      const id = response.headers['x-request-id'];
      const during = lines.filter((line) => line.reqId === id);
      expect(during.length).toBeGreaterThanOrEqual(2);
      expect(lines.filter((line) => line.reqId === undefined && /request/.test(String(line.msg)))).toEqual([]);
      // Outside any request, a line has no id.
      log.info('between requests');
      expect(lines.at(-1)).not.toHaveProperty('reqId');
    } finally {
      await app.close();
      await drop();
    }
  });
});
