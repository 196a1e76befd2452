/**
 * Search that answers (issue 19): the suggestions while typing (creators by the start of their name,
 * tags of offers in the feed by the start of theirs, at most 8 each) and the results' count (exact up
 * to 1,000, then capped), with who is left out: people without an offer, the suspended, and creators
 * either side blocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, SEARCH_SUGGESTIONS_MAX, searchTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createPaidOffer } from '../orders/test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let viewer: Signed;
let admin: Signed;
let anonymous: TestClient;
const ids: Record<string, string> = {};

const sql = (text: string, params: unknown[] = []) => t.deps.database.query(text, params);

/** A creator with an approved offer titled `title` and tagged `tags`. */
async function creator(name: string, title: string, tags: string[] = [], approved = true) {
  const person = await t.createUser({ name });
  const offerId = await createPaidOffer(t, person.id, { title, isApproved: approved });
  for (const tag of tags) {
    await sql('insert into tags (name) values ($1) on conflict do nothing', [tag]);
    await sql('insert into offer_tags (offer_id, tag_id) select $1, id from tags where lower(name) = $2', [
      offerId,
      tag,
    ]);
  }
  ids[name] = person.id;
  return person.id;
}

beforeAll(async () => {
  t = await createTestApp();
  [viewer, admin] = await Promise.all([t.signedIn({ name: 'Vera Viewer' }), t.signedIn({ admin: true })]);
  anonymous = t.client();
  await creator('Maya Maker', 'Logo design in a day', ['logo', 'branding']);
  await creator('maria lopez', 'Logos for bands', ['logo', 'logotype']);
  await creator('Mark 100%', 'Flyers and posters', ['flyer']);
  await creator('Max Hidden', 'Logo sketches awaiting approval', ['logomarks'], false);
  await creator('Marnie Suspended', 'Logo animations', ['logo']);
  // Suspended for good: their offer is taken out of the feed with them (as the admins' suspension does).
  await sql(`update users set suspended_until = 'infinity' where id = $1`, [ids['Marnie Suspended']]);
  await sql('update offers set is_approved = false where user_id = $1', [ids['Marnie Suspended']]);
  // Someone without an offer is a buyer, not a creator to suggest.
  await t.createUser({ name: 'Mabel Buyer' });
  // The tags come from the popular tags rollup, as the queue keeps it.
  await sql('refresh materialized view popular_tags');
});
afterAll(async () => t.close());

const suggestions = async (client: TestClient, q: string) => {
  const response = await client.get(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    creators: Array<{ id: string; displayName: string; profileImage: string | null }>;
    tags: Array<{ name: string; offerCount: number }>;
  };
};
const count = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/search/count?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; capped: boolean };
};

describe('suggestions', () => {
  it('suggests creators whose name starts with the text, whatever its case, in name order', async () => {
    const found = await suggestions(anonymous, 'MA');
    expect(found.creators.map((one) => one.displayName)).toEqual([
      'maria lopez',
      'Mark 100%',
      'Max Hidden',
      'Maya Maker',
    ]);
    expect(found.creators[0]).toEqual({ id: ids['maria lopez'], displayName: 'maria lopez', profileImage: null });
    expect((await suggestions(anonymous, 'mar')).creators.map((one) => one.displayName)).toEqual([
      'maria lopez',
      'Mark 100%',
    ]);
  });

  it('leaves out people without an offer and suspended creators', async () => {
    const names = (await suggestions(anonymous, 'ma')).creators.map((one) => one.displayName);
    expect(names).not.toContain('Mabel Buyer');
    expect(names).not.toContain('Marnie Suspended');
  });

  it('suggests tags of offers in the feed that start with the text, with their offer counts; a leading # is dropped', async () => {
    // "logomarks" is only on an offer awaiting approval: nothing to find in the feed
    expect((await suggestions(viewer, '#LOGO')).tags).toEqual([
      { name: 'logo', offerCount: 2 },
      { name: 'logotype', offerCount: 1 },
    ]);
    expect((await suggestions(viewer, 'bran')).tags).toEqual([{ name: 'branding', offerCount: 1 }]);
  });

  it("takes LIKE's own characters literally, answers nothing for nothing, and at most 8 of each", async () => {
    expect(await suggestions(anonymous, '%')).toEqual({ creators: [], tags: [] });
    expect(await suggestions(anonymous, 'mark 100%')).toMatchObject({ creators: [{ displayName: 'Mark 100%' }] });
    expect(await suggestions(anonymous, '   ')).toEqual({ creators: [], tags: [] });
    expect((await anonymous.get('/api/search/suggestions')).json()).toEqual({ creators: [], tags: [] });
    for (let i = 0; i < SEARCH_SUGGESTIONS_MAX + 2; i++) await creator(`Zed ${i}`, `Zine ${i}`, [`zine${i}`]);
    await sql('refresh materialized view popular_tags');
    const many = await suggestions(anonymous, 'z');
    expect(many.creators).toHaveLength(SEARCH_SUGGESTIONS_MAX);
    expect(many.tags).toHaveLength(SEARCH_SUGGESTIONS_MAX);
    expect(many.creators.map((one) => one.displayName)).toEqual(
      Array.from({ length: SEARCH_SUGGESTIONS_MAX }, (_, i) => `Zed ${i}`),
    );
  });

  it('never suggests a creator either side blocked', async () => {
    await viewer.put(`/api/blocks/${ids['Maya Maker']}`);
    expect((await suggestions(viewer, 'may')).creators).toEqual([]);
    expect((await suggestions(anonymous, 'may')).creators).toHaveLength(1);
    await viewer.delete(`/api/blocks/${ids['Maya Maker']}`);
    expect((await suggestions(viewer, 'may')).creators).toHaveLength(1);
    // the other way round: maria blocked the viewer
    await sql('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [ids['maria lopez'], viewer.user.id]);
    expect((await suggestions(viewer, 'mari')).creators).toEqual([]);
    await sql('delete from blocks where blocker_id = $1', [ids['maria lopez']]);
  });

  it('refuses text longer than any name with a clear 4xx', async () => {
    const response = await anonymous.get(`/api/search/suggestions?q=${'a'.repeat(201)}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("the results' count", () => {
  it('counts the offers the feed finds for a word: approved ones whose title holds it, in any case', async () => {
    expect(await count(anonymous, 'q=LOGO')).toEqual({ count: 2, capped: false });
    expect(await count(anonymous, 'q=posters')).toEqual({ count: 1, capped: false });
    expect(await count(anonymous, 'q=nothing-like-it')).toEqual({ count: 0, capped: false });
  });

  it('counts a tag as the feed filters by it: offers with the tag or with it in their title, each once', async () => {
    // logotype: maria's tag, and "logotype" in no title; logo: Maya and maria, each by tag and by title
    expect(await count(anonymous, 'tag=logotype')).toEqual({ count: 1, capped: false });
    expect(await count(anonymous, 'tag=logo')).toEqual({ count: 2, capped: false });
    expect(await count(anonymous, 'tag=posters')).toEqual({ count: 1, capped: false });
    expect(await count(anonymous, 'tag=%23Flyer')).toEqual({ count: 1, capped: false });
  });

  it('the admin counts the whole feed, offers awaiting approval too', async () => {
    expect(await count(admin, 'q=logo')).toEqual({ count: 4, capped: false });
  });

  it("leaves out a blocked creator's offers, as the viewer's feed does", async () => {
    await viewer.put(`/api/blocks/${ids['Maya Maker']}`);
    expect(await count(viewer, 'q=logo')).toEqual({ count: 1, capped: false });
    await viewer.delete(`/api/blocks/${ids['Maya Maker']}`);
    expect(await count(viewer, 'q=logo')).toEqual({ count: 2, capped: false });
  });

  it(`is exact up to ${SEARCH_COUNT_CAP}, then says there are more`, async () => {
    const more = SEARCH_COUNT_CAP + 5;
    await sql(
      `insert into users (id, display_name, email) select 'bulk' || i, 'Bulk ' || i, 'bulk' || i || '@example.com' from generate_series(1, $1::int) i`,
      [more],
    );
    await sql(
      `insert into offers (user_id, title, media_key, is_approved) select 'bulk' || i, 'Sticker sheet ' || i, 'offers/x.jpg', true from generate_series(1, $1::int) i`,
      [more],
    );
    expect(await count(anonymous, 'q=sticker')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    // 10, 100 to 109 and 1000 to 1005
    expect(await count(anonymous, 'q=sticker sheet 10')).toEqual({ count: 17, capped: false });
  });

  it('asks for something to count', async () => {
    const response = await anonymous.get('/api/search/count?q=%20');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(searchTexts.nothingToCount);
  });
});
