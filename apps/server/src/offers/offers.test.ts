import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, offerTexts, texts } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { freeOffer, pngImage, putOffer, seedOffer, slowStartMp4, storedFiles } from './offers.test-support.ts';

const v = texts.validation;
let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await pngImage();
});
afterAll(async () => t.close());

const image = () => ({ data: png, filename: 'photo.png', contentType: 'image/png' });
const filesOf = async (userId: string) => (await storedFiles(t)).filter((file) => file.startsWith(`offers/${userId}/`));
const tempFiles = async () => readdir(path.join(t.dataDir, 'tmp')).catch(() => [] as string[]);
/** The version the admin reviews (approval names it). */
const versionOf = async (offerId: string) =>
  (await t.deps.database.query<{ version: number }>('select version from offers where id = $1', [offerId]))[0]!.version;

describe('PUT /api/offers/mine: post and edit the one offer', () => {
  it('posts an offer with an image re-encoded to feed size, waiting for approval', async () => {
    const c = await t.signedIn();
    const response = await putOffer(c, freeOffer(), image());
    expect(response.statusCode).toBe(200);
    const { offer, message } = response.json();
    expect(message).toBe(offerTexts.posted);
    expect(offer).toMatchObject({
      title: 'Logo design in a day',
      link: 'https://example.com/logos',
      isApproved: false,
      mediaKind: 'image',
      tags: ['design', 'logo'],
      deliveryMethod: 'file_upload',
      creator: { id: c.user.id },
    });
    expect(offer.mediaUrl).toMatch(new RegExp(`^/media/offers/${c.user.id}/\\d+-[0-9a-f]+\\.webp$`));
    const media = await t.app.inject({ url: offer.mediaUrl });
    expect(media.headers['content-type']).toBe('image/webp');
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', height: 1080, width: 540 });
    expect((await c.get('/api/offers/mine')).json().offer).toMatchObject({ id: offer.id, isApproved: false });
    expect(await tempFiles()).toEqual([]);
  });

  it('edits without new media ("Your offer has been updated!"), and every save needs approval again', async () => {
    const c = await t.signedIn();
    const created = (await putOffer(c, freeOffer(), image())).json().offer;
    const admin = await t.signedIn({ admin: true });
    expect(
      (await admin.post(`/api/admin/offers/${created.id}/approve`, { version: await versionOf(created.id) }))
        .statusCode,
    ).toBe(200);
    const edited = await putOffer(c, freeOffer({ title: 'New title', tags: 'NEW' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(offerTexts.updated);
    expect(edited.json().offer).toMatchObject({
      id: created.id,
      title: 'New title',
      isApproved: false,
      mediaUrl: created.mediaUrl,
      tags: ['new'],
    });
  });

  it('a paid offer: "Paid offer submitted for review!", price in pence, link forced to the home link', async () => {
    const c = await t.signedIn();
    const response = await putOffer(
      c,
      {
        title: 'Paid',
        isPaidOffer: 'true',
        price: '£12.50',
        paypalLink: 'paypal.me/me',
        purchaseNote: 'Brief after paying',
        link: 'https://elsewhere.example.com',
      },
      image(),
    );
    expect(response.json().message).toBe(offerTexts.paidSubmitted);
    expect(response.json().offer).toMatchObject({
      isPaidOffer: true,
      pricePence: 1250,
      link: '',
      paypalLink: 'https://paypal.me/me',
      purchaseNote: 'Brief after paying',
    });
    const missing = await putOffer(c, { title: 'Paid', isPaidOffer: 'true', price: '12' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(v.missingPaidFields);
  });

  it('needs media when the offer has none ("Media required") and gives each SPEC text, leaving no file behind', async () => {
    const c = await t.signedIn();
    const none = await putOffer(c, freeOffer());
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ message: v.mediaRequired, field: 'media' });
    const noTitle = await putOffer(c, freeOffer({ title: ' ' }), image());
    expect(noTitle.json().error.message).toBe(v.titleRequired);
    expect((await putOffer(c, freeOffer({ link: '' }), image())).json().error.message).toBe(v.linkRequired);
    expect((await putOffer(c, freeOffer({ link: 'javascript:alert(1)' }), image())).json().error.message).toBe(
      v.invalidLink,
    );
    expect((await putOffer(c, freeOffer({ link: 'localhost:99999' }), image())).json().error.message).toBe(
      v.invalidLink,
    );
    expect((await putOffer(c, freeOffer({ link: 'nodot' }), image())).json().error.message).toBe(
      v.validDomain('nodot.com'),
    );
    expect(await filesOf(c.user.id)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
    expect((await c.get('/api/offers/mine')).json()).toEqual({ offer: null });
  });

  it('refuses fake media by its bytes: an HTML file renamed .mp4 gets "Invalid file type"', async () => {
    const c = await t.signedIn();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const response = await putOffer(c, freeOffer(), { data: html, filename: 'clip.mp4', contentType: 'video/mp4' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(v.invalidFileType);
    // bytes that claim to be an image but do not decode
    const broken = Buffer.concat([png.subarray(0, 200), Buffer.alloc(500)]);
    const bad = await putOffer(c, freeOffer(), { data: broken, filename: 'x.png', contentType: 'image/png' });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error.message).toBe(v.invalidFileType);
    expect(await filesOf(c.user.id)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses 10 MB and one byte while it streams ("File too large") and keeps nothing', async () => {
    const c = await t.signedIn();
    const big = Buffer.alloc(10 * MB + 1);
    png.copy(big);
    const response = await putOffer(c, freeOffer(), { data: big, filename: 'big.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(v.fileTooLarge);
    expect(await tempFiles()).toEqual([]);
    expect(await filesOf(c.user.id)).toEqual([]);
  });

  it('turns a video into a fast-start MP4 (index first) with a poster, and deletes the old media when replaced', async () => {
    const c = await t.signedIn();
    const first = (await putOffer(c, freeOffer(), image())).json().offer;
    const oldFiles = await filesOf(c.user.id);
    expect(oldFiles).toHaveLength(1);
    const source = path.join(t.dataDir, 'slow.mp4');
    slowStartMp4(source);
    const raw = await readFile(source);
    expect(raw.indexOf('moov')).toBeGreaterThan(raw.indexOf('mdat'));
    const response = await putOffer(c, freeOffer(), {
      data: raw,
      filename: 'clip.mov',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    const offer = response.json().offer;
    expect(offer).toMatchObject({ id: first.id, mediaKind: 'video' });
    expect(offer.mediaUrl).toMatch(/\.mp4$/);
    expect(offer.posterUrl).toMatch(/\.poster\.jpg$/);
    const video = await t.app.inject({ url: offer.mediaUrl });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.indexOf('moov')).toBeLessThan(video.rawPayload.indexOf('mdat'));
    const poster = await t.app.inject({ url: offer.posterUrl });
    expect((await sharp(poster.rawPayload).metadata()).format).toBe('jpeg');
    const now = await filesOf(c.user.id);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(oldFiles[0]);
  });

  it('keeps one offer per user, even when two saves race', async () => {
    // Two saves with media cannot run side by side any more (one media job per person, see
    // platform/uploads.test.ts), so the race is between two edits, made while the offer is new.
    const c = await t.signedIn();
    const created = (await putOffer(c, freeOffer({ title: 'A' }), image())).json().offer;
    const [x, y] = await Promise.all([putOffer(c, freeOffer({ title: 'X' })), putOffer(c, freeOffer({ title: 'Y' }))]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([x.json().offer.id, y.json().offer.id]).toEqual([created.id, created.id]);
    const rows = await t.deps.database.query<{ n: number }>(
      'select count(*)::int as n from offers where user_id = $1',
      [c.user.id],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await filesOf(c.user.id)).toHaveLength(1);
  });

  it('a save that fails after the media was stored deletes that media and keeps the old offer', async () => {
    const c = await t.signedIn();
    const first = (await putOffer(c, freeOffer(), image())).json().offer;
    const before = await filesOf(c.user.id);
    const db = t.deps.database.db;
    const original = db.transaction.bind(db);
    db.transaction = (async () => {
      throw new Error('database went away');
    }) as typeof db.transaction;
    try {
      const failed = await putOffer(c, freeOffer({ title: 'Changed' }), image());
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.message).toBe(texts.auth.unexpected);
    } finally {
      db.transaction = original;
    }
    expect(await filesOf(c.user.id)).toEqual(before);
    expect(await tempFiles()).toEqual([]);
    expect((await c.get('/api/offers/mine')).json().offer).toMatchObject({
      title: first.title,
      mediaUrl: first.mediaUrl,
    });
  });

  it('matches existing tags regardless of case instead of making new ones', async () => {
    await t.deps.database.query("insert into tags (name) values ('Photography')");
    const c = await t.signedIn();
    const saved = (await putOffer(c, freeOffer({ tags: 'PHOTOGRAPHY, photography ,  ' }), image())).json().offer;
    expect(saved.tags).toEqual(['Photography']);
    const rows = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from tags where lower(name) = 'photography'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('anonymous callers are refused', async () => {
    const anon = t.client();
    expect((await anon.get('/api/offers/mine')).statusCode).toBe(401);
    expect((await putOffer(anon, freeOffer(), image())).statusCode).toBe(401);
  });
});

describe('POST /api/admin/offers/:id/approve', () => {
  it('admins approve the version they reviewed; the owner is notified once; others are refused', async () => {
    const owner = await t.createUser();
    const id = await seedOffer(t, owner.id, { approved: false });
    const other = await t.signedIn();
    const admin = await t.signedIn({ admin: true });
    const version = await versionOf(id);
    expect((await t.client().post(`/api/admin/offers/${id}/approve`, { version })).statusCode).toBe(401);
    expect((await other.post(`/api/admin/offers/${id}/approve`, { version })).statusCode).toBe(403);
    const ok = await admin.post(`/api/admin/offers/${id}/approve`, { version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ gig: { id, isApproved: true }, message: offerTexts.approved });
    await admin.post(`/api/admin/offers/${id}/approve`, { version });
    const notes = await t.deps.database.query<{ kind: string; link: string }>(
      'select kind, link from notifications where user_id = $1',
      [owner.id],
    );
    expect(notes).toEqual([{ kind: 'offer_approved', link: `/offer/${id}` }]);
    expect(
      (await admin.post('/api/admin/offers/00000000-0000-4000-8000-000000000000/approve', { version: 1 })).statusCode,
    ).toBe(404);
    expect((await admin.post('/api/admin/offers/nope/approve', { version: 1 })).statusCode).toBe(400);
  });
});

describe('GET /api/offers/:id and /api/creators/:id', () => {
  it('an approved offer with media is public; otherwise only its owner and admins see it', async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const admin = await t.signedIn({ admin: true });
    const hidden = await seedOffer(t, owner.user.id, { approved: false });
    expect((await t.client().get(`/api/offers/${hidden}`)).statusCode).toBe(404);
    expect((await other.get(`/api/offers/${hidden}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/offers/${hidden}`)).json()).toMatchObject({ id: hidden, isApproved: false });
    expect((await admin.get(`/api/offers/${hidden}`)).statusCode).toBe(200);
    expect((await t.client().get(`/api/creators/${owner.user.id}`)).json()).toMatchObject({
      creator: { id: owner.user.id, displayName: owner.user.name },
      offer: null,
    });
    expect((await owner.get(`/api/creators/${owner.user.id}`)).json().offer).toMatchObject({ id: hidden });

    const seller = await t.createUser({ name: 'Seller' });
    const shown = await seedOffer(t, seller.id, { tags: 'x' });
    expect((await t.client().get(`/api/offers/${shown}`)).json()).toMatchObject({
      id: shown,
      isApproved: true,
      tags: ['x'],
      creator: { displayName: 'Seller' },
    });
    expect((await other.get(`/api/creators/${seller.id}`)).json().offer).toMatchObject({ id: shown });
    expect((await t.client().get('/api/creators/nobody')).statusCode).toBe(404);
  });
});

describe('GET /offer/:id', () => {
  it('writes Open Graph and Twitter card tags for a visible offer, escaped', async () => {
    const seller = await t.createUser({ name: 'Seller' });
    const id = await seedOffer(t, seller.id, { title: 'Logos "best" & more <3', paid: true });
    const page = await t.client().get(`/offer/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      '<meta property="og:title" content="Logos &quot;best&quot; &amp; more &lt;3 · £10.00">',
    );
    expect(page.body).toContain('<title>Logos &quot;best&quot; &amp; more &lt;3 · GigReel</title>');
    expect(page.body.match(/name="description"/g)).toHaveLength(1);
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost:3000/offer/${id}">`);
    expect(page.body).toContain('<meta property="og:image" content="http://localhost:3000/media/offers/');
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    const hidden = await seedOffer(t, (await t.createUser()).id, { approved: false, title: 'Secret' });
    const plain = await t.client().get(`/offer/${hidden}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('og:title');
  });
});

describe('/media/* with HTTP Range', () => {
  it('answers a range with 206 and exactly those bytes', async () => {
    const c = await t.signedIn();
    const offer = (await putOffer(c, freeOffer(), image())).json().offer;
    const whole = await t.app.inject({ url: offer.mediaUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ url: offer.mediaUrl, headers: { range: 'bytes=10-29' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-29/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 30))).toBe(true);
    const tail = await t.app.inject({ url: offer.mediaUrl, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(-5))).toBe(true);
    expect(
      (await t.app.inject({ url: offer.mediaUrl, headers: { range: `bytes=${whole.rawPayload.length}-` } })).statusCode,
    ).toBe(416);
  });
});
