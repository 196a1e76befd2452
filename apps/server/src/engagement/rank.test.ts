/**
 * A feed that rewards proof (issue 17, docs/decisions/0016): engagement from fresh accounts, from the
 * owner and from people the owner blocked counts for nothing, each person counts once, completed and
 * well-reviewed orders count most, and one real boost still moves an offer up. After every change an
 * offer's ranked columns are what its rows' own marks add up to, and its rank score is the formula's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_SCORE_SQL } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { migrationsFolder } from '../db/connection.ts';
import { seedOffer } from '../offers/offers.test-support.ts';
import { createOrderIn } from '../orders/test-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ admin: true });
});
afterAll(async () => t.close());

type Signed = TestClient & { user: { id: string; email: string; name: string } };
const DAY = 24 * 3600_000;

/** The feed as a visitor sees it, read afresh. */
const feedIds = async () =>
  ((await t.client().get('/api/feed?fresh=1')).json().offers as Array<{ id: string }>).map((offer) => offer.id);

/** Offers made at the very same moment by new creators, so only proof can order them. */
async function offersOfOneAge(count: number): Promise<Array<{ owner: Signed; offerId: string }>> {
  t.clock.advance(60_000);
  const createdAt = t.clock.now();
  const made = [];
  for (let i = 0; i < count; i++) {
    const owner = await t.signedIn();
    made.push({ owner, offerId: await seedOffer(t, owner.user.id, { createdAt, paid: true }) });
  }
  return made;
}

async function anOffer(): Promise<{ owner: Signed; offerId: string }> {
  const [made] = await offersOfOneAge(1);
  return made!;
}

/** A person made just now (unverified accounts and day-old ones are fresh alike), signed in from their own address. */
async function freshPerson(index: number): Promise<Signed> {
  const person = await t.createUser({ fresh: true });
  const client = t.client(`198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`);
  const signIn = await client.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return Object.assign(client, { user: { id: person.id, email: person.email, name: person.name } });
}

type RankRow = {
  boost_count: number;
  share_count: number;
  ranked_engagement: number;
  ranked_orders: number;
  ranked_reviews: number;
  ranked_rating_sum: number;
};

/**
 * The offer's ranked columns, after checking them against its rows' marks and its rank score against
 * the formula over them: a drift anywhere fails here.
 */
async function ranked(offerId: string): Promise<RankRow> {
  const [row] = await t.deps.database.query<
    RankRow & { rank_score: number; formula: number; marked: number; orders: number; reviews: number; stars: number }
  >(
    `select boost_count, share_count, ranked_engagement, ranked_orders, ranked_reviews, ranked_rating_sum,
       rank_score, ${RANK_SCORE_SQL} as formula,
       (select 3 * count(*) from boosts where offer_id = o.id and counted)::int
         + (select 2 * count(*) from favorites where offer_id = o.id and counted)::int
         + (select count(*) from reactions where offer_id = o.id and counted)::int
         + (select count(*) from offer_shares where offer_id = o.id and counted)::int as marked,
       (select count(*) from orders where offer_id = o.id and counts_for_rank)::int as orders,
       (select count(*) from reviews r join orders x on x.id = r.order_id where x.offer_id = o.id and x.counts_for_rank)::int as reviews,
       (select coalesce(sum(rating), 0) from reviews r join orders x on x.id = r.order_id where x.offer_id = o.id and x.counts_for_rank)::int as stars
     from offers o where id = $1`,
    [offerId],
  );
  if (!row) throw new Error('no offer');
  expect([row.ranked_engagement, row.ranked_orders, row.ranked_reviews, row.ranked_rating_sum]).toEqual([
    row.marked,
    row.orders,
    row.reviews,
    row.stars,
  ]);
  expect(Number(row.rank_score)).toBeCloseTo(Number(row.formula), 9);
  const { rank_score: _score, formula: _formula, marked: _marked, orders: _o, reviews: _r, stars: _s, ...kept } = row;
  return kept;
}

/** An order of the offer bought by `buyer`, delivered, then accepted by them and, if `stars`, reviewed. */
async function completedOrder(offer: { owner: Signed; offerId: string }, buyer: Signed, stars?: number) {
  const orderId = await createOrderIn(t, 'delivered', {
    buyerId: buyer.user.id,
    sellerId: offer.owner.user.id,
    offerId: offer.offerId,
  });
  expect((await buyer.post(`/api/orders/${orderId}/complete`)).statusCode).toBe(200);
  if (stars !== undefined)
    expect((await buyer.put(`/api/orders/${orderId}/review`, { rating: stars })).statusCode).toBe(200);
  return orderId;
}

describe('a feed that rewards proof', () => {
  it('50 fresh accounts boosting, favouriting, reacting to and sharing a new offer do not lift it above one of the same age with 5 well-reviewed orders', async () => {
    const [attacked, proven] = await offersOfOneAge(2);
    const socks = await Promise.all(Array.from({ length: 50 }, (_, i) => freshPerson(i)));
    const answers = await Promise.all(
      socks.map(async (sock) => [
        await sock.post(`/api/offers/${attacked!.offerId}/boost`),
        await sock.post(`/api/offers/${attacked!.offerId}/favorite`),
        await sock.put(`/api/offers/${attacked!.offerId}/reaction`, { emoji: 'Hype' }),
        await sock.post(`/api/offers/${attacked!.offerId}/share`),
      ]),
    );
    expect(answers.flat().every((answer) => answer.statusCode === 200)).toBe(true);
    for (let i = 0; i < 5; i++) await completedOrder(proven!, await t.signedIn(), 5);

    // people still see every boost and share; the rank counts none of them
    expect(await ranked(attacked!.offerId)).toMatchObject({ boost_count: 50, share_count: 50, ranked_engagement: 0 });
    expect(await ranked(proven!.offerId)).toMatchObject({ ranked_orders: 5, ranked_reviews: 5, ranked_rating_sum: 25 });
    const feed = await feedIds();
    expect(feed.indexOf(proven!.offerId)).toBeGreaterThanOrEqual(0);
    expect(feed.indexOf(proven!.offerId)).toBeLessThan(feed.indexOf(attacked!.offerId));
  }, 120_000);

  it('one boost from an established person moves an offer above an otherwise equal one', async () => {
    const pair = await offersOfOneAge(2);
    const before = await feedIds();
    // equal scores: the feed breaks the tie by id, so boost the one shown second
    const [first, second] = pair.sort((a, b) => before.indexOf(a.offerId) - before.indexOf(b.offerId));
    const fan = await t.signedIn();
    expect((await fan.post(`/api/offers/${second!.offerId}/boost`)).json()).toMatchObject({ boosted: true });
    expect(await ranked(second!.offerId)).toMatchObject({ ranked_engagement: 3 });
    const after = await feedIds();
    expect(after.indexOf(second!.offerId)).toBeLessThan(after.indexOf(first!.offerId));
  });

  it("never counts the owner's own favourite, reaction or share, and refuses their boost", async () => {
    const { owner, offerId } = await anOffer();
    expect((await owner.post(`/api/offers/${offerId}/boost`)).statusCode).toBe(403);
    expect((await owner.post(`/api/offers/${offerId}/favorite`)).json()).toMatchObject({ favorited: true });
    expect((await owner.put(`/api/offers/${offerId}/reaction`, { emoji: 'Hype' })).json()).toMatchObject({
      reaction: 'Hype',
    });
    expect((await owner.post(`/api/offers/${offerId}/share`)).statusCode).toBe(200);
    expect(await ranked(offerId)).toMatchObject({ ranked_engagement: 0 });
  });

  it("stops counting a blocked person's engagement with the blocker's offer, and counts it again once unblocked", async () => {
    const { owner, offerId } = await anOffer();
    const fan = await t.signedIn();
    await fan.post(`/api/offers/${offerId}/boost`);
    await fan.post(`/api/offers/${offerId}/favorite`);
    await fan.put(`/api/offers/${offerId}/reaction`, { emoji: 'Smart' });
    await fan.post(`/api/offers/${offerId}/share`);
    expect(await ranked(offerId)).toMatchObject({ ranked_engagement: 3 + 2 + 1 + 1 });

    expect((await owner.put(`/api/blocks/${fan.user.id}`)).statusCode).toBe(200);
    expect(await ranked(offerId)).toMatchObject({ boost_count: 1, ranked_engagement: 0 });
    // what the blocked person does meanwhile counts for nothing, and taking it back takes nothing off
    expect((await fan.post(`/api/offers/${offerId}/boost`)).json()).toMatchObject({ boosted: false });
    expect(await ranked(offerId)).toMatchObject({ boost_count: 0, ranked_engagement: 0 });
    expect((await fan.post(`/api/offers/${offerId}/boost`)).json()).toMatchObject({ boosted: true });
    expect(await ranked(offerId)).toMatchObject({ boost_count: 1, ranked_engagement: 0 });
    // someone else's engagement still counts
    await (await t.signedIn()).post(`/api/offers/${offerId}/boost`);
    expect(await ranked(offerId)).toMatchObject({ ranked_engagement: 3 });

    expect((await owner.delete(`/api/blocks/${fan.user.id}`)).statusCode).toBe(200);
    expect(await ranked(offerId)).toMatchObject({ boost_count: 2, ranked_engagement: 3 + 3 + 2 + 1 + 1 });
    // unblocking again changes nothing
    expect((await owner.delete(`/api/blocks/${fan.user.id}`)).statusCode).toBe(200);
    expect(await ranked(offerId)).toMatchObject({ ranked_engagement: 3 + 3 + 2 + 1 + 1 });
  });

  it('takes off what a row counted when it was made, even after its maker has aged: no drift', async () => {
    const { offerId } = await anOffer();
    const regular = await t.signedIn();
    const newcomer = await freshPerson(900);
    await regular.post(`/api/offers/${offerId}/boost`);
    await newcomer.post(`/api/offers/${offerId}/boost`);
    await newcomer.put(`/api/offers/${offerId}/reaction`, { emoji: 'Hype' });
    expect(await ranked(offerId)).toMatchObject({ boost_count: 2, ranked_engagement: 3 });
    t.clock.advance(2 * DAY);
    // the newcomer is established now, but the boost they made fresh never counted: removing it takes nothing off
    expect((await newcomer.post(`/api/offers/${offerId}/boost`)).json()).toMatchObject({ boosted: false });
    expect(await ranked(offerId)).toMatchObject({ boost_count: 1, ranked_engagement: 3 });
    // changing the reaction keeps its mark; a boost made now counts
    await newcomer.put(`/api/offers/${offerId}/reaction`, { emoji: 'Smart' });
    expect(await ranked(offerId)).toMatchObject({ ranked_engagement: 3 });
    await newcomer.post(`/api/offers/${offerId}/boost`, { active: true });
    expect(await ranked(offerId)).toMatchObject({ boost_count: 2, ranked_engagement: 6 });
    await newcomer.put(`/api/offers/${offerId}/reaction`, { emoji: null });
    expect(await ranked(offerId)).toMatchObject({ ranked_engagement: 6 });
  });

  it("counts a person's share of an offer once, whichever day they share it again", async () => {
    const { offerId } = await anOffer();
    const fan = await t.signedIn();
    await fan.post(`/api/offers/${offerId}/share`);
    t.clock.advance(DAY);
    await fan.post(`/api/offers/${offerId}/share`);
    t.clock.advance(DAY);
    await fan.post(`/api/offers/${offerId}/share`);
    expect(await ranked(offerId)).toMatchObject({ share_count: 3, ranked_engagement: 1 });
  });
});

describe('orders and reviews in the rank', () => {
  it("counts an established buyer's completed order and its stars, not a fresh buyer's, and a review's change moves them", async () => {
    const offer = await anOffer();
    const regular = await t.signedIn();
    const fresh = await freshPerson(901);
    const counted = await completedOrder(offer, regular, 2);
    await completedOrder(offer, fresh, 5);
    expect(await ranked(offer.offerId)).toMatchObject({ ranked_orders: 1, ranked_reviews: 1, ranked_rating_sum: 2 });
    expect((await regular.put(`/api/orders/${counted}/review`, { rating: 4 })).statusCode).toBe(200);
    expect(await ranked(offer.offerId)).toMatchObject({ ranked_orders: 1, ranked_reviews: 1, ranked_rating_sum: 4 });
  });

  it('a problem reported after completion takes the order and its stars off; resolved as complete they come back, as redeliver they stay off', async () => {
    const offer = await anOffer();
    const buyer = await t.signedIn();
    const orderId = await completedOrder(offer, buyer, 5);
    expect(await ranked(offer.offerId)).toMatchObject({ ranked_orders: 1, ranked_reviews: 1, ranked_rating_sum: 5 });
    const report = () =>
      buyer.post(`/api/orders/${orderId}/problem`, { reason: 'not_as_described', details: 'Not what was shown.' });
    const resolve = (outcome: string) =>
      admin.post(`/api/admin/disputes/${orderId}/resolve`, { outcome, note: 'Looked at it.' });

    expect((await report()).statusCode).toBe(200);
    expect(await ranked(offer.offerId)).toMatchObject({ ranked_orders: 0, ranked_reviews: 0, ranked_rating_sum: 0 });
    expect((await resolve('complete')).statusCode).toBe(200);
    expect(await ranked(offer.offerId)).toMatchObject({ ranked_orders: 1, ranked_reviews: 1, ranked_rating_sum: 5 });

    expect((await report()).statusCode).toBe(200);
    expect((await resolve('redeliver')).statusCode).toBe(200);
    expect(await ranked(offer.offerId)).toMatchObject({ ranked_orders: 0, ranked_reviews: 0, ranked_rating_sum: 0 });
  });
});

describe("the migration's backfill", () => {
  /** Every offer's ranked columns and score, and every row's mark, as one comparable picture. */
  const picture = async () => ({
    offers: (
      await t.deps.database.query<{ id: string; ranked_reviews: number; rank_score: number }>(
        `select id, ranked_engagement, ranked_orders, ranked_reviews, ranked_rating_sum, rank_score from offers order by id`,
      )
    ).map((row) => ({ ...row, rank_score: Number(row.rank_score) })),
    marks: await t.deps.database.query(
      `select 'boost' as kind, user_id as who, offer_id::text as what, counted from boosts
       union all select 'favorite', user_id, offer_id::text, counted from favorites
       union all select 'reaction', user_id, offer_id::text, counted from reactions
       union all select 'share', viewer_key || ' ' || day, offer_id::text, counted from offer_shares
       union all select 'order', id::text, offer_id::text, counts_for_rank from orders
       order by 1, 2, 3`,
    ),
  });

  it('gives every row and offer, from the rows alone, what the writes above kept', async () => {
    const kept = await picture();
    expect(kept.offers.some((offer) => Number(offer.ranked_reviews) > 0)).toBe(true);
    const migration = await readFile(path.join(migrationsFolder, '0020_trust_and_moderation.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint').map((statement) => statement.trim());
    const backfill = statements.slice(
      statements.findIndex((statement) => statement.startsWith("-- The rank's backfill")),
    );
    expect(backfill).toHaveLength(6);
    for (const table of ['boosts', 'favorites', 'reactions', 'offer_shares'])
      await t.deps.database.query(`update ${table} set counted = false`);
    await t.deps.database.query(`update orders set counts_for_rank = false`);
    await t.deps.database.query(
      `update offers set ranked_engagement = 0, ranked_orders = 0, ranked_reviews = 0, ranked_rating_sum = 0, rank_score = 0`,
    );
    for (const statement of backfill) await t.deps.database.query(statement);
    const made = await picture();
    const withoutScores = (offers: typeof kept.offers) => offers.map(({ rank_score: _score, ...rest }) => rest);
    expect({ ...made, offers: withoutScores(made.offers) }).toEqual({ ...kept, offers: withoutScores(kept.offers) });
    made.offers.forEach((offer, i) => expect(offer.rank_score).toBeCloseTo(kept.offers[i]!.rank_score, 9));
  });
});
