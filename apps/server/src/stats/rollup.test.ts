/**
 * The analytics rollup (migration 0023) says exactly what counting the raw rows says. Three weeks of
 * views and clicks (through the route, day by day), boosts, favourites and reactions (the owners' own
 * among them), shares, messages (with the owners' replies) and orders (completed on later days, some
 * cancelled) are folded half-way; then some are taken back, an order completed is cancelled by a
 * dispute, a person leaves and an offer is deleted. Before and after the fold, every offer's days read
 * the same as counts computed from the tables themselves, each period's unique viewers are the distinct
 * viewers of its views, and recount_offer_stats() rebuilds the same rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnStats } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createPaidOffer } from '../orders/test-helpers.ts';
import { foldOfferStats } from './stats.queries.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let creators: Signed[];
let offers: string[];
let people: Signed[];
let browsers: TestClient[];
const DAY = 24 * 3600_000;
const DAYS = 21;
let start: number;

const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.deps.database.query<T>(text, params);
/** A time on day `d` of the three weeks, `hour` hours into it (UTC). */
const at = (d: number, hour = 12) => new Date(start + d * DAY + hour * 3600_000).toISOString();

const METRICS = [
  'views',
  'boosts',
  'favorites',
  'reactions',
  'shares',
  'clicks',
  'messages',
  'orders',
  'completed_orders',
  'revenue_pence',
] as const;
type Counts = Record<string, Record<(typeof METRICS)[number], number>>;

/** Every offer's days counted straight from the raw tables (the rules of the Stats page, written out again). */
async function countedFromRows(): Promise<Counts> {
  const rows = await query<{ key: string; metric: string; n: number }>(`
    select offer_id || ' ' || day as key, metric, sum(n)::float8 as n from (
      select offer_id, day, 'views' as metric, count(*) as n from offer_audience where kind = 'view' group by 1, 2
      union all select offer_id, day, 'clicks', count(*) from offer_audience where kind = 'click' group by 1, 2
      union all select offer_id, (created_at at time zone 'UTC')::date, 'boosts', count(*) from boosts group by 1, 2
      union all select f.offer_id, (f.created_at at time zone 'UTC')::date, 'favorites', count(*)
        from favorites f join offers o on o.id = f.offer_id where f.user_id <> o.user_id group by 1, 2
      union all select r.offer_id, (r.created_at at time zone 'UTC')::date, 'reactions', count(*)
        from reactions r join offers o on o.id = r.offer_id where r.user_id <> o.user_id group by 1, 2
      union all select offer_id, day, 'shares', count(*) from offer_shares group by 1, 2
      union all select m.offer_id, (m.created_at at time zone 'UTC')::date, 'messages', count(*)
        from gig_messages m join offers o on o.id = m.offer_id where m.sender_id is distinct from o.user_id group by 1, 2
      union all select offer_id, (created_at at time zone 'UTC')::date, 'orders', count(*)
        from orders where offer_id is not null group by 1, 2
      union all select offer_id, (completed_at at time zone 'UTC')::date, 'completed_orders', count(*)
        from orders where offer_id is not null and status = 'completed' group by 1, 2
      union all select offer_id, (completed_at at time zone 'UTC')::date, 'revenue_pence', sum(price_pence)
        from orders where offer_id is not null and status = 'completed' group by 1, 2
    ) c group by 1, 2`);
  return shape(rows);
}

/**
 * What a reader sees: the folded rows and the changes not yet folded, summed per offer and day (of
 * offers there: a change may name one deleted since, which the fold drops).
 */
async function seenByReaders(table: 'both' | 'folded' = 'both'): Promise<Counts> {
  const columns = METRICS.join(', ');
  const rows = await query<Record<string, string | number>>(`
    select offer_id || ' ' || day as key, ${METRICS.map((m) => `sum(${m})::float8 as ${m}`).join(', ')} from (
      select offer_id, day, ${columns} from offer_day_stats
      ${table === 'both' ? `union all select offer_id, day, ${columns} from offer_stat_changes` : ''}
    ) s where exists (select 1 from offers o where o.id = s.offer_id) group by 1`);
  return shape(
    rows.flatMap((row) => METRICS.map((metric) => ({ key: String(row.key), metric, n: Number(row[metric]) }))),
  );
}

function shape(rows: Array<{ key: string; metric: string; n: number }>): Counts {
  const counts: Counts = {};
  for (const row of rows) {
    if (Number(row.n) === 0) continue;
    counts[row.key] ??= Object.fromEntries(METRICS.map((metric) => [metric, 0])) as Counts[string];
    counts[row.key]![row.metric as (typeof METRICS)[number]] = Number(row.n);
  }
  return counts;
}

/** Each creator's unique viewers for 7, 30 and 90 days, from the page and from the raw views. */
async function uniqueViewers(): Promise<Array<{ page: number; rows: number }>> {
  const found: Array<{ page: number; rows: number }> = [];
  for (const [index, creator] of creators.entries()) {
    for (const days of [7, 30, 90]) {
      const page = (await creator.get(`/api/stats/mine?days=${days}`)).json() as OwnStats;
      if (!page.offer) continue;
      expect(page.offer.id).toBe(offers[index]);
      const [raw] = await query<{ n: number }>(
        `select count(distinct viewer_key)::int as n from offer_audience where offer_id = $1 and kind = 'view' and day >= $2::date`,
        [page.offer.id, page.from],
      );
      found.push({ page: page.totals.uniqueViewers, rows: raw!.n });
    }
  }
  return found;
}

async function expectRollupEqualsRows(): Promise<void> {
  const rows = await countedFromRows();
  expect(Object.keys(rows).length).toBeGreaterThan(20);
  expect(await seenByReaders()).toEqual(rows);
  for (const { page, rows: raw } of await uniqueViewers()) expect(page).toBe(raw);
}

beforeAll(async () => {
  t = await createTestApp();
  start = new Date(`${t.clock.now().toISOString().slice(0, 10)}T00:00:00Z`).getTime() - (DAYS - 1) * DAY;
  creators = await Promise.all([0, 1, 2].map((i) => t.signedIn({ name: `Creator ${i}` })));
  offers = await Promise.all(
    creators.map((creator, i) => createPaidOffer(t, creator.user.id, { title: `Offer ${i}` })),
  );
  people = await Promise.all(Array.from({ length: 8 }, (_, i) => t.signedIn({ name: `Viewer ${i}` })));
  browsers = [0, 1, 2].map((i) => t.client(`10.50.0.${i + 1}`));

  // Three weeks of views and clicks through the route, one batch per viewer and day; the owners watch too.
  for (let d = 0; d < DAYS; d++) {
    t.clock.set(new Date(at(d, 9)));
    for (const [p, viewer] of [...people, ...browsers, ...creators].entries()) {
      const events = offers.flatMap((offerId, o) => [
        ...((p * 7 + d * 3 + o) % 4 === 0 ? [{ offerId, kind: 'view' }] : []),
        ...((p + d + o) % 9 === 0 ? [{ offerId, kind: 'click' }] : []),
      ]);
      if (events.length) expect((await viewer.post('/api/stats/events', { events })).statusCode).toBe(200);
    }
    if (d === 10) await foldOfferStats(t.deps.database);
  }

  // Engagement on chosen days: boosts, favourites, reactions (the owners' own too), shares.
  const values = (rows: string[]) => rows.join(', ');
  const engagement: string[] = [];
  const reactions: string[] = [];
  const shares: string[] = [];
  for (const [p, person] of [...people, ...creators].entries())
    for (const [o, offerId] of offers.entries()) {
      const d = (p * 5 + o * 2) % DAYS;
      engagement.push(`('${person.user.id}', '${offerId}', '${at(d, p % 24)}')`);
      if ((p + o) % 3 === 0) reactions.push(`('${person.user.id}', '${offerId}', 'Hype', '${at((d + 4) % DAYS)}')`);
      if ((p + o) % 2 === 0) shares.push(`('${offerId}', '${at(d).slice(0, 10)}', 'u:${person.user.id}')`);
    }
  await query(`insert into boosts (user_id, offer_id, created_at) select u, o::uuid, c::timestamptz from (values ${values(engagement)}) v(u, o, c)
    where not exists (select 1 from offers x where x.id = v.o::uuid and x.user_id = v.u)`);
  await query(`insert into favorites (user_id, offer_id, created_at) values ${values(engagement)}`);
  await query(`insert into reactions (user_id, offer_id, emoji, created_at) values ${values(reactions)}`);
  await query(`insert into offer_shares (offer_id, day, viewer_key) values ${values(shares)}`);
  // Messages about each offer, and each owner's replies.
  const messages: string[] = [];
  for (const [p, person] of people.entries())
    for (const [o, offerId] of offers.entries()) {
      const owner = creators[o]!.user.id;
      messages.push(`('${person.user.id}', '${owner}', '${offerId}', 'Hello', '${at((p + o * 3) % DAYS, 8)}')`);
      if (p % 2 === 0)
        messages.push(`('${owner}', '${person.user.id}', '${offerId}', 'Hi', '${at((p + o * 3) % DAYS, 9)}')`);
    }
  await query(
    `insert into gig_messages (sender_id, receiver_id, offer_id, message, created_at) values ${values(messages)}`,
  );
  // Orders: placed on one day, completed (some) on a later one, cancelled (some).
  const orders: string[] = [];
  for (const [p, person] of people.entries())
    for (const [o, offerId] of offers.entries()) {
      const placed = (p * 3 + o) % (DAYS - 4);
      const status = ['completed', 'awaiting_payment', 'completed', 'cancelled', 'paid'][(p + o) % 5]!;
      orders.push(
        `('${person.user.id}', '${creators[o]!.user.id}', '${offerId}', 'Order', ${1000 + p * 100 + o}, '${status}', '${at(placed)}', ${
          status === 'completed' ? `'${at(placed + 3)}'` : 'null'
        }, ${status === 'cancelled' ? `'${at(placed + 1)}', 'buyer'` : 'null, null'})`,
      );
    }
  await query(`insert into orders (buyer_id, seller_id, offer_id, title, price_pence, status, created_at, completed_at, cancelled_at, cancelled_by)
    values ${values(orders)}`);
  t.clock.set(new Date(at(DAYS - 1, 18)));
});
afterAll(async () => t.close());

describe('the analytics rollup', () => {
  it("keeps each view's previous day right: the viewer's last view of the offer before it", async () => {
    const [wrong] = await query<{ n: number }>(`
      select count(*)::int as n from offer_audience v where kind = 'view'
        and previous_day is distinct from (
          select max(p.day) from offer_audience p
          where p.offer_id = v.offer_id and p.kind = 'view' and p.viewer_key = v.viewer_key and p.day < v.day)`);
    expect(wrong!.n).toBe(0);
    const [returning] = await query<{ n: number }>(
      `select count(*)::int as n from offer_audience where previous_day is not null`,
    );
    expect(returning!.n).toBeGreaterThan(10);
  });

  it('reads what the rows say, half folded; folding changes nothing a reader sees', async () => {
    expect((await query<{ n: number }>('select count(*)::int as n from offer_stat_changes'))[0]!.n).toBeGreaterThan(0);
    await expectRollupEqualsRows();
    const before = await seenByReaders();
    await foldOfferStats(t.deps.database);
    expect((await query<{ n: number }>('select count(*)::int as n from offer_stat_changes'))[0]!.n).toBe(0);
    expect(await seenByReaders('folded')).toEqual(before);
  });

  it('follows what is taken back, a completed order cancelled, a person leaving and an offer deleted', async () => {
    await query(`delete from boosts where user_id = $1`, [people[0]!.user.id]);
    await query(`delete from reactions where user_id = $1`, [people[3]!.user.id]);
    await query(`delete from gig_messages where sender_id = $1`, [people[1]!.user.id]);
    await query(
      `update orders set status = 'cancelled', cancelled_at = completed_at, cancelled_by = 'admin' where id = (
         select id from orders where status = 'completed' and offer_id = $1 order by created_at limit 1)`,
      [offers[0]],
    );
    await query(`update orders set price_pence = price_pence + 1 where status = 'completed' and offer_id = $1`, [
      offers[1],
    ]);
    // marking messages read moves nothing
    const changes = async () => (await query<{ n: number }>('select count(*)::int as n from offer_stat_changes'))[0]!.n;
    const pending = await changes();
    await query(`update gig_messages set read_at = now() where read_at is null`);
    expect(await changes()).toBe(pending);
    const admin = await t.signedIn({ admin: true, name: 'Ada Admin' });
    expect((await admin.delete(`/api/admin/creators/${people[2]!.user.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/creators/${creators[2]!.user.id}`)).statusCode).toBe(200);
    await expectRollupEqualsRows();
    await foldOfferStats(t.deps.database);
    expect(await seenByReaders('folded')).toEqual(await countedFromRows());
    const [left] = await query<{ n: number }>(`select count(*)::int as n from offer_day_stats where offer_id = $1`, [
      offers[2],
    ]);
    expect(left!.n).toBe(0);
  });

  it('recount_offer_stats() rebuilds the same rows from the tables', async () => {
    const folded = await query(`select * from offer_day_stats order by offer_id, day`);
    await t.deps.database.db.execute(sql`select recount_offer_stats()`);
    expect(await query(`select * from offer_day_stats order by offer_id, day`)).toEqual(folded);
  });
});
