import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE, type FeedOffer, type FeedPage } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sql } from 'drizzle-orm';
import { seedOffer } from '../offers/offers.test-support.ts';
import { rowsOf } from '../db/rows.ts';
import { feedPageQuery } from './feed.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ids = (page: FeedPage) => page.offers.map((offer: FeedOffer) => offer.id);

describe('GET /api/feed on an empty database', () => {
  it('says why it is empty: nothing created yet, then how many were filtered out', async () => {
    expect((await t.client().get('/api/feed')).json()).toEqual({
      offers: [],
      nextCursor: null,
      emptyReason: { total: 0, filteredOut: 0 },
    });
    const hidden = await seedOffer(t, (await t.createUser()).id, { approved: false });
    await seedOffer(t, (await t.createUser()).id, { media: false });
    // Written behind the server's back, so its public page of a moment ago may still serve for up to
    // a second (FEED_REUSE_MS); a page asked for fresh reads the database again and replaces it.
    expect((await t.client().get('/api/feed?fresh=1')).json()).toEqual({
      offers: [],
      nextCursor: null,
      emptyReason: { total: 2, filteredOut: 2 },
    });
    expect((await t.client().get('/api/feed')).json()).toEqual({
      offers: [],
      nextCursor: null,
      emptyReason: { total: 2, filteredOut: 2 },
    });
    expect((await t.client().get('/api/feed?q=zzz')).json()).toEqual({ offers: [], nextCursor: null });
    const admin = await t.signedIn({ admin: true });
    const all = (await admin.get('/api/feed')).json();
    expect(all.offers).toHaveLength(2);
    expect(all.offers.map((offer: FeedOffer) => offer.isApproved)).toContain(false);
    expect(ids(all)).toContain(hidden);
    expect((await admin.get('/api/admin/feed-debug')).json()).toEqual({
      total: 2,
      approved: 1,
      withMedia: 1,
      approvedWithMedia: 0,
    });
    expect((await t.client().get('/api/admin/feed-debug')).statusCode).toBe(401);
    expect((await (await t.signedIn()).get('/api/admin/feed-debug')).statusCode).toBe(403);
  });
});

describe('GET /api/feed', () => {
  let visible: string[];
  beforeAll(async () => {
    const base = t.clock.now().getTime();
    visible = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 5; i++) {
      const user = await t.createUser({ name: `Creator ${i}` });
      const title = i === 3 ? 'Wedding PHOTOS in Leeds' : i === 4 ? '100% handmade_cards' : `Offer ${i}`;
      const tags = i % 10 === 0 ? 'Design, logo' : 'misc';
      visible.push(await seedOffer(t, user.id, { title, tags, createdAt: new Date(base + i * 60_000) }));
    }
  });

  it('normal users and visitors see only approved offers with media, newest rank first, in pages of 50', async () => {
    const owner = await t.signedIn();
    const unapproved = await seedOffer(t, owner.user.id, { approved: false, title: 'Hidden one' });
    const first = await t.client().get('/api/feed');
    expect(first.statusCode).toBe(200);
    const page: FeedPage = first.json();
    expect(page.offers).toHaveLength(FEED_PAGE_SIZE);
    expect(page.offers[0]).toMatchObject({
      id: visible.at(-1),
      isApproved: true,
      mediaKind: 'image',
      creator: { displayName: `Creator ${FEED_PAGE_SIZE + 4}` },
    });
    expect(page.emptyReason).toBeUndefined();
    const second: FeedPage = (await t.client().get(`/api/feed?cursor=${page.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    const all = [...ids(page), ...ids(second)];
    expect(all).toEqual([...visible].reverse());
    expect(all).not.toContain(unapproved);
    expect(ids((await owner.get('/api/feed')).json())).not.toContain(unapproved);
    expect((await t.client().get('/api/feed?cursor=garbage')).statusCode).toBe(400);
  });

  it('a boost moves an offer up; the page stays consistent across the cursor', async () => {
    const fan = await t.signedIn();
    const oldest = visible[0]!;
    // The page the server keeps for a second is dropped by any write it serves: the boosts show at once.
    expect(
      (await t.client().get('/api/feed')).json().offers.find((offer: FeedOffer) => offer.id === oldest)?.boostCount ??
        0,
    ).toBe(0);
    for (let i = 0; i < 3; i++) {
      const other = await t.signedIn();
      await other.post(`/api/offers/${oldest}/boost`);
    }
    await fan.post(`/api/offers/${oldest}/favorite`);
    const page: FeedPage = (await t.client().get('/api/feed')).json();
    const index = ids(page).indexOf(oldest);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(FEED_PAGE_SIZE - 10);
    expect(page.offers[index]).toMatchObject({ boostCount: 3, favoriteCount: 1 });
  });

  it('searches titles case-insensitively (q) and filters by tag, matching the tag or the title', async () => {
    expect(ids((await t.client().get('/api/feed?q=photos')).json())).toEqual([visible[3]]);
    expect(ids((await t.client().get('/api/feed?q=100%25')).json())).toEqual([visible[4]]);
    expect(ids((await t.client().get('/api/feed?q=_')).json())).toEqual([visible[4]]);
    const tagged: FeedPage = (await t.client().get('/api/feed?tag=%23DESIGN')).json();
    expect(new Set(ids(tagged))).toEqual(new Set(visible.filter((_, i) => i % 10 === 0)));
    expect(ids((await t.client().get('/api/feed?tag=wedding')).json())).toEqual([visible[3]]);
  });

  it('the public page is the same bytes for everyone, cacheable with an ETag and 304', async () => {
    const anon = await t.client().get('/api/feed');
    const member = await (await t.signedIn()).get('/api/feed');
    expect(member.body).toBe(anon.body);
    expect(anon.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(anon.headers['set-cookie']).toBeUndefined();
    expect(member.headers['set-cookie']).toBeUndefined();
    expect(member.headers.etag).toBe(anon.headers.etag);
    const again = await t
      .client()
      .request({ method: 'GET', url: '/api/feed', headers: { 'if-none-match': String(anon.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const admin = await (await t.signedIn({ admin: true })).get('/api/feed');
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(admin.headers.etag).toBeUndefined();
  });
});

describe('the feed statement', () => {
  it('walks offers_feed_idx for normal viewers, deep pages included (keyset, no offset)', async () => {
    const query = feedPageQuery(t.deps.database.db, {
      wholeFeed: false,
      after: { score: 1e9, id: '00000000-0000-4000-8000-000000000000' },
      limit: 51,
    }).toSQL();
    // Inline the parameters for EXPLAIN (test values only: numbers and a uuid).
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value)}'`;
    });
    const plan = await t.deps.database.db.transaction(async (tx) => {
      // The test tables are tiny, so scanning and sorting everything is cheapest here. With those
      // plans priced out, a plan without a sort on rank_score exists only if the index gives the order.
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'enable_hashjoin']) {
        await tx.execute(sql.raw(`set local ${setting} = off`));
      }
      return rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain ${text}`)))
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Scan using offers_feed_idx/);
    expect(plan).not.toMatch(/Sort Key: offers\.rank_score/);
  });
});

describe('GET /api/feed/state', () => {
  it("gives the signed-in viewer's own boost, favourite and reaction for the offers asked, and whom they follow", async () => {
    const a = await seedOffer(t, (await t.createUser()).id);
    const creatorOfB = await t.createUser();
    const b = await seedOffer(t, creatorOfB.id);
    const fan = await t.signedIn();
    await fan.put(`/api/follows/${creatorOfB.id}`);
    await fan.post(`/api/offers/${a}/boost`);
    await fan.put(`/api/offers/${b}/reaction`, { emoji: 'Smart' });
    await fan.post(`/api/offers/${b}/favorite`);
    const states = (await fan.get(`/api/feed/state?ids=${a},${b}`)).json().states;
    expect(states).toHaveLength(2);
    expect(states).toEqual(
      expect.arrayContaining([
        { offerId: a, boosted: true, favorited: false, reaction: null, followsCreator: false },
        { offerId: b, boosted: false, favorited: true, reaction: 'Smart', followsCreator: true },
      ]),
    );
    const other = (await (await t.signedIn()).get(`/api/feed/state?ids=${a}`)).json().states;
    expect(other).toEqual([{ offerId: a, boosted: false, favorited: false, reaction: null, followsCreator: false }]);
    expect((await t.client().get(`/api/feed/state?ids=${a}`)).statusCode).toBe(401);
    expect((await fan.get('/api/feed/state?ids=x')).statusCode).toBe(400);
  });

  it('gives the right states to someone who boosted, saved, reacted to and followed more than it reads whole (150 each)', async () => {
    const many = await t.signedIn();
    const db = t.deps.database.db;
    await db.execute(sql`insert into users (id, display_name, email)
      select 'many-' || i, 'Many ' || i, 'many-' || i || '@example.com' from generate_series(1, 160) i`);
    await db.execute(
      sql`insert into offers (user_id, title) select 'many-' || i, 'Offer ' || i from generate_series(1, 160) i`,
    );
    const offerOf = async (i: number) =>
      rowsOf<{ id: string }>(await db.execute(sql`select id from offers where user_id = ${`many-${i}`}`))[0]!.id;
    // offers 1-150 have all four from this person; 151-160 none
    for (const table of ['boosts', 'favorites'])
      await db.execute(
        sql.raw(
          `insert into ${table} (user_id, offer_id) select '${many.user.id}', id from offers where user_id in (select 'many-' || i from generate_series(1, 150) i)`,
        ),
      );
    await db.execute(sql`insert into reactions (user_id, offer_id, emoji)
      select ${many.user.id}, id, 'Smart' from offers where user_id in (select 'many-' || i from generate_series(1, 150) i)`);
    await db.execute(sql`insert into follows (follower_id, followee_id)
      select ${many.user.id}, 'many-' || i from generate_series(1, 150) i`);
    const asked = await Promise.all([1, 75, 150, 151, 160].map(offerOf));
    const states = (await many.get(`/api/feed/state?ids=${asked.join(',')}`)).json().states as Array<{
      offerId: string;
    }>;
    const engaged = { boosted: true, favorited: true, reaction: 'Smart', followsCreator: true };
    const none = { boosted: false, favorited: false, reaction: null, followsCreator: false };
    expect(states.sort((x, y) => asked.indexOf(x.offerId) - asked.indexOf(y.offerId))).toEqual(
      asked.map((offerId, i) => ({ offerId, ...(i < 3 ? engaged : none) })),
    );
  });

  it('answers many people asking at once each with their own states (their requests share statements)', async () => {
    const offerIds = await Promise.all(Array.from({ length: 3 }, async () => seedOffer(t, (await t.createUser()).id)));
    const people = await Promise.all(Array.from({ length: 12 }, () => t.signedIn()));
    // person i boosted offer i % 3; the odd ones also saved offer 0
    for (const [i, person] of people.entries()) {
      await person.post(`/api/offers/${offerIds[i % 3]}/boost`);
      if (i % 2) await person.post(`/api/offers/${offerIds[0]}/favorite`);
    }
    const answers = await Promise.all(
      people.map(async (person, i) => {
        const ids = i % 4 === 3 ? [offerIds[0]!] : offerIds;
        return (await person.get(`/api/feed/state?ids=${ids.join(',')}`)).json().states as Array<{
          offerId: string;
          boosted: boolean;
          favorited: boolean;
        }>;
      }),
    );
    for (const [i, states] of answers.entries()) {
      const asked = i % 4 === 3 ? [offerIds[0]!] : offerIds;
      expect(states.map((state) => state.offerId).sort()).toEqual([...asked].sort());
      for (const state of states) {
        expect(state.boosted, `person ${i}, offer ${offerIds.indexOf(state.offerId)}`).toBe(
          state.offerId === offerIds[i % 3],
        );
        expect(state.favorited).toBe(state.offerId === offerIds[0] && i % 2 === 1);
      }
    }
  });
});
