/** The S3 storage path against a real S3-protocol server (s3rver checks request signatures). */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { freeOffer, pngImage, putOffer } from '../offers/offers.test-support.ts';
import { createS3Storage, type S3Settings } from './s3.ts';
import type { Storage } from './storage.ts';

let server: S3rver;
let dir: string;
let settings: S3Settings;
let storage: Storage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gigreel-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: 'gigreel-media' }],
  });
  const { port } = await server.run();
  settings = {
    bucket: 'gigreel-media',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-west-2',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  storage = createS3Storage(settings);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createS3Storage', () => {
  it('puts buffers, files and unsized streams; heads, reads whole and by range, deletes', async () => {
    await storage.put('offers/u1/a.txt', Buffer.from('0123456789'), 'text/plain');
    expect(await storage.head('offers/u1/a.txt')).toEqual({ size: 10, contentType: 'text/plain' });
    expect(await text(await storage.get('offers/u1/a.txt'))).toBe('0123456789');
    expect(await text(await storage.get('offers/u1/a.txt', { start: 2, end: 5 }))).toBe('2345');

    const file = path.join(dir, 'upload.bin');
    await writeFile(file, 'from a file');
    await storage.put('offers/u1/b.bin', createReadStream(file), 'application/octet-stream');
    expect(await text(await storage.get('offers/u1/b.bin'))).toBe('from a file');
    await storage.put(
      'offers/u1/c.bin',
      Readable.from([Buffer.from('chunk one, '), Buffer.from('chunk two')]),
      'application/octet-stream',
    );
    expect(await text(await storage.get('offers/u1/c.bin'))).toBe('chunk one, chunk two');

    await storage.delete('offers/u1/a.txt');
    expect(await storage.head('offers/u1/a.txt')).toBeNull();
    await storage.delete('offers/u1/never-there.txt');
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
  });

  it('refuses wrong credentials (the server checks signatures)', async () => {
    const wrong = createS3Storage({ ...settings, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('offers/u1/x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });
});

describe('the app on S3 (S3_* settings)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    });
  });
  afterAll(async () => t.close());

  it('stores offer media in the bucket, serves it with Range, and deletes replaced media', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const c = await t.signedIn();
    const first = (
      await putOffer(c, freeOffer(), { data: await pngImage(), filename: 'a.png', contentType: 'image/png' })
    ).json().offer;
    const key = first.mediaUrl.replace('/media/', '');
    const head = await storage.head(key);
    expect(head?.size).toBeGreaterThan(100);
    const whole = await t.app.inject({ url: first.mediaUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.rawPayload.length).toBe(head?.size);
    const part = await t.app.inject({ url: first.mediaUrl, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${head?.size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(4, 12))).toBe(true);
    expect((await t.app.inject({ url: '/media/offers/nobody/none.webp' })).statusCode).toBe(404);

    const second = (
      await putOffer(c, freeOffer(), { data: await pngImage(300, 300), filename: 'b.png', contentType: 'image/png' })
    ).json().offer;
    expect(second.mediaUrl).not.toBe(first.mediaUrl);
    expect(await storage.head(key)).toBeNull();
  });
});
