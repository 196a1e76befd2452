/**
 * Bad input against every API route the app registers, whoever wrote it: whatever arrives (broken
 * JSON, wrong shapes, hostile text, odd ids, odd queries, a foreign Origin), the answer is a 4xx in
 * the one error shape, never a 5xx. New routes are picked up by themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRouteSpec } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { routesOf, type Route } from '../../test/routes.ts';

/** Auth routes have their own, stricter tests (bad-input.test.ts); event streams never end. */
const SKIP = [/^\/api\/auth\//, /^\/api\/events/];
const PARAM_VALUES = [
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  crypto.randomUUID(),
  "1' OR '1'='1",
  'x'.repeat(300),
  '-1',
  '%E2%80%AE',
];
const HOSTILE_TEXT = ['<script>alert(1)</script>', "'; DROP TABLE offers; --", '"><img src=x onerror=alert(1)>'];
const BODIES: Array<[string, string]> = [
  ['broken JSON', '{"title": "x",'],
  ['an array', '[1, 2, 3]'],
  ['a string', '"hello"'],
  ['a number', '-1e309'],
  ['null', 'null'],
  ['an empty object', '{}'],
  [
    'wrong types',
    JSON.stringify({
      title: 42,
      message: ['a'],
      price: { a: 1 },
      link: true,
      tags: 7,
      status: null,
      emoji: 5,
      displayName: [],
      bio: {},
      offerId: 12,
      receiverId: false,
      active: 'yes',
      table: 1,
    }),
  ],
  [
    'hostile text',
    JSON.stringify(
      Object.fromEntries(
        [
          'title',
          'message',
          'price',
          'link',
          'tags',
          'description',
          'displayName',
          'bio',
          'paypalLink',
          'purchaseNote',
          'emoji',
          'status',
          'deliveryTime',
          'budget',
          'offerId',
          'receiverId',
          'messageKey',
          'table',
        ].map((key, i) => [key, HOSTILE_TEXT[i % HOSTILE_TEXT.length]]),
      ),
    ),
  ],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
];
const QUERIES = [
  '?q=%3Cscript%3E&tag=%27%20OR%201%3D1--',
  '?limit=-1&cursor=garbage&page=abc',
  '?limit=99999999999&offset=-5&before=not-a-date',
  '?q=' + 'x'.repeat(3000),
  '?table=users%3Bdrop&id[]=1&id[]=2',
];

let t: TestApp;
let clients: Array<[string, TestClient]>;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser({ email: 'designer@example.com', name: 'Dana the Designer' }); // private jobs go to her
  clients = [
    ['anonymous', t.client()],
    ['a user', await t.signedIn()],
    ['an admin', await t.signedIn({ admin: true })],
  ];
  routes = routesOf(t.app).filter(
    (route) => route.path.startsWith('/api/') && !SKIP.some((pattern) => pattern.test(route.path)),
  );
});
// The admin audit is written before each reply goes out, so nothing is still running here.
afterAll(() => t.close());

const withParams = (path: string, value: string) =>
  path.replace(/:[A-Za-z]+/g, encodeURIComponent(value).replace(/%25/g, '%'));

function problem(
  label: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | null {
  if (response.statusCode >= 500) return `${label} -> ${response.statusCode} ${response.body.slice(0, 160)}`;
  if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('json')) {
    try {
      const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string')
        return `${label} -> ${response.statusCode} not in the error shape: ${response.body.slice(0, 160)}`;
    } catch {
      return `${label} -> ${response.statusCode} unreadable JSON`;
    }
  }
  return null;
}

describe('every API route', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.some((route) => route.path === '/api/me')).toBe(true);
  });

  it('answers bad bodies with a 4xx, never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m !== 'GET')) {
        for (const [who, client] of clients) {
          // A stranger is turned away before the body matters; two shapes are enough for them.
          for (const [kind, payload] of who === 'anonymous' ? BODIES.slice(0, 2) : BODIES) {
            const url = withParams(route.path, crypto.randomUUID());
            const response = await client.request({
              method: method as 'POST',
              url,
              payload,
              headers: { 'content-type': 'application/json' },
            });
            const found = problem(`${who}: ${method} ${url} with ${kind}`, response);
            if (found) problems.push(found);
          }
          const garbage = await client.request({
            method: method as 'POST',
            url: withParams(route.path, crypto.randomUUID()),
            payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nnot really\r\n',
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          });
          const found = problem(`${who}: ${method} ${route.path} with broken multipart`, garbage);
          if (found) problems.push(found);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers odd ids and odd queries with a 4xx, never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const method of route.methods) {
        for (const [who, client] of clients) {
          const urls = route.path.includes(':') ? PARAM_VALUES.map((value) => withParams(route.path, value)) : [];
          if (method === 'GET')
            urls.push(...QUERIES.map((query) => withParams(route.path, crypto.randomUUID()) + query));
          for (const url of urls) {
            const response = await client.request({
              method: method as 'GET',
              url,
              ...(method === 'GET' ? {} : { payload: {} }),
            });
            const found = problem(`${who}: ${method} ${url.slice(0, 120)}`, response);
            if (found) problems.push(found);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('refuses every state-changing route from a foreign Origin, and oversized bodies with 413', async () => {
    const [, user] = clients[1]!;
    // Who may call is settled before the body is read (a stranger's body is refused unread), so the
    // oversized bodies come from an admin, whom every route lets through to its body.
    const [, admin] = clients[2]!;
    const problems: string[] = [];
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m !== 'GET')) {
        const url = withParams(route.path, crypto.randomUUID());
        const foreign = await user.request({
          method: method as 'POST',
          url,
          payload: {},
          headers: { origin: 'https://evil.example' },
        });
        // A route declared crossSite (a mail's one-click unsubscribe) is taken from anywhere: its token decides.
        const crossSite = (apiRoutes as Record<string, ApiRouteSpec>)[`${method} ${route.path}`]?.crossSite;
        if (crossSite ? foreign.statusCode >= 500 || foreign.statusCode === 403 : foreign.statusCode !== 403)
          problems.push(`${method} ${url} from a foreign Origin -> ${foreign.statusCode}`);
        const large = await admin.request({
          method: method as 'POST',
          url,
          payload: { padding: 'x'.repeat(70 * 1024) },
        });
        if (large.statusCode !== 413) problems.push(`${method} ${url} with 70 KB of JSON -> ${large.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
