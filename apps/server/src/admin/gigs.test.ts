/**
 * Admin gigs are saved through the offers service: an admin's upload is checked, processed and stored
 * exactly like a creator's (PUT /api/offers/mine), with the same refusals, texts and processing slot.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts, type AdminGig } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { pngImage, slowStartMp4, storedFiles } from '../offers/offers.test-support.ts';
import { createOffer, multipart } from './test-factories.ts';

const v = texts.validation;
let t: TestApp;
let admin: TestClient & { user: { id: string } };
let png: Buffer;
let slowMp4: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ admin: true });
  png = await pngImage();
  const source = path.join(t.dataDir, 'slow.mp4');
  slowStartMp4(source);
  slowMp4 = await readFile(source);
});
afterAll(async () => t.close());

const video = () => ({ name: 'clip.mp4', type: 'video/mp4', bytes: slowMp4 });
const image = () => ({ name: 'photo.png', type: 'image/png', bytes: png });
const filesOf = async (userId: string) => (await storedFiles(t)).filter((file) => file.startsWith(`offers/${userId}/`));
/** Files left in the upload and processing folder (its empty subfolders do not count). */
const tempFiles = async () =>
  (await readdir(path.join(t.dataDir, 'tmp'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
const gigFields = (userId?: string) => ({
  ...(userId ? { userId } : {}),
  title: 'Admin gig',
  link: 'example.com/gig',
  hashtags: '#Video edit',
});

async function createGig(userId: string, file?: { name: string; type: string; bytes: Buffer }) {
  return admin.request({ method: 'POST', url: '/api/admin/gigs', ...multipart(gigFields(userId), file) });
}
async function editGig(
  id: string,
  file?: { name: string; type: string; bytes: Buffer },
  fields: Record<string, string> = gigFields(),
) {
  return admin.request({ method: 'PATCH', url: `/api/admin/gigs/${id}`, ...multipart(fields, file) });
}
const versionOf = async (id: string) =>
  (await t.deps.database.query<{ version: number }>('select version from offers where id = $1', [id]))[0]!.version;

async function expectFastStartVideoWithPoster(gig: AdminGig) {
  expect(gig).toMatchObject({ mediaKind: 'video' });
  expect(gig.mediaUrl).toMatch(/\.mp4$/);
  const served = await t.app.inject({ url: gig.mediaUrl });
  expect(served.headers['content-type']).toBe('video/mp4');
  // Fast start: the index (moov) comes before the media data (mdat), so playback starts at once.
  expect(served.rawPayload.indexOf('moov')).toBeGreaterThan(-1);
  expect(served.rawPayload.indexOf('moov')).toBeLessThan(served.rawPayload.indexOf('mdat'));
  expect(gig.posterUrl).toMatch(/\.poster\.jpg$/);
  const poster = await t.app.inject({ url: gig.posterUrl! });
  expect((await sharp(poster.rawPayload).metadata()).format).toBe('jpeg');
}

describe("admin gig media is processed like a creator's", () => {
  it('the uploaded video is not fast-start to begin with', () => {
    expect(slowMp4.indexOf('moov')).toBeGreaterThan(slowMp4.indexOf('mdat'));
  });

  it('creating a gig with a video stores a fast-start MP4 (index before data) and a poster, approved', async () => {
    const creator = await t.createUser();
    const created = await createGig(creator.id, video());
    expect(created.statusCode, created.body).toBe(201);
    const gig: AdminGig = created.json().gig;
    expect(gig).toMatchObject({ isApproved: true, tags: ['edit', 'video'], creator: { id: creator.id } });
    await expectFastStartVideoWithPoster(gig);
    expect(await filesOf(creator.id)).toHaveLength(2);
    expect(await tempFiles()).toEqual([]);
  });

  it('creating a gig with an image stores it as WebP at feed size', async () => {
    const creator = await t.createUser();
    const gig: AdminGig = (await createGig(creator.id, image())).json().gig;
    expect(gig.mediaUrl).toMatch(/\.webp$/);
    expect(gig.posterUrl).toBeNull();
    const served = await t.app.inject({ url: gig.mediaUrl });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', height: 1080, width: 540 });
  });

  it('editing a gig with a video stores it fast-start with a poster, removes the replaced file, keeps approval and moves the version', async () => {
    const creator = await t.createUser();
    const gig: AdminGig = (await createGig(creator.id, image())).json().gig;
    const [oldFile] = await filesOf(creator.id);
    const edited = await editGig(gig.id, video());
    expect(edited.statusCode, edited.body).toBe(200);
    const after: AdminGig = edited.json().gig;
    expect(after).toMatchObject({ id: gig.id, isApproved: true, version: gig.version + 1 });
    await expectFastStartVideoWithPoster(after);
    const files = await filesOf(creator.id);
    expect(files).toHaveLength(2);
    expect(files).not.toContain(oldFile);
  });

  it('an admin edit of an offer waiting for approval leaves it waiting', async () => {
    const creator = await t.createUser();
    const id = await createOffer(t, creator.id, { isApproved: false });
    const before = await versionOf(id);
    const edited = await editGig(id, image());
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().gig).toMatchObject({ isApproved: false, mediaKind: 'image' });
    expect(await versionOf(id)).toBe(before + 1);
  });
});

describe("admin gig uploads get the creator's refusals and texts", () => {
  it('an HTML file named .mp4 is refused by its bytes: 415 "Invalid file type", nothing stored', async () => {
    const creator = await t.createUser();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const response = await createGig(creator.id, { name: 'clip.mp4', type: 'video/mp4', bytes: html });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'invalid_file_type', message: v.invalidFileType });
    expect(await filesOf(creator.id)).toEqual([]);
    expect(await t.deps.database.query('select id from offers where user_id = $1', [creator.id])).toEqual([]);
  });

  it('an image that does not decode is refused: 415 "Invalid file type", no gig, no file', async () => {
    const creator = await t.createUser();
    const broken = Buffer.concat([png.subarray(0, 200), Buffer.alloc(500)]);
    const response = await createGig(creator.id, { name: 'x.png', type: 'image/png', bytes: broken });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(v.invalidFileType);
    expect(await filesOf(creator.id)).toEqual([]);
    expect(await t.deps.database.query('select id from offers where user_id = $1', [creator.id])).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('an edit with a refused file changes nothing', async () => {
    const creator = await t.createUser();
    const gig: AdminGig = (await createGig(creator.id, image())).json().gig;
    const broken = Buffer.concat([png.subarray(0, 200), Buffer.alloc(500)]);
    const response = await editGig(
      gig.id,
      { name: 'x.png', type: 'image/png', bytes: broken },
      { ...gigFields(), title: 'Changed' },
    );
    expect(response.statusCode).toBe(415);
    expect(await versionOf(gig.id)).toBe(gig.version);
    expect(await filesOf(creator.id)).toEqual([gig.mediaUrl.replace('/media/', '')]);
  });

  it("takes the admin's one processing slot: a second upload while one runs gets 429 with the creator's text", async () => {
    const creator = await t.createUser();
    await t.deps.database.query('insert into media_processing (user_id, started_at) values ($1, $2)', [
      admin.user.id,
      t.clock.now().toISOString(),
    ]);
    try {
      const response = await createGig(creator.id, image());
      expect(response.statusCode).toBe(429);
      expect(response.json().error).toMatchObject({ code: 'media_busy', message: v.mediaBusy });
      expect(await filesOf(creator.id)).toEqual([]);
    } finally {
      await t.deps.database.query('delete from media_processing where user_id = $1', [admin.user.id]);
    }
  });

  it('a save that fails after processing removes the stored files and writes nothing', async () => {
    const creator = await t.createUser();
    const db = t.deps.database.db;
    const original = db.transaction.bind(db);
    db.transaction = (async () => {
      throw new Error('database went away');
    }) as typeof db.transaction;
    try {
      const failed = await createGig(creator.id, video());
      expect(failed.statusCode).toBe(500);
    } finally {
      db.transaction = original;
    }
    expect(await filesOf(creator.id)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('a creator who already has an offer gets 409 before any file is processed or stored', async () => {
    const creator = await t.createUser();
    await createOffer(t, creator.id);
    const response = await createGig(creator.id, video());
    expect(response.statusCode).toBe(409);
    expect(await filesOf(creator.id)).toEqual([]);
  });
});

describe('the self-test saves media the way a gig does', () => {
  it('processes the chosen image to WebP before creating the test gig, and leaves nothing behind', async () => {
    const response = await admin.request({ method: 'POST', url: '/api/admin/self-test', ...multipart({}, image()) });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.ok, JSON.stringify(result.steps)).toBe(true);
    expect(result.steps[0]).toMatchObject({
      name: 'Upload',
      ok: true,
      detail: expect.stringMatching(/ as image\/webp$/),
    });
    expect((await storedFiles(t)).filter((file) => file.startsWith('offers/selftest/'))).toEqual([]);
  });
});
