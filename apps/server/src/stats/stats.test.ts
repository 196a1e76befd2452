/**
 * Creator analytics (issue 18): the view rule the server enforces (once per person or browser, offer
 * and UTC day; never the owner's own; only offers people can see; a few browsers per address), the
 * batch route's bounds (size, ids, burst per address), and the Stats page's numbers for 7, 30 and 90
 * days, from views and clicks and from the engagement, messages and orders the product records.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_VIEWERS_PER_ADDRESS,
  AUDIENCE_BATCH_MAX,
  AUDIENCE_BURST_MAX,
  statsTexts,
  type OwnStats,
} from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createOrderIn, createPaidOffer } from '../orders/test-helpers.ts';
import { foldOfferStats } from './stats.queries.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let maya: Signed;
let fan: Signed;
let offerId: string;
let address = 0;

/** A client at an address of its own, so one test's batches never meet another's burst window. */
const visitor = () => t.client(`10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`);
const DAY = 24 * 3600_000;

const send = (client: TestClient, events: Array<{ offerId: string; kind: 'view' | 'click' }>) =>
  client.post('/api/stats/events', { events });
const view = (client: TestClient, id = offerId) => send(client, [{ offerId: id, kind: 'view' }]);
const recorded = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
  const answer = await response;
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { recorded: number }).recorded;
};
const statsOf = async (client: TestClient, days = 30): Promise<OwnStats> => {
  const response = await client.get(`/api/stats/mine?days=${days}`);
  expect(response.statusCode).toBe(200);
  return response.json() as OwnStats;
};

beforeAll(async () => {
  t = await createTestApp();
  [maya, fan] = await Promise.all([t.signedIn({ name: 'Maya Maker' }), t.signedIn({ name: 'Finn Fan' })]);
  offerId = await createPaidOffer(t, maya.user.id, { title: 'Logo in a day' });
});
afterAll(async () => t.close());

describe('views', () => {
  it("counts a person's view once a day, a visitor's once per browser, and a viewer seen twice once in unique viewers", async () => {
    expect(await recorded(view(fan))).toBe(1);
    expect(await recorded(view(fan))).toBe(0);
    const browser = visitor();
    expect(await recorded(view(browser))).toBe(1);
    // the browser keeps its id (a first-party cookie), wherever it comes from
    expect(browser.cookies.has('gigreel.browser')).toBe(true);
    expect(await recorded(view(browser))).toBe(0);
    expect(await recorded(view(visitor()))).toBe(1);
    let mine = await statsOf(maya, 7);
    expect(mine.totals).toMatchObject({ views: 3, uniqueViewers: 3 });

    t.clock.advance(DAY);
    expect(await recorded(view(fan))).toBe(1);
    expect(await recorded(view(browser))).toBe(1);
    mine = await statsOf(maya, 7);
    expect(mine.totals).toMatchObject({ views: 5, uniqueViewers: 3 });
    expect(mine.daily.slice(-2).map((day) => day.views)).toEqual([3, 2]);
  });

  it("never counts the owner's own views or clicks", async () => {
    const before = (await statsOf(maya)).totals;
    expect(
      await recorded(
        send(maya, [
          { offerId, kind: 'view' },
          { offerId, kind: 'click' },
        ]),
      ),
    ).toBe(0);
    expect((await statsOf(maya)).totals).toEqual(before);
  });

  it('counts only offers people can see, and ignores ids of no offer', async () => {
    const owner = await t.createUser({ name: 'Quinn Quiet' });
    const inReview = await createPaidOffer(t, owner.id, { isApproved: false });
    expect(await recorded(view(fan, inReview))).toBe(0);
    expect(await recorded(view(fan, randomUUID()))).toBe(0);
  });

  it(`counts at most ${ANONYMOUS_VIEWERS_PER_ADDRESS} browsers from one address per offer and day; people always`, async () => {
    const place = `10.30.0.${1 + (address++ % 250)}`;
    const other = await createPaidOffer(t, (await t.createUser({ name: 'Cap Creator' })).id);
    let counted = 0;
    for (let i = 0; i < ANONYMOUS_VIEWERS_PER_ADDRESS + 3; i++) counted += await recorded(view(t.client(place), other));
    expect(counted).toBe(ANONYMOUS_VIEWERS_PER_ADDRESS);
    const person = await t.signedIn({ name: 'Same Place' });
    expect(await recorded(view(person, other))).toBe(1);
  });
});

describe('clicks', () => {
  it('counts a link or Buy click once a day per viewer, apart from views', async () => {
    const before = (await statsOf(maya)).totals;
    const browser = visitor();
    expect(
      await recorded(
        send(browser, [
          { offerId, kind: 'click' },
          { offerId, kind: 'click' },
        ]),
      ),
    ).toBe(1);
    expect(await recorded(send(browser, [{ offerId, kind: 'click' }]))).toBe(0);
    const after = (await statsOf(maya)).totals;
    expect(after.clicks).toBe(before.clicks + 1);
    expect(after.views).toBe(before.views);
  });
});

describe('the batch route', () => {
  it(`refuses an empty batch, more than ${AUDIENCE_BATCH_MAX} events, bad ids and kinds, and a body over the limit`, async () => {
    const client = visitor();
    expect((await send(client, [])).statusCode).toBe(400);
    const many = Array.from({ length: AUDIENCE_BATCH_MAX + 1 }, () => ({ offerId, kind: 'view' as const }));
    expect((await send(client, many)).statusCode).toBe(400);
    expect((await client.post('/api/stats/events', { events: [{ offerId: 'nope', kind: 'view' }] })).statusCode).toBe(
      400,
    );
    expect((await client.post('/api/stats/events', { events: [{ offerId, kind: 'like' }] })).statusCode).toBe(400);
    expect((await client.post('/api/stats/events', { events: 'x'.repeat(70_000) })).statusCode).toBe(413);
  });

  it(`refuses more than ${AUDIENCE_BURST_MAX} batches a minute from one address, with nothing written`, async () => {
    const place = `10.40.0.${1 + (address++ % 250)}`;
    const creator = await t.signedIn({ name: 'Burst Creator' });
    const other = await createPaidOffer(t, creator.user.id);
    for (let i = 0; i < AUDIENCE_BURST_MAX; i++)
      expect((await view(t.client(place), randomUUID())).statusCode).toBe(200);
    const browser = t.client(place);
    const refused = await view(browser, other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'too_many_events', message: statsTexts.tooFast });
    expect((await statsOf(creator, 7)).totals.views).toBe(0);
    t.clock.advance(61_000);
    expect(await recorded(view(browser, other))).toBe(1);
    expect((await statsOf(creator, 7)).totals.views).toBe(1);
  });
});

describe('the Stats page', () => {
  it('asks a visitor to sign in, refuses an unknown period, and shows an empty period to someone without an offer', async () => {
    expect((await t.client().get('/api/stats/mine')).statusCode).toBe(401);
    expect((await maya.get('/api/stats/mine?days=14')).statusCode).toBe(400);
    const none = await statsOf(fan, 7);
    expect(none.offer).toBeNull();
    expect(none.daily).toHaveLength(7);
    expect(Object.values(none.totals).every((value) => value === 0)).toBe(true);
  });

  it('covers 7, 30 or 90 UTC days, today last, every day present (30 when none is asked)', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    for (const days of [7, 30, 90]) {
      const mine = await statsOf(maya, days);
      expect(mine.offer).toEqual({ id: offerId, title: 'Logo in a day' });
      expect(mine.days).toBe(days);
      expect(mine.daily).toHaveLength(days);
      expect(mine.to).toBe(today);
      expect(mine.daily.at(-1)!.day).toBe(today);
      expect(mine.daily[0]!.day).toBe(mine.from);
      expect(new Date(`${today}T00:00:00Z`).getTime() - new Date(`${mine.from}T00:00:00Z`).getTime()).toBe(
        (days - 1) * DAY,
      );
    }
    expect((await maya.get('/api/stats/mine')).json().days).toBe(30);
  });

  it("counts boosts, favourites, reactions, shares, messages, orders, completed orders and revenue, not the owner's own", async () => {
    const creator = await t.signedIn({ name: 'Cleo Creator' });
    const offer = await createPaidOffer(t, creator.user.id, { title: 'Portrait', pricePence: 2500 });
    const buyer = await t.signedIn({ name: 'Bea Buyer' });
    await buyer.post(`/api/offers/${offer}/boost`, { active: true });
    await buyer.post(`/api/offers/${offer}/favorite`, { active: true });
    await buyer.put(`/api/offers/${offer}/reaction`, { emoji: 'Hype' });
    await buyer.post(`/api/offers/${offer}/share`);
    await visitor().post(`/api/offers/${offer}/share`);
    // the owner's own favourite and reaction are not engagement
    await creator.post(`/api/offers/${offer}/favorite`, { active: true });
    await creator.put(`/api/offers/${offer}/reaction`, { emoji: 'Smart' });
    expect((await buyer.post('/api/messages', { offerId: offer, text: 'Can you draw my dog?' })).statusCode).toBe(201);
    expect((await creator.post(`/api/messages/with/${buyer.user.id}`, { text: 'Yes!' })).statusCode).toBe(201);
    const parties = { buyerId: buyer.user.id, sellerId: creator.user.id, offerId: offer };
    await createOrderIn(t, 'awaiting_payment', parties);
    await createOrderIn(t, 'completed', parties);
    await createOrderIn(t, 'cancelled', parties);

    const mine = await statsOf(creator, 7);
    expect(mine.totals).toEqual({
      views: 0,
      uniqueViewers: 0,
      boosts: 1,
      favorites: 1,
      reactions: 1,
      shares: 2,
      clicks: 0,
      messages: 1,
      orders: 3,
      completedOrders: 1,
      revenuePence: 1000,
    });
    // a boost taken back is gone from its day, and folding changes nothing a reader sees
    await buyer.post(`/api/offers/${offer}/boost`, { active: false });
    await foldOfferStats(t.deps.database);
    expect((await statsOf(creator, 7)).totals).toEqual({ ...mine.totals, boosts: 0 });
  });

  it('keeps each number on its UTC day, and the period holds only its own days', async () => {
    const creator = await t.signedIn({ name: 'Dana Days' });
    const offer = await createPaidOffer(t, creator.user.id);
    const watcher = await t.signedIn({ name: 'Wes Watcher' });
    const start = t.clock.now().getTime();
    // a view, then the same person 10 days later; a completed order in between
    expect(await recorded(view(watcher, offer))).toBe(1);
    t.clock.set(new Date(start + 3 * DAY));
    await createOrderIn(t, 'completed', { buyerId: watcher.user.id, sellerId: creator.user.id, offerId: offer });
    t.clock.set(new Date(start + 10 * DAY));
    expect(await recorded(view(watcher, offer))).toBe(1);

    const week = await statsOf(creator, 7);
    expect(week.totals).toMatchObject({ views: 1, uniqueViewers: 1, completedOrders: 0, orders: 0 });
    const month = await statsOf(creator, 30);
    expect(month.totals).toMatchObject({
      views: 2,
      uniqueViewers: 1,
      completedOrders: 1,
      orders: 1,
      revenuePence: 1000,
    });
    const day = (iso: number) => new Date(iso).toISOString().slice(0, 10);
    expect(month.daily.find((entry) => entry.day === day(start))).toMatchObject({ views: 1 });
    expect(month.daily.find((entry) => entry.day === day(start + 3 * DAY))).toMatchObject({
      completedOrders: 1,
      revenuePence: 1000,
    });
    expect(month.daily.filter((entry) => entry.views > 0)).toHaveLength(2);
  });
});
