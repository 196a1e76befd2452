/**
 * Property-based fuzzing (fast-check) of every request schema on the running app, with real ids so
 * generated values get past the id checks and into the fields' own rules. For any body, query or path
 * value: never a 5xx, every refusal in the one error shape; and whatever a write accepts reads back
 * through the screens' own routes as valid JSON holding no markup (no tag, no event handler, no
 * script link), so no stored value can break a page or run in it. every-route.test.ts covers the
 * fixed hostile cases; this one searches around them.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { routesOf } from '../../test/routes.ts';
import { createOrderIn, createPaidOffer, multipart } from '../orders/test-helpers.ts';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  '<<b>script>alert(1)<</b>/script>',
  '<a href="javascript:alert(1)">x</a>',
  '\u0000',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  '\u202Eevil',
  '😀'.repeat(600),
  'x'.repeat(10_000),
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
];
const text = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')),
);
/** Any JSON value at all, text most often. */
const value = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'toString'), text, { maxKeys: 2 }),
);
/** A body for a route whose fields are `fields`: those fields with any values (some left out, some extra), or anything at all. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] }),
    },
    fc.record(Object.fromEntries(fields.map((field) => [field, text])), { requiredKeys: fields }),
    fc.jsonValue(),
    fc.string().map((raw) => ({ raw })),
  );

/** A tag: markup that must never come back out of a stored value (text such as "x onerror=1" outside a tag is only text). */
const MARKUP = /<[a-z!/?]/i;

let t: TestApp;
let seller: TestClient & { user: { id: string } };
let buyer: TestClient & { user: { id: string } };
let designer: TestClient & { user: { id: string } };
let admin: TestClient & { user: { id: string } };
let offerId: string;
let orderId: string;
let jobId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.signedIn({ name: 'Fuzzy Seller' });
  buyer = await t.signedIn({ name: 'Fuzzy Buyer' });
  designer = await t.signedIn({ email: 'designer@example.com', name: 'Fuzzy Designer' });
  admin = await t.signedIn({ admin: true, name: 'Fuzzy Admin' });
  offerId = await createPaidOffer(t, seller.user.id, { title: 'A fuzzed offer' });
  orderId = await createOrderIn(t, 'delivered', { buyerId: buyer.user.id, sellerId: seller.user.id, offerId });
  const job = await buyer.request({
    method: 'POST',
    url: '/api/jobs',
    ...multipart({ title: 'Fuzz job', deliveryTime: '2 Days' }),
  });
  jobId = job.json().job.id;
});
afterAll(() => t.close()); // audit entries are written before each reply goes out

type Sent = { statusCode: number; body: string; headers: Record<string, unknown> };

/** Null when the answer is acceptable: below 500, and a JSON refusal in the error shape. */
function problem(response: Sent): string | null {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('json')) {
    const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown; field?: unknown } };
    if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string')
      return `${response.statusCode} not in the error shape: ${response.body.slice(0, 200)}`;
    if (body.error.field !== undefined && typeof body.error.field !== 'string')
      return `field is not a string: ${response.body.slice(0, 200)}`;
  }
  return null;
}

function sendJson(client: TestClient, method: InjectOptions['method'], url: string, body: unknown): Promise<Sent> {
  const raw =
    typeof body === 'object' && body !== null && 'raw' in body && Object.keys(body).length === 1
      ? String((body as { raw: unknown }).raw)
      : (JSON.stringify(body) ?? 'null');
  return client.request({ method, url, payload: raw, headers: { 'content-type': 'application/json' } });
}

/** Every string anywhere in a JSON answer. */
function stringsIn(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const item of node) stringsIn(item, out);
  else if (node && typeof node === 'object') for (const item of Object.values(node)) stringsIn(item, out);
  return out;
}

async function readsClean(client: TestClient, url: string): Promise<void> {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  const marked = stringsIn(response.json()).filter((s) => MARKUP.test(s) && !s.startsWith('/'));
  expect(marked, `${url} gives back markup`).toEqual([]);
}

const RUNS = { numRuns: 40 };

describe('fuzzed JSON bodies', () => {
  // [route, who sends it, its fields]
  const ROUTES: Array<[string, () => TestClient, string[]]> = [
    ['PATCH /api/profile', () => buyer, ['displayName', 'bio', 'paypalLink']],
    ['POST /api/messages', () => buyer, ['offerId', 'text']],
    ['POST /api/messages/with/:seller', () => buyer, ['text']],
    ['POST /api/offers/:offer/boost', () => buyer, ['active']],
    ['POST /api/offers/:offer/favorite', () => buyer, ['active']],
    ['PUT /api/offers/:offer/reaction', () => buyer, ['emoji']],
    ['POST /api/orders', () => buyer, ['offerId']],
    ['POST /api/orders/:order/messages', () => buyer, ['key']],
    ['POST /api/jobs/:job/status', () => designer, ['status']],
    ['POST /api/auth/sign-up/email', () => t.client(), ['displayName', 'email', 'password']],
    ['POST /api/auth/sign-in/email', () => t.client(), ['email', 'password']],
    ['POST /api/auth/forgot-password', () => t.client(), ['email']],
    ['POST /api/auth/reset-password', () => t.client(), ['token', 'password']],
    ['POST /api/admin/creators', () => admin, ['displayName', 'email', 'bio']],
    ['PATCH /api/admin/creators/:seller', () => admin, ['displayName', 'bio', 'paypalLink']],
  ];
  const url = (path: string) =>
    path
      .replace(':seller', seller.user.id)
      .replace(':offer', offerId)
      .replace(':order', orderId)
      .replace(':job', jobId);

  for (const [route, who, fields] of ROUTES) {
    it(`${route}: no 5xx, refusals in the error shape`, async () => {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      await fc.assert(
        fc.asyncProperty(bodyFor(fields), async (body) => {
          const response = await sendJson(who(), method, url(path), body);
          expect(problem(response)).toBeNull();
        }),
        RUNS,
      );
    });
  }

  it('whatever the profile and admin creator forms accept reads back without markup', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(text, text, async (displayName, bio) => {
        const saved = await sendJson(buyer, 'PATCH', '/api/profile', { displayName, bio });
        expect(problem(saved)).toBeNull();
        const edited = await sendJson(admin, 'PATCH', `/api/admin/creators/${seller.user.id}`, { displayName, bio });
        expect(problem(edited)).toBeNull();
        if (saved.statusCode < 300 || edited.statusCode < 300) {
          accepted += 1;
          await readsClean(buyer, '/api/profile');
          await readsClean(buyer, `/api/creators/${seller.user.id}`);
          await readsClean(admin, '/api/admin/creators');
        }
      }),
      { numRuns: 30, examples: [['Ann <b onmouseover=x>Lee', '<script>alert(1)</script>Bio & <i>more</i>']] },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('whatever a message accepts reads back without markup, in the thread and the admin list', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(text, async (message) => {
        const sent = await sendJson(buyer, 'POST', '/api/messages', { offerId, text: message });
        expect(problem(sent)).toBeNull();
        if (sent.statusCode < 300) {
          accepted += 1;
          await readsClean(seller, `/api/messages/with/${buyer.user.id}`);
          await readsClean(seller, '/api/messages/conversations');
          await readsClean(admin, '/api/admin/messages');
        }
      }),
      { numRuns: 30, examples: [['Hello <b>there</b> &lt;script&gt;']] },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('fuzzed multipart forms', () => {
  it('an offer save: no 5xx, and what is kept reads back without markup, its link https', async () => {
    const link = fc.oneof(
      text,
      fc.webUrl(),
      fc.domain(),
      fc.webUrl().map((url) => `${url}/"><script>alert(1)</script>`),
    );
    const form = fc.record(
      {
        title: fc.oneof(text, fc.string({ minLength: 1, maxLength: 60 })),
        link,
        tags: text,
        description: text,
        isPaidOffer: fc.constantFrom('true', 'false', 'yes', ''),
        price: fc.oneof(text, fc.constantFrom('10', '£12.50', '0', '-5', '1e9')),
        paypalLink: link,
        purchaseNote: text,
        musicTrackName: text,
        musicCreditLink: link,
      },
      { requiredKeys: ['title', 'link'] },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const response = await seller.request({
          method: 'PUT',
          url: '/api/offers/mine',
          ...multipart(fields as Record<string, string>),
        });
        expect(problem(response)).toBeNull();
        if (response.statusCode < 300) accepted += 1;
        const mine = (await seller.get('/api/offers/mine')).json().offer as { link: string } | null;
        if (mine?.link) expect(mine.link).toMatch(/^https?:\/\//);
        await readsClean(seller, '/api/offers/mine');
        await readsClean(admin, '/api/admin/gigs');
      }),
      {
        numRuns: 40,
        examples: [
          [
            {
              title: 'Logo <script>alert(1)</script>design',
              link: 'example.com/<b>x</b>',
              tags: '<i>a</i>, b',
              description: '<img src=x onerror=alert(1)>text',
              isPaidOffer: 'false',
              price: '',
              paypalLink: '',
              purchaseNote: '',
              musicTrackName: '<u>Song</u>',
              musicCreditLink: '',
            },
          ],
        ],
      },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('a private job: no 5xx, and what is kept reads back without markup', async () => {
    let accepted = 0;
    const budgets = fc.oneof(text, fc.constantFrom('', '30', '£30.50', '-1', '1e9'));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.oneof(text, fc.constantFrom('1 Day', '2 Days', '3 Days', '1 Week')),
        text,
        budgets,
        async (title, deliveryTime, description, budget) => {
          const response = await buyer.request({
            method: 'POST',
            url: '/api/jobs',
            ...multipart({ title, deliveryTime, description, budget }),
          });
          expect(problem(response)).toBeNull();
          if (response.statusCode < 300) {
            accepted += 1;
            await readsClean(buyer, '/api/jobs/sent');
            await readsClean(designer, '/api/jobs/inbox');
          }
        },
      ),
      {
        numRuns: 30,
        examples: [['Poster <script>alert(1)</script>', '1 Week', '<a href="javascript:alert(1)">brief</a>', '£30']],
      },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('fuzzed paths and queries on every route', () => {
  it('any value in any path parameter or query string: no 5xx, refusals in the error shape', async () => {
    // The live stream never ends and sign-out would end the session used here: each has its own tests.
    const routes = routesOf(t.app).filter(
      (route) => route.path.startsWith('/api/') && !/^\/api\/(events|auth\/sign-out)/.test(route.path),
    );
    const tried = new Set<string>();
    const wellFormed = (s: string) =>
      s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
    const segment = fc.oneof(
      text.map((s) => encodeURIComponent(wellFormed(s.slice(0, 300)))),
      fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2F..%2F', 'a%2Fb'),
      fc.uuid(),
    );
    const query = fc.dictionary(
      fc.constantFrom('q', 'tag', 'cursor', 'ids', 'unit', 'limit', 'fresh', 'token', 'expires', 'sig', '__proto__'),
      text,
      { maxKeys: 3 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), segment, query, async (route, param, search) => {
        const method = route.methods[0]!;
        const url = `${route.path.replace(/:[A-Za-z]+/g, param)}?${new URLSearchParams(Object.entries(search).map(([key, item]): [string, string] => [key, wellFormed(item)])).toString()}`;
        tried.add(route.path);
        const response = await admin.request({
          method: method as InjectOptions['method'],
          url,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(problem(response), `${method} ${url}`).toBeNull();
      }),
      { numRuns: routes.length * 6 },
    );
    // Every route drawn at least once (fast-check draws uniformly; with six tries each a miss is rare, so retry the missing).
    for (const route of routes.filter((r) => !tried.has(r.path))) {
      const response = await admin.request({
        method: route.methods[0] as InjectOptions['method'],
        url: route.path.replace(/:[A-Za-z]+/g, '%E0%A4%A'),
        payload: {},
      });
      expect(problem(response)).toBeNull();
    }
  });
});
