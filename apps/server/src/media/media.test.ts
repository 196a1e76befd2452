/** Public media: real type, nosniff, HTTP Range, and nothing outside the public prefixes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.storage.put('offers/u1/1700000000000.mp4', bytes, 'video/mp4');
  await t.deps.storage.put('avatars/u1/avatar.png', bytes, 'image/png');
  await t.deps.storage.put('deliveries/orders/o1/1700000000000.jpg', bytes, 'image/jpeg');
  await t.deps.storage.put('private_jobs/u1/1700000000000.png', bytes, 'image/png');
  await t.deps.storage.put('offers/u1/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
});
afterAll(async () => t.close());

describe('GET /media/*', () => {
  it('answers 404, never a 500, for a file removed between finding it and reading it', async () => {
    const key = 'offers/u1/1700000000001.webp';
    await t.deps.storage.put(key, bytes, 'image/webp');
    const storage = t.deps.storage;
    const head = storage.head.bind(storage);
    // the offer is replaced in another request at the worst moment: just after the file was found
    storage.head = async (found) => {
      const object = await head(found);
      await storage.delete(found);
      return object;
    };
    try {
      for (const headers of [{}, { range: 'bytes=0-9' }]) {
        const response = await t.client().request({ method: 'GET', url: `/media/${key}`, headers });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['cache-control']).toBeUndefined();
        await storage.put(key, bytes, 'image/webp');
      }
    } finally {
      storage.head = head;
    }
  });

  it('serves the whole file with its real type and nosniff', async () => {
    const response = await t.client().get('/media/offers/u1/1700000000000.mp4');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(1000);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    // A stored file never changes under its name, so browsers and CDNs keep it for a year.
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers a Range with 206 and exactly those bytes', async () => {
    const first = await t
      .client()
      .request({ method: 'GET', url: '/media/offers/u1/1700000000000.mp4', headers: { range: 'bytes=0-9' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-9/1000');
    expect(first.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    const open = await t
      .client()
      .request({ method: 'GET', url: '/media/offers/u1/1700000000000.mp4', headers: { range: 'bytes=990-' } });
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const suffix = await t
      .client()
      .request({ method: 'GET', url: '/media/offers/u1/1700000000000.mp4', headers: { range: 'bytes=-5' } });
    expect(suffix.headers['content-range']).toBe('bytes 995-999/1000');
    expect(suffix.rawPayload.equals(bytes.subarray(995))).toBe(true);
    const past = await t
      .client()
      .request({ method: 'GET', url: '/media/offers/u1/1700000000000.mp4', headers: { range: 'bytes=500-5000' } });
    expect(past.headers['content-range']).toBe('bytes 500-999/1000');
  });

  it('answers a range it cannot satisfy with 416', async () => {
    for (const range of ['bytes=1000-', 'bytes=2000-3000', 'bytes=9-3', 'bytes=-']) {
      const response = await t
        .client()
        .request({ method: 'GET', url: '/media/offers/u1/1700000000000.mp4', headers: { range } });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
    }
  });

  it('serves a range it does not understand whole', async () => {
    const response = await t
      .client()
      .request({ method: 'GET', url: '/media/offers/u1/1700000000000.mp4', headers: { range: 'lines=1-2' } });
    expect(response.statusCode).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const response = await t.client().request({ method: 'HEAD', url: '/media/avatars/u1/avatar.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Number(response.headers['content-length'])).toBe(1000);
    expect(response.rawPayload.length).toBe(0);
    const ranged = await t
      .client()
      .request({ method: 'HEAD', url: '/media/avatars/u1/avatar.png', headers: { range: 'bytes=0-1' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(0);
  });

  it.each([
    '/media/deliveries/orders/o1/1700000000000.jpg',
    '/media/private_jobs/u1/1700000000000.png',
    '/media/offers/u1/page.html',
    '/media/offers/u1/missing.mp4',
    '/media/offers/../deliveries/orders/o1/1700000000000.jpg',
    '/media/offers/%2e%2e/deliveries/orders/o1/1700000000000.jpg',
    '/media/offers%2f..%2fdeliveries/orders/o1/1700000000000.jpg',
    '/media/offers/u1/%00.mp4',
    '/media/%E0%A4%A.mp4',
    '/media/',
  ])('%s -> 404 (never private files, never a type that could run script)', async (url) => {
    const response = await t.client().get(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).not.toMatch(/html|image|video/);
  });

  it('a path that decodes to invalid UTF-8, once or after a second decode, answers 400 or 404 in the error shape, never 500', async () => {
    for (const [path, status] of [
      ['/media/offers/%E0%A4%A.webp', 400],
      ['/media/offers/%ED%A0%80.webp', 400],
      ['/media/offers/%25E0%25A4%25A.webp', 404],
      ['/media/avatars/%25.png', 404],
    ] as const) {
      const response = await t.client().get(path);
      expect(response.statusCode, path).toBe(status);
      expect(typeof response.json().error.message).toBe('string');
    }
  });

  it('a path is decoded once: an escaped escape is not a way to "..", and the file under its plain name is still served', async () => {
    expect(
      (await t.client().get('/media/offers/u1/%252e%252e/%252e%252e/private_jobs/u1/1700000000000.png')).statusCode,
    ).toBe(404);
    expect((await t.client().get('/media/offers/u1/%31700000000000.mp4')).statusCode).toBe(200);
  });
});
