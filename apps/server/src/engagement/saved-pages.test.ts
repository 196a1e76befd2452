/**
 * GET /api/saved: the offers a person favourited, by keyset (the favourite's created_at, offer_id
 * desc), 30 a page, with an opaque cursor; favouriting and unfavouriting in the feed changes it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedPage } from '@gigreel/core';
import { favorites, offers, users } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { damagedCursors, walkPages } from '../../test/pages.ts';
import { SAVED_PAGE_SIZE } from './engagement.queries.ts';

type Person = TestClient & { user: { id: string } };
let t: TestApp;
let sam: Person;
/** The 70 offers shown in lists, by creator number. */
let shown: string[];

/** 20 favourites a microsecond apart (the newest), 25 sharing one instant across the first page's end, 25 a minute apart. */
const savedAtOf = (i: number): string => {
  if (i < 20) return `2026-03-01 10:00:00.${123401 + i}+00`;
  if (i < 45) return '2026-03-01 10:00:00.1234+00';
  return `2026-03-01 09:${String(59 - (i - 45)).padStart(2, '0')}:00+00`;
};

async function seedOffers(prefix: string, count: number, approved: boolean): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await t.deps.database.db
    .insert(users)
    .values(ids.map((id) => ({ id, name: `Creator ${id}`, email: `${id}@example.com` })));
  const rows = await t.deps.database.db
    .insert(offers)
    .values(
      ids.map((id) => ({
        userId: id,
        title: `${prefix} offer ${id}`,
        mediaKey: `offers/${id}.webp`,
        mediaType: 'image/webp',
        isApproved: approved,
      })),
    )
    .returning({ id: offers.id, userId: offers.userId });
  return ids.map((id) => rows.find((row) => row.userId === id)!.id);
}

async function save(userId: string, offerIds: string[], at: (i: number) => string) {
  await t.deps.database.db
    .insert(favorites)
    .values(
      offerIds.map((offerId, i) => ({ userId, offerId, createdAt: sql`${at(i)}::timestamptz` as unknown as Date })),
    );
}

async function page(person: Person, cursor?: string): Promise<SavedPage> {
  const response = await person.get(`/api/saved${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const ids = (p: SavedPage) => p.offers.map((offer) => offer.id);

beforeAll(async () => {
  t = await createTestApp();
  sam = await t.signedIn({ name: 'Sam Saver' });
  shown = await seedOffers('shown', 70, true);
  await save(sam.user.id, shown, savedAtOf);
  // saved once, never listed: offers waiting for approval (or hidden)
  await save(sam.user.id, await seedOffers('hidden', 4, false), () => '2026-03-01 10:00:00.1234+00');
});
afterAll(async () => t.close());

describe('GET /api/saved pages', () => {
  it('walks the saved offers 30 at a time, newest first, none repeated or missing, no hidden offer', async () => {
    expect(SAVED_PAGE_SIZE).toBe(30);
    const pages = await walkPages((cursor) => page(sam, cursor));
    expect(pages.map((p) => p.offers.length)).toEqual([30, 30, 10]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const seen = pages.flatMap(ids);
    const expected = await t.deps.database.query<{ id: string }>(
      `select f.offer_id as id from favorites f join offers o on o.id = f.offer_id
       where f.user_id = $1 and o.is_approved order by f.created_at desc, f.offer_id desc`,
      [sam.user.id],
    );
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(new Set(seen)).toEqual(new Set(shown));
    expect(pages[0]!.offers[0]).toMatchObject({
      id: shown[19],
      title: 'shown offer shown-19',
      creatorName: 'Creator shown-19',
    });
  });

  it('starts from the top on a damaged or made-up cursor, never a 500', async () => {
    const first = await page(sam);
    for (const cursor of damagedCursors(first.nextCursor!, first.offers[0]!.id)) {
      const again = await page(sam, cursor);
      expect(ids(again), cursor).toEqual(ids(first));
    }
  });

  it('follows the favourite button: a new favourite comes first, one taken back leaves', async () => {
    const fresh = await t.signedIn();
    expect(await page(fresh)).toEqual({ offers: [], nextCursor: null });
    for (const id of [shown[0]!, shown[1]!]) {
      expect((await fresh.post(`/api/offers/${id}/favorite`, { active: true })).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    expect(ids(await page(fresh))).toEqual([shown[1], shown[0]]);
    expect((await fresh.post(`/api/offers/${shown[1]}/favorite`, { active: false })).statusCode).toBe(200);
    expect(ids(await page(fresh))).toEqual([shown[0]]);
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/saved')).statusCode).toBe(401);
  });
});
