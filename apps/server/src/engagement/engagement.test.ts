import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_SHARERS_PER_ADDRESS,
  offerTexts,
  rankScore,
  REACTIONS,
  SHARE_BURST_MAX,
  shareTexts,
} from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { seedOffer } from '../offers/offers.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Row = {
  boost_count: number;
  favorite_count: number;
  reaction_count: number;
  share_count: number;
  anonymous_share_count: number;
  ranked_engagement: number;
  ranked_orders: number;
  ranked_reviews: number;
  ranked_rating_sum: number;
  rank_score: number;
  created_at: Date;
  boosts: number;
  favorites: number;
  reactions: number;
  counted_weight: number;
};

/**
 * The counters next to the real row counts, ranked_engagement next to the weights of the rows marked
 * counted, and whether the rank score is what the formula gives for the ranked columns.
 */
async function counters(offerId: string) {
  const [row] = await t.deps.database.query<Row>(
    `select boost_count, favorite_count, reaction_count, share_count, anonymous_share_count,
      ranked_engagement, ranked_orders, ranked_reviews, ranked_rating_sum, rank_score, created_at,
      (select count(*)::int from boosts where offer_id = o.id) as boosts,
      (select count(*)::int from favorites where offer_id = o.id) as favorites,
      (select count(*)::int from reactions where offer_id = o.id) as reactions,
      (select 3 * count(*) filter (where counted) from boosts where offer_id = o.id)::int
        + (select 2 * count(*) filter (where counted) from favorites where offer_id = o.id)::int
        + (select count(*) filter (where counted) from reactions where offer_id = o.id)::int
        + (select count(*) filter (where counted) from offer_shares where offer_id = o.id)::int as counted_weight
     from offers o where id = $1`,
    [offerId],
  );
  if (!row) throw new Error('no offer');
  const expected = rankScore(
    {
      engagement: row.ranked_engagement,
      orders: row.ranked_orders,
      reviews: row.ranked_reviews,
      ratingSum: row.ranked_rating_sum,
    },
    new Date(row.created_at),
  );
  return {
    ...row,
    rankMatches: Math.abs(Number(row.rank_score) - expected) < 1e-6 && row.ranked_engagement === row.counted_weight,
  };
}

async function anOffer(
  options: { approved?: boolean } = {},
): Promise<{ owner: TestClient & { user: { id: string; name: string } }; offerId: string }> {
  const owner = await t.signedIn();
  return { owner, offerId: await seedOffer(t, owner.user.id, options) };
}

describe('boost', () => {
  it("toggles on and off, moving the counter and the rank score; never one's own offer", async () => {
    const { owner, offerId } = await anOffer();
    const fan = await t.signedIn();
    const on = await fan.post(`/api/offers/${offerId}/boost`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      offerId,
      boosted: true,
      favorited: false,
      reaction: null,
      boostCount: 1,
      favoriteCount: 0,
      reactionCount: 0,
      shareCount: 0,
    });
    expect((await counters(offerId)).rankMatches).toBe(true);
    expect((await fan.post(`/api/offers/${offerId}/boost`)).json()).toMatchObject({ boosted: false, boostCount: 0 });
    const own = await owner.post(`/api/offers/${offerId}/boost`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(offerTexts.cannotBoostOwn);
    expect((await t.client().post(`/api/offers/${offerId}/boost`)).statusCode).toBe(401);
    expect((await counters(offerId)).boost_count).toBe(0);
  });

  it('double taps and concurrent bursts leave one row and a correct count', async () => {
    const { offerId } = await anOffer();
    const fans = await Promise.all([t.signedIn(), t.signedIn(), t.signedIn()]);
    // "set on" bursts: exactly one row per person
    await Promise.all(
      fans.flatMap((fan) =>
        Array.from({ length: 5 }, () => fan.post(`/api/offers/${offerId}/boost`, { active: true })),
      ),
    );
    let c = await counters(offerId);
    expect([c.boosts, c.boost_count, c.rankMatches]).toEqual([3, 3, true]);
    // plain toggles racing: whatever the order, rows and counter agree
    await Promise.all(fans.flatMap((fan) => Array.from({ length: 3 }, () => fan.post(`/api/offers/${offerId}/boost`))));
    c = await counters(offerId);
    expect(c.boost_count).toBe(c.boosts);
    expect(c.boosts).toBe(0); // three toggles each from "on"
    expect(c.rankMatches).toBe(true);
    const [first] = fans;
    const taps = await Promise.all([
      first!.post(`/api/offers/${offerId}/favorite`),
      first!.post(`/api/offers/${offerId}/favorite`),
    ]);
    expect(taps.map((r) => r.statusCode)).toEqual([200, 200]);
    c = await counters(offerId);
    expect([c.favorites, c.favorite_count]).toEqual([0, 0]);
  });

  it('an offer the viewer may not see cannot be engaged with', async () => {
    const { offerId } = await anOffer({ approved: false });
    const fan = await t.signedIn();
    expect((await fan.post(`/api/offers/${offerId}/boost`)).statusCode).toBe(404);
    expect((await fan.put(`/api/offers/${offerId}/reaction`, { emoji: 'Hype' })).statusCode).toBe(404);
    expect((await t.client().post(`/api/offers/${offerId}/share`)).statusCode).toBe(404);
    const admin = await t.signedIn({ admin: true });
    expect((await admin.post(`/api/offers/${offerId}/favorite`)).statusCode).toBe(200);
    expect((await fan.post('/api/offers/00000000-0000-4000-8000-000000000000/boost')).statusCode).toBe(404);
  });
});

describe('favourite, reaction, share', () => {
  it('favourites toggle; anonymous callers are asked to sign up', async () => {
    const { offerId } = await anOffer();
    const fan = await t.signedIn();
    expect((await t.client().post(`/api/offers/${offerId}/favorite`)).statusCode).toBe(401);
    expect((await fan.post(`/api/offers/${offerId}/favorite`)).json()).toMatchObject({
      favorited: true,
      favoriteCount: 1,
    });
    expect((await fan.post(`/api/offers/${offerId}/favorite`, { active: true })).json()).toMatchObject({
      favorited: true,
      favoriteCount: 1,
    });
    expect((await fan.post(`/api/offers/${offerId}/favorite`, { active: false })).json()).toMatchObject({
      favorited: false,
      favoriteCount: 0,
    });
  });

  it("a creator's own favourite, reaction and share are kept for them but do not move their rank", async () => {
    const { owner, offerId } = await anOffer();
    const before = await counters(offerId);
    expect((await owner.post(`/api/offers/${offerId}/favorite`)).json()).toMatchObject({
      favorited: true,
      favoriteCount: 0,
    });
    expect((await owner.put(`/api/offers/${offerId}/reaction`, { emoji: 'Hype' })).json()).toMatchObject({
      reaction: 'Hype',
      reactionCount: 0,
    });
    expect((await owner.post(`/api/offers/${offerId}/share`)).json()).toMatchObject({ shareCount: 0 });
    const after = await counters(offerId);
    expect([after.favorites, after.reactions]).toEqual([1, 1]);
    expect([after.favorite_count, after.reaction_count, after.share_count, Number(after.rank_score)]).toEqual([
      0,
      0,
      0,
      Number(before.rank_score),
    ]);
    // and taking them back does not push the counters below what others gave
    const fan = await t.signedIn();
    await fan.post(`/api/offers/${offerId}/favorite`);
    expect((await owner.post(`/api/offers/${offerId}/favorite`, { active: false })).json()).toMatchObject({
      favorited: false,
      favoriteCount: 1,
    });
    expect((await owner.put(`/api/offers/${offerId}/reaction`, { emoji: null })).json()).toMatchObject({
      reaction: null,
      reactionCount: 0,
    });
    expect((await counters(offerId)).rankMatches).toBe(true);
  });

  it('one reaction per person and offer: set, change, remove; five values only', async () => {
    const { offerId } = await anOffer();
    const fan = await t.signedIn();
    expect((await t.client().put(`/api/offers/${offerId}/reaction`, { emoji: 'Hype' })).statusCode).toBe(401);
    expect((await fan.put(`/api/offers/${offerId}/reaction`, { emoji: 'Hype' })).json()).toMatchObject({
      reaction: 'Hype',
      reactionCount: 1,
    });
    expect((await fan.put(`/api/offers/${offerId}/reaction`, { emoji: 'Not for Me' })).json()).toMatchObject({
      reaction: 'Not for Me',
      reactionCount: 1,
    });
    expect((await fan.put(`/api/offers/${offerId}/reaction`, { emoji: 'Love' })).statusCode).toBe(400);
    await Promise.all(REACTIONS.map((emoji) => fan.put(`/api/offers/${offerId}/reaction`, { emoji })));
    let c = await counters(offerId);
    expect([c.reactions, c.reaction_count, c.rankMatches]).toEqual([1, 1, true]);
    expect((await fan.put(`/api/offers/${offerId}/reaction`, { emoji: null })).json()).toMatchObject({
      reaction: null,
      reactionCount: 0,
    });
    await Promise.all([
      fan.put(`/api/offers/${offerId}/reaction`, { emoji: null }),
      fan.put(`/api/offers/${offerId}/reaction`, { emoji: null }),
    ]);
    c = await counters(offerId);
    expect([c.reactions, c.reaction_count]).toEqual([0, 0]);
  });

  it('a share counts once per person or browser per offer and day, concurrent ones included, and again the next day', async () => {
    const { offerId } = await anOffer();
    const anon = t.client('198.51.100.1');
    const fan = await t.signedIn();
    expect((await anon.post(`/api/offers/${offerId}/share`)).json()).toMatchObject({ shareCount: 1, boosted: false });
    await Promise.all(Array.from({ length: 6 }, () => anon.post(`/api/offers/${offerId}/share`)));
    await Promise.all(Array.from({ length: 3 }, () => fan.post(`/api/offers/${offerId}/share`)));
    let c = await counters(offerId);
    expect([c.share_count, c.anonymous_share_count, c.ranked_engagement, c.rankMatches]).toEqual([2, 1, 1, true]);
    t.clock.advance(24 * 3600_000);
    await anon.post(`/api/offers/${offerId}/share`);
    await fan.post(`/api/offers/${offerId}/share`);
    c = await counters(offerId);
    // people see every day's share; the rank counts the person's once, the browser's never
    expect([c.share_count, c.anonymous_share_count, c.ranked_engagement, c.rankMatches]).toEqual([4, 2, 1, true]);
  });

  it("an anonymous share does not move the rank, a person's does", async () => {
    const [byPerson, byBrowser, untouched] = [await anOffer(), await anOffer(), await anOffer()];
    await (await t.signedIn()).post(`/api/offers/${byPerson.offerId}/share`);
    await t.client('198.51.100.2').post(`/api/offers/${byBrowser.offerId}/share`);
    const [person, browser, none] = [
      await counters(byPerson.offerId),
      await counters(byBrowser.offerId),
      await counters(untouched.offerId),
    ];
    expect([person.share_count, browser.share_count]).toEqual([1, 1]);
    expect(Number(browser.rank_score)).toBe(Number(none.rank_score));
    expect(Number(person.rank_score) - Number(browser.rank_score)).toBeCloseTo(Math.log(2), 9);
  });

  it('300 anonymous shares from one address in ten seconds do not lift an offer over one with real engagement', async () => {
    const target = await anOffer();
    t.clock.advance(60_000);
    const real = await anOffer();
    await (await t.signedIn()).post(`/api/offers/${real.offerId}/boost`);
    const address = '203.0.113.66';
    const browser = t.client(address);
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      // half from one browser that keeps its cookie, half from browsers that throw theirs away
      const caller = i % 2 === 0 ? browser : t.client(address);
      statuses.push((await caller.post(`/api/offers/${target.offerId}/share`)).statusCode);
      t.clock.advance(33);
    }
    const [attacked, honest] = [await counters(target.offerId), await counters(real.offerId)];
    expect(Number(attacked.rank_score)).toBeLessThan(Number(honest.rank_score));
    expect(attacked.share_count).toBeLessThanOrEqual(ANONYMOUS_SHARERS_PER_ADDRESS);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SHARE_BURST_MAX);
    expect(attacked.rankMatches).toBe(true);
  });

  it('refuses a burst of shares from one address with 429 and a clear text, writing nothing, until the minute is over', async () => {
    const { offerId } = await anOffer();
    const address = '203.0.113.77';
    for (let i = 0; i < SHARE_BURST_MAX; i++)
      expect((await t.client(address).post(`/api/offers/${offerId}/share`)).statusCode).toBe(200);
    const before = await counters(offerId);
    const refused = await t.client(address).post(`/api/offers/${offerId}/share`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'too_many_shares', message: shareTexts.tooFast });
    expect(await counters(offerId)).toEqual(before);
    const rows = await t.deps.database.query<{ n: number }>(
      'select count(*)::int as n from offer_shares where offer_id = $1',
      [offerId],
    );
    expect(rows[0]!.n).toBe(ANONYMOUS_SHARERS_PER_ADDRESS);
    // another address is not held back, and this one is free again a minute later
    expect((await t.client('203.0.113.78').post(`/api/offers/${offerId}/share`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await t.client(address).post(`/api/offers/${offerId}/share`)).statusCode).toBe(200);
  });
});

describe('GET /api/boosted', () => {
  it('lists the offers the viewer boosted, newest first, for the signed-in viewer only', async () => {
    const fan = await t.signedIn();
    const a = await anOffer();
    const b = await anOffer();
    await fan.post(`/api/offers/${a.offerId}/boost`);
    t.clock.advance(1000);
    await fan.post(`/api/offers/${b.offerId}/boost`);
    const list = await fan.get('/api/boosted');
    expect(list.statusCode).toBe(200);
    expect(list.json().offers.map((offer: { id: string }) => offer.id)).toEqual([b.offerId, a.offerId]);
    expect(list.json().offers[0]).toMatchObject({ creatorName: b.owner.user.name, mediaKind: 'image' });
    expect(list.json().nextCursor).toBeNull();
    expect((await a.owner.get('/api/boosted')).json()).toEqual({ offers: [], nextCursor: null });
    const anon = await t.client().get('/api/boosted');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(offerTexts.boostedLoginRequired);
  });
});
