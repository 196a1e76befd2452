/** The orders list pages by keyset (created_at desc, id desc), 30 a page, with an opaque cursor. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor } from '../db/page-cursor.ts';
import { orders } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { damagedCursors, walkPages } from '../../test/pages.ts';
import { ORDERS_PAGE_SIZE } from './orders.queries.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
type Page = { orders: Array<{ id: string; title: string }>; counts: unknown; nextCursor: string | null };
let t: TestApp;
let buyer: Signed;
let seller: Signed;
let other: Signed;

/**
 * 70 orders in four groups: distinct seconds; ten with one identical created_at; twenty in one
 * millisecond apart only by microseconds (two to a microsecond), across the first page's end; thirty
 * in threes on one second, across the second page's end.
 */
const createdAtOf = (i: number): string => {
  if (i < 10) return `2026-03-01 12:00:${String(10 + i).padStart(2, '0')}+00`;
  if (i < 20) return '2026-03-01 11:00:00+00';
  if (i < 40) return `2026-03-01 10:00:00.${123000 + Math.floor((i - 20) / 2)}+00`;
  return `2026-03-01 09:${String(10 + Math.floor((i - 40) / 3)).padStart(2, '0')}:00+00`;
};

async function insertOrders(buyerId: string, sellerId: string, times: string[], titlePrefix: string) {
  await t.deps.database.db.insert(orders).values(
    times.map((at, i) => ({
      buyerId,
      sellerId,
      title: `${titlePrefix} ${i}`,
      pricePence: 1000,
      status: 'awaiting_payment',
      createdAt: sql`${at}::timestamptz` as unknown as Date,
    })),
  );
}

/** The whole list as the database sorts it, to compare the pages with. */
const expectedIds = async (column: 'buyer_id' | 'seller_id', userId: string) =>
  (
    await t.deps.database.query<{ id: string }>(
      `select id from orders where ${column} = $1 order by created_at desc, id desc`,
      [userId],
    )
  ).map((row) => row.id);

async function page(c: TestClient, role: 'buyer' | 'seller', cursor?: string): Promise<Page> {
  const query = cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`;
  const response = await c.get(`/api/orders?role=${role}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
}

const walk = (c: TestClient, role: 'buyer' | 'seller') => walkPages((cursor) => page(c, role, cursor));

beforeAll(async () => {
  t = await createTestApp();
  [buyer, seller, other] = await Promise.all([
    t.signedIn({ name: 'Paula Pages' }),
    t.signedIn({ name: 'Sam Seller' }),
    t.signedIn({ name: 'Olive Other' }),
  ]);
  await insertOrders(
    buyer.user.id,
    seller.user.id,
    Array.from({ length: 70 }, (_, i) => createdAtOf(i)),
    'Paged order',
  );
  // another buyer of the same seller: newer than all, in the middle, older than all
  await insertOrders(
    other.user.id,
    seller.user.id,
    ['2026-03-01 13:00:00+00', '2026-03-01 10:30:00+00', '2026-03-01 08:00:00+00'],
    'Other order',
  );
});
afterAll(async () => t.close());

describe('GET /api/orders pages', () => {
  it('walks the buyer side 30 at a time, newest first, none repeated or missing, counts on every page', async () => {
    const pages = await walk(buyer, 'buyer');
    expect(pages.map((p) => p.orders.length)).toEqual([ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE, 10]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((p) => p.orders.map((o) => o.id));
    expect(new Set(ids).size).toBe(70);
    expect(ids).toEqual(await expectedIds('buyer_id', buyer.user.id));
    for (const p of pages) expect(p.counts).toEqual(pages[0]!.counts);
    // the first page ends inside the millisecond group: its cursor keeps the microseconds
    expect(decodePageCursor(pages[0]!.nextCursor!)?.[0]).toMatch(/^2026-03-01 10:00:00\.1230\d\d\+00$/);
  });

  it('walks the seller side across both buyers the same way', async () => {
    const pages = await walk(seller, 'seller');
    expect(pages.map((p) => p.orders.length)).toEqual([30, 30, 13]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.orders.map((o) => o.id))).toEqual(await expectedIds('seller_id', seller.user.id));
  });

  it('answers one page without a next cursor when everything fits', async () => {
    const first = await page(other, 'buyer');
    expect(first.orders.map((o) => o.title)).toEqual(['Other order 0', 'Other order 1', 'Other order 2']);
    expect(first.nextCursor).toBeNull();
    expect((await page(other, 'seller')).orders).toEqual([]);
  });

  it('starts from the top on a damaged or made-up cursor, never a 500', async () => {
    const first = await page(buyer, 'buyer');
    for (const cursor of damagedCursors(first.nextCursor!, first.orders[0]!.id)) {
      const again = await page(buyer, 'buyer', cursor);
      expect(
        again.orders.map((o) => o.id),
        cursor,
      ).toEqual(first.orders.map((o) => o.id));
      expect(again.nextCursor, cursor).toBe(first.nextCursor);
    }
  });

  it("another person's cursor only positions: the viewer still sees only their own orders", async () => {
    const buyersCursor = (await page(buyer, 'buyer')).nextCursor!;
    const seen = await page(other, 'buyer', buyersCursor);
    // the cursor sits at 10:00:00.123xxx; of Olive's three orders only the 08:00 one is older
    expect(seen.orders.map((o) => o.title)).toEqual(['Other order 2']);
    expect(seen.nextCursor).toBeNull();
    // a cursor made up from Paula's newest order, for Olive's lists
    const paulasNewest = (await page(buyer, 'buyer')).orders[0]!.id;
    const made = encodePageCursor('2999-01-01 00:00:00+00', paulasNewest);
    expect((await page(other, 'buyer', made)).orders.map((o) => o.title)).toEqual([
      'Other order 0',
      'Other order 1',
      'Other order 2',
    ]);
    expect((await page(other, 'seller', made)).orders).toEqual([]);
  });

  it('still needs a session', async () => {
    expect((await t.client().get('/api/orders?role=buyer&cursor=abc')).statusCode).toBe(401);
  });
});
