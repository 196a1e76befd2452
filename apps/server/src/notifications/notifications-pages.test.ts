/** GET /api/notifications pages by keyset cursor: in order, nothing skipped or repeated, only the viewer's own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationList } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { damagedCursors, walkPages } from '../../test/pages.ts';
import { encodePageCursor } from '../db/page-cursor.ts';
import { NOTIFICATIONS_PAGE_SIZE } from './notifications.queries.ts';

let t: TestApp;
type Person = TestClient & { user: { id: string } };
let ava: Person;
let leo: Person;

/**
 * A person's notifications around one instant: `same` rows that share it to the microsecond (their
 * order is their id's), `micro` rows a microsecond apart inside its millisecond, and `older` a minute apart.
 */
async function seed(userId: string, label: string, counts: { same: number; micro: number; older: number }) {
  const at = "timestamptz '2026-03-01 10:00:00.123400+00'";
  await t.deps.database.query(
    `insert into notifications (user_id, kind, title, link, created_at)
     select $1, 'order_paid', $2 || ' same ' || i, '/orders', ${at} from generate_series(1, $3::int) i
     union all
     select $1, 'order_paid', $2 || ' micro ' || i, '/orders', ${at} + i * interval '1 microsecond' from generate_series(1, $4::int) i
     union all
     select $1, 'order_paid', $2 || ' older ' || i, '/orders', ${at} - i * interval '1 minute' from generate_series(1, $5::int) i`,
    [userId, label, counts.same, counts.micro, counts.older],
  );
}

/** The person's notification ids in the list's order, read straight from the table. */
async function idsInOrder(userId: string): Promise<string[]> {
  const rows = await t.deps.database.query<{ id: string }>(
    'select id from notifications where user_id = $1 order by created_at desc, id desc',
    [userId],
  );
  return rows.map((row) => row.id);
}

async function page(person: Person, cursor?: string): Promise<NotificationList> {
  const response = await person.get(
    `/api/notifications${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const allPages = (person: Person) => walkPages((cursor) => page(person, cursor));

const ids = (items: NotificationItem[]) => items.map((item) => item.id);

beforeAll(async () => {
  t = await createTestApp();
  ava = await t.signedIn({ name: 'Ava Pages' });
  leo = await t.signedIn({ name: 'Leo Pages' });
  // 75 rows for Ava: pages of 30, 30 and 15, the shared instant across the first page's end.
  await seed(ava.user.id, 'Ava', { same: 25, micro: 25, older: 25 });
  await seed(leo.user.id, 'Leo', { same: 10, micro: 20, older: 10 });
});
afterAll(async () => t.close());

describe('paging through notifications', () => {
  it('gives every row once, newest first, in pages of 30, with no next page after the last', async () => {
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(30);
    const expected = await idsInOrder(ava.user.id);
    expect(expected).toHaveLength(75);

    const pages = await allPages(ava);
    expect(pages.map((p) => p.notifications.length)).toEqual([30, 30, 15]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const seen = pages.flatMap((p) => ids(p.notifications));
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(75);
    for (const p of pages) expect(p.unread).toEqual({ messages: 0, notifications: 75 });
  });

  it('answers a single short page with no cursor to follow', async () => {
    const solo = await t.signedIn({ name: 'Sol Pages' });
    await seed(solo.user.id, 'Sol', { same: 2, micro: 1, older: 1 });
    const only = await page(solo);
    expect(ids(only.notifications)).toEqual(await idsInOrder(solo.user.id));
    expect(only.nextCursor).toBeNull();
    expect((await page(await t.signedIn())).notifications).toEqual([]);
  });

  it('starts from the top for a damaged or made-up cursor, never a 500', async () => {
    const first = await page(ava);
    for (const cursor of damagedCursors(first.nextCursor!, first.notifications.at(-1)!.id)) {
      const response = await ava.get(`/api/notifications?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(200);
      expect(ids(response.json<NotificationList>().notifications), cursor).toEqual(ids(first.notifications));
    }
  });

  it("only positions: another person's cursor never shows rows that are not the viewer's", async () => {
    const avaIds = new Set(await idsInOrder(ava.user.id));
    const leoFirst = await page(leo);
    expect(leoFirst.nextCursor).not.toBeNull();
    const crossed = await page(ava, leoFirst.nextCursor!);
    expect(crossed.notifications.length).toBeGreaterThan(0);
    for (const item of crossed.notifications) expect(avaIds.has(item.id)).toBe(true);

    // A cursor pointing at the newest instant lists the viewer's rows older than it, and only those.
    const leoNewest = leoFirst.notifications[0]!;
    const seeking = await page(ava, encodePageCursor('2026-03-01 10:00:00.1235+00', leoNewest.id));
    for (const item of seeking.notifications) expect(avaIds.has(item.id)).toBe(true);
    expect(ids((await page(leo, (await page(ava)).nextCursor!)).notifications).every((id) => !avaIds.has(id))).toBe(
      true,
    );
  });
});

describe('marking read across pages', () => {
  it('marks one on a later page, and "mark all" marks every unread one, loaded or not', async () => {
    const [, , last] = await allPages(ava);
    const oldest = last!.notifications[last!.notifications.length - 1]!;
    const one = await ava.post(`/api/notifications/${oldest.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json().unread.notifications).toBe(74);

    const all = await ava.post('/api/notifications/read-all');
    expect(all.json()).toEqual({ updated: 74, unread: { messages: 0, notifications: 0 } });
    const after = await allPages(ava);
    expect(after.flatMap((p) => p.notifications).every((item) => item.read)).toBe(true);
    expect((await page(leo)).unread.notifications).toBe(40);
  });
});
