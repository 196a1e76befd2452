import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, profileTexts } from '@gigreel/core';
import { offers } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

function multipart(file: { name: string; type: string; bytes: Buffer }, field = 'avatar') {
  const boundary = `----gigreel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const putAvatar = (c: TestClient, file: { name: string; type: string; bytes: Buffer }, field?: string) =>
  c.request({ method: 'PUT', url: '/api/profile/avatar', ...multipart(file, field) });

const keyOf = (url: string) => url.replace(/^\/media\//, '');
const avatarFiles = async (userId: string) =>
  readdir(path.join(t.dataDir, 'files', 'avatars', userId)).catch(() => [] as string[]);

describe('GET /api/profile', () => {
  it('refuses anonymous callers', async () => {
    const response = await t.client().get('/api/profile');
    expect(response.statusCode).toBe(401);
  });

  it("returns only the caller's own profile with the counts of their offer", async () => {
    const maya = await t.signedIn({ name: 'Maya Lens' });
    const other = await t.signedIn({ name: 'Someone Else' });
    await t.deps.database.db
      .insert(offers)
      .values({ userId: maya.user.id, title: 'Logo in 24h', boostCount: 7, reactionCount: 3 });
    const own = await maya.get('/api/profile');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.json().profile).toMatchObject({
      id: maya.user.id,
      displayName: 'Maya Lens',
      email: maya.user.email,
      profileImage: null,
      bio: null,
      paypalLink: null,
      boostCount: 7,
      reactionCount: 3,
      hasOffer: true,
    });
    expect(new Date(own.json().profile.joinedAt).getTime()).not.toBeNaN();
    const theirs = await other.get('/api/profile');
    expect(theirs.json().profile).toMatchObject({
      id: other.user.id,
      displayName: 'Someone Else',
      boostCount: 0,
      reactionCount: 0,
      hasOffer: false,
    });
  });
});

describe('PATCH /api/profile', () => {
  it('refuses anonymous callers', async () => {
    expect((await t.client().patch('/api/profile', { displayName: 'Hacker' })).statusCode).toBe(401);
  });

  it("changes the caller's profile only, trimmed, with empty bio and link stored as null", async () => {
    const ava = await t.signedIn({ name: 'Ava Stone' });
    const sam = await t.signedIn({ name: 'Sam Beats' });
    const response = await ava.patch('/api/profile', {
      displayName: '  Ava Studio ',
      bio: ' Posters and zines ',
      paypalLink: 'paypal.me/avastudio',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: profileTexts.profileUpdated,
      profile: { displayName: 'Ava Studio', bio: 'Posters and zines', paypalLink: 'https://paypal.me/avastudio' },
    });
    // the session sees the new name at once
    expect((await ava.get('/api/me')).json().viewer.displayName).toBe('Ava Studio');
    // someone else's profile is untouched, and nothing in the body can point at another person
    expect((await sam.get('/api/profile')).json().profile.displayName).toBe('Sam Beats');
    expect((await sam.patch('/api/profile', { id: ava.user.id, displayName: 'Taken Over' })).statusCode).toBe(400);
    expect((await ava.get('/api/profile')).json().profile.displayName).toBe('Ava Studio');

    const cleared = await ava.patch('/api/profile', { bio: '   ', paypalLink: '' });
    expect(cleared.json().profile).toMatchObject({ displayName: 'Ava Studio', bio: null, paypalLink: null });
    const rows = await t.deps.database.query<{ bio: string | null; paypal_link: string | null }>(
      'select bio, paypal_link from users where id = $1',
      [ava.user.id],
    );
    expect(rows).toEqual([{ bio: null, paypal_link: null }]);
  });

  it('enforces the limits with the spec texts', async () => {
    const c = await t.signedIn();
    const cases: Array<[unknown, string]> = [
      [{ displayName: '   ' }, profileTexts.displayNameRequired],
      [{ displayName: 'x'.repeat(51) }, profileTexts.displayNameLength],
      [{ bio: 'b'.repeat(101) }, profileTexts.bioTooLong],
      [{ paypalLink: 'javascript:alert(1)' }, profileTexts.invalidPaymentLink],
      [{ paypalLink: `https://example.com/${'a'.repeat(1000)}` }, profileTexts.invalidPaymentLink],
    ];
    for (const [body, message] of cases) {
      const response = await c.patch('/api/profile', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await c.patch('/api/profile', { bio: 'b'.repeat(100) })).statusCode).toBe(200);
    expect(
      (
        await c.request({
          method: 'PATCH',
          url: '/api/profile',
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('PUT and DELETE /api/profile/avatar', () => {
  it('refuses anonymous callers', async () => {
    expect((await putAvatar(t.client(), { name: 'a.png', type: 'image/png', bytes: png })).statusCode).toBe(401);
    expect((await t.client().delete('/api/profile/avatar')).statusCode).toBe(401);
  });

  it('stores a square WebP under avatars/{userId}/ and deletes the old file when replaced or removed', async () => {
    const c = await t.signedIn();
    const first = await putAvatar(c, { name: 'me.png', type: 'image/png', bytes: png });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(profileTexts.avatarUpdated);
    const firstUrl: string = first.json().profile.profileImage;
    expect(firstUrl).toMatch(new RegExp(`^/media/avatars/${c.user.id}/\\d+\\.webp$`));

    const served = await t.client().get(firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
    expect((await c.get('/api/me')).json().viewer.profileImage).toBe(firstUrl);

    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#2563eb' } })
      .jpeg()
      .toBuffer();
    const second = await putAvatar(c, { name: 'new.jpg', type: 'image/jpeg', bytes: jpeg });
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().profile.profileImage;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await t.deps.storage.head(keyOf(firstUrl))).toBeNull();
    expect((await t.client().get(firstUrl)).statusCode).toBe(404);
    expect(await avatarFiles(c.user.id)).toEqual([path.basename(secondUrl)]);

    const removed = await c.delete('/api/profile/avatar');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: profileTexts.avatarRemoved, profile: { profileImage: null } });
    expect(await t.deps.storage.head(keyOf(secondUrl))).toBeNull();
    expect(await avatarFiles(c.user.id)).toEqual([]);
    // removing again is harmless
    expect((await c.delete('/api/profile/avatar')).statusCode).toBe(200);
  });

  it("never touches another person's avatar", async () => {
    const owner = await t.signedIn();
    const other = await t.signedIn();
    const url: string = (await putAvatar(owner, { name: 'a.png', type: 'image/png', bytes: png })).json().profile
      .profileImage;
    expect((await other.delete('/api/profile/avatar')).statusCode).toBe(200);
    expect((await putAvatar(other, { name: 'b.png', type: 'image/png', bytes: png })).statusCode).toBe(200);
    expect(await t.deps.storage.head(keyOf(url))).not.toBeNull();
    expect((await owner.get('/api/profile')).json().profile.profileImage).toBe(url);
  });

  it('refuses fake images by their bytes and leaves nothing behind', async () => {
    const c = await t.signedIn();
    const fakes = [
      { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>'.repeat(20)) },
      {
        name: 'doc.jpg',
        type: 'image/jpeg',
        bytes: Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj<<>>endobj\n'.repeat(10), 'latin1'),
      },
      {
        name: 'icon.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      // a real PNG signature and header with the rest cut off: passes the magic bytes, fails to decode
      { name: 'broken.png', type: 'image/png', bytes: Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]) },
      { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
    ];
    for (const fake of fakes) {
      const response = await putAvatar(c, fake);
      expect(response.statusCode, fake.name).toBe(415);
      expect(response.json().error.message).toBe(profileTexts.avatarInvalidType);
    }
    expect((await c.get('/api/profile')).json().profile.profileImage).toBeNull();
    expect(await avatarFiles(c.user.id)).toEqual([]);
    expect(await readdir(path.join(t.dataDir, 'tmp')).catch(() => [])).toEqual([]);
  });

  it('accepts an image just under 5 MB and refuses one over it', async () => {
    const c = await t.signedIn();
    const side = 1320;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeLessThanOrEqual(AVATAR_MAX_BYTES);
    expect(big.length).toBeGreaterThan(AVATAR_MAX_BYTES - 64 * 1024);
    expect((await putAvatar(c, { name: 'big.png', type: 'image/png', bytes: big })).statusCode).toBe(200);

    const tooBig = Buffer.concat([big, Buffer.alloc(AVATAR_MAX_BYTES - big.length + 1, 1)]);
    const refused = await putAvatar(c, { name: 'huge.png', type: 'image/png', bytes: tooBig });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(profileTexts.avatarTooLarge);
    expect(await avatarFiles(c.user.id)).toHaveLength(1);
  });

  it('needs the file in the "avatar" field of a multipart form', async () => {
    const c = await t.signedIn();
    expect((await putAvatar(c, { name: 'a.png', type: 'image/png', bytes: png }, 'photo')).statusCode).toBe(400);
    expect((await c.put('/api/profile/avatar', { avatar: 'x' })).statusCode).toBe(400);
  });
});
