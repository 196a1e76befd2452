/** GET /api/boosted pages by keyset (the boost's created_at, offer_id desc), 30 a page, with an opaque cursor. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoostedPage } from '@gigreel/core';
import { decodePageCursor, encodePageCursor } from '../db/page-cursor.ts';
import { boosts, offers, users } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { damagedCursors, walkPages } from '../../test/pages.ts';
import { BOOSTED_PAGE_SIZE } from './engagement.queries.ts';

type Person = TestClient & { user: { id: string } };
let t: TestApp;
let bea: Person;
let otto: Person;
/** The 75 offers shown in lists, by creator number. */
let shown: string[];

/** The instant most of Bea's boosts sit around, to the microsecond. */
const AT = '2026-03-01 10:00:00.123400+00';

/**
 * Bea's 75 boosts of shown offers: 25 a microsecond apart just after AT (the newest), 25 sharing AT
 * (in offer id order), across the first page's end, and 25 a minute apart before it, across the second's.
 */
const boostedAtOf = (i: number): string => {
  if (i < 25) return `2026-03-01 10:00:00.${123401 + i}+00`;
  if (i < 50) return AT;
  return `2026-03-01 09:${String(59 - (i - 50)).padStart(2, '0')}:00+00`;
};

/** `count` creators with one offer each; `shown` ones are approved with media, the others are not. */
async function seedOffers(prefix: string, count: number, kind: 'shown' | 'unapproved' | 'no media') {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await t.deps.database.db
    .insert(users)
    .values(ids.map((id) => ({ id, name: `Creator ${id}`, email: `${id}@example.com` })));
  const rows = await t.deps.database.db
    .insert(offers)
    .values(
      ids.map((id) => ({
        userId: id,
        title: `${kind} offer ${id}`,
        mediaKey: kind === 'no media' ? '' : `offers/${id}.webp`,
        mediaType: 'image/webp',
        isApproved: kind !== 'unapproved',
      })),
    )
    .returning({ id: offers.id, userId: offers.userId });
  return ids.map((id) => rows.find((row) => row.userId === id)!.id);
}

async function boost(userId: string, offerIds: string[], at: (i: number) => string) {
  await t.deps.database.db
    .insert(boosts)
    .values(
      offerIds.map((offerId, i) => ({ userId, offerId, createdAt: sql`${at(i)}::timestamptz` as unknown as Date })),
    );
}

/** The person's shown boosted offers as the database sorts them, to compare the pages with. */
const expectedIds = async (userId: string) =>
  (
    await t.deps.database.query<{ id: string }>(
      `select b.offer_id as id from boosts b join offers o on o.id = b.offer_id
       where b.user_id = $1 and o.title like 'shown offer %' order by b.created_at desc, b.offer_id desc`,
      [userId],
    )
  ).map((row) => row.id);

async function page(person: Person, cursor?: string): Promise<BoostedPage> {
  const response = await person.get(
    `/api/boosted${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = (p: BoostedPage) => p.offers.map((offer) => offer.id);

beforeAll(async () => {
  t = await createTestApp();
  [bea, otto] = await Promise.all([t.signedIn({ name: 'Bea Boosts' }), t.signedIn({ name: 'Otto Other' })]);
  shown = await seedOffers('shown', 75, 'shown');
  await boost(bea.user.id, shown, boostedAtOf);
  // boosts that are never listed, at AT and the first page's end: hidden offers and Bea's own
  const hidden = [...(await seedOffers('unapproved', 5, 'unapproved')), ...(await seedOffers('bare', 5, 'no media'))];
  const [own] = await t.deps.database.db
    .insert(offers)
    .values({ userId: bea.user.id, title: 'Bea own offer', mediaKey: 'offers/bea.webp', isApproved: true })
    .returning({ id: offers.id });
  await boost(bea.user.id, [...hidden, own!.id], () => AT);
  // Otto's 40, older than all of Bea's, a second apart
  await boost(otto.user.id, shown.slice(0, 40), (i) => `2026-03-01 08:00:${String(59 - i).padStart(2, '0')}+00`);
});
afterAll(async () => t.close());

describe('GET /api/boosted pages', () => {
  it('walks the list 30 at a time, newest boost first, none repeated or missing, no hidden or own offer', async () => {
    expect(BOOSTED_PAGE_SIZE).toBe(30);
    const pages = await walkPages((cursor) => page(bea, cursor));
    expect(pages.map((p) => p.offers.length)).toEqual([30, 30, 15]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const seen = pages.flatMap(ids);
    expect(new Set(seen).size).toBe(75);
    expect(seen).toEqual(await expectedIds(bea.user.id));
    expect(new Set(seen)).toEqual(new Set(shown));
    // the newest boost first; the first page ends among the boosts that share AT, its cursor to the microsecond
    expect(pages[0]!.offers[0]).toMatchObject({ id: shown[24], creatorName: 'Creator shown-24', mediaKind: 'image' });
    expect(decodePageCursor(pages[0]!.nextCursor!)?.[0]).toBe('2026-03-01 10:00:00.1234+00');
  });

  it('answers one page without a next cursor when everything fits, and an empty one with none', async () => {
    const few = await t.signedIn();
    await boost(few.user.id, shown.slice(0, 3), (i) => `2026-03-01 12:00:0${i}+00`);
    const only = await page(few);
    expect(ids(only)).toEqual([shown[2], shown[1], shown[0]]);
    expect(only.nextCursor).toBeNull();
    expect(await page(await t.signedIn())).toEqual({ offers: [], nextCursor: null });
  });

  it('starts from the top on a damaged or made-up cursor, never a 500', async () => {
    const first = await page(bea);
    for (const cursor of damagedCursors(first.nextCursor!, first.offers[0]!.id)) {
      const again = await page(bea, cursor);
      expect(ids(again), cursor).toEqual(ids(first));
      expect(again.nextCursor, cursor).toBe(first.nextCursor);
    }
  });

  it("another person's cursor only positions: the viewer still sees only their own boosts", async () => {
    const ottos = await expectedIds(otto.user.id);
    // Bea's cursor sits at AT; all of Otto's boosts are older
    const seen = await page(otto, (await page(bea)).nextCursor!);
    expect(ids(seen)).toEqual(ottos.slice(0, 30));
    expect(ids(await page(otto, seen.nextCursor!))).toEqual(ottos.slice(30));
    // a cursor made up far in the future from one of Otto's offers, for Bea
    const made = encodePageCursor('2999-01-01 00:00:00+00', ottos[0]!);
    expect(ids(await page(bea, made))).toEqual((await expectedIds(bea.user.id)).slice(0, 30));
  });

  it('a boost taken back after a page is read shifts nothing: the next page starts where that one ended', async () => {
    const first = await page(bea);
    const second = await page(bea, first.nextCursor!);
    const taken = first.offers[3]!.id;
    await t.deps.database.query('delete from boosts where user_id = $1 and offer_id = $2', [bea.user.id, taken]);
    expect(ids(await page(bea, first.nextCursor!))).toEqual(ids(second));
    expect(ids(await page(bea))).not.toContain(taken);
  });

  it('still needs a session', async () => {
    expect((await t.client().get('/api/boosted?cursor=abc')).statusCode).toBe(401);
  });
});
