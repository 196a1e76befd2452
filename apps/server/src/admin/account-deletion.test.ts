import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankScoreSql } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { multipart as ordersMultipart, pdfBytes } from '../orders/test-helpers.ts';
import { createOffer, multipart, pngBytes } from './test-factories.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ admin: true });
  await t.signedIn({ email: 'designer@example.com', name: 'Dana Designer' });
});
afterAll(async () => t.close());

/** The offers' counters and rank as kept, beside the same numbers counted afresh from the rows. */
async function countersAndRecount(offerIds: string[]) {
  const recount = {
    boost_count: '(select count(*) from boosts b where b.offer_id = offers.id)',
    favorite_count: '(select count(*) from favorites f where f.offer_id = offers.id)',
    reaction_count: '(select count(*) from reactions r where r.offer_id = offers.id)',
    ranked_engagement: `(
      (select 3 * count(*) from boosts b where b.offer_id = offers.id and b.counted)
      + (select 2 * count(*) from favorites f where f.offer_id = offers.id and f.counted)
      + (select count(*) from reactions r where r.offer_id = offers.id and r.counted)
      + (select count(*) from offer_shares s where s.offer_id = offers.id and s.counted))`,
  };
  return t.deps.database.query<Record<string, number>>(
    `
    select boost_count, favorite_count, reaction_count, ranked_engagement, rank_score,
      ${recount.boost_count}::int as boosts, ${recount.favorite_count}::int as favorites, ${recount.reaction_count}::int as reactions,
      ${recount.ranked_engagement}::int as counted_weight,
      ${rankScoreSql({ ranked_engagement: recount.ranked_engagement })} as fresh_rank
    from offers where id = any($1::uuid[]) order by id`,
    [offerIds],
  );
}

const stored = async (key: string) => (await t.deps.storage.head(key)) !== null;

describe('deleting an account', () => {
  it("takes the person's boosts, favourites and reactions off the offers' counters and rank in the same transaction", async () => {
    const [maker, otherMaker] = [await t.createUser(), await t.createUser()];
    const first = await createOffer(t, maker.id, { title: 'First' });
    const second = await createOffer(t, otherMaker.id, { title: 'Second' });
    const leaver = await t.signedIn({ name: 'Leo Leaver' });
    const stayer = await t.signedIn({ name: 'Stella Stayer' });
    for (const call of [
      leaver.post(`/api/offers/${first}/boost`, {}),
      leaver.post(`/api/offers/${first}/favorite`, {}),
      leaver.put(`/api/offers/${first}/reaction`, { emoji: 'Hype' }),
      leaver.post(`/api/offers/${second}/boost`, {}),
      stayer.post(`/api/offers/${first}/boost`, {}),
      stayer.put(`/api/offers/${second}/reaction`, { emoji: 'Smart' }),
    ])
      expect((await call).statusCode).toBe(200);
    const before = await countersAndRecount([first, second]);
    expect(before.map((row) => row.boost_count).sort()).toEqual([1, 2]);
    expect(before.map((row) => row.ranked_engagement).sort()).toEqual([1 + 3, 3 + 3 + 2 + 1].sort());

    expect((await admin.delete(`/api/admin/creators/${leaver.user.id}`)).statusCode).toBe(200);
    const after = await countersAndRecount([first, second]);
    for (const row of after) {
      expect([row.boost_count, row.favorite_count, row.reaction_count, row.ranked_engagement]).toEqual([
        row.boosts,
        row.favorites,
        row.reactions,
        row.counted_weight,
      ]);
      expect(Number(row.rank_score)).toBeCloseTo(Number(row.fresh_rank), 9);
    }
    const byOffer = Object.fromEntries(
      (
        await t.deps.database.query<{ id: string; b: number; f: number; r: number }>(
          'select id, boost_count as b, favorite_count as f, reaction_count as r from offers where id in ($1, $2)',
          [first, second],
        )
      ).map((row) => [row.id, [row.b, row.f, row.r]]),
    );
    expect(byOffer).toEqual({ [first]: [1, 0, 0], [second]: [0, 0, 1] });
  });

  it('removes their private-job files, offer media and avatar from storage once the deletion commits', async () => {
    const leaver = await t.signedIn({ name: 'Fay Files' });
    const job = ordersMultipart({ title: 'Poster', deliveryTime: '2 Days' }, [
      { field: 'files', name: 'brief.pdf', data: pdfBytes() },
    ]);
    const sent = await leaver.request({ method: 'POST', url: '/api/jobs', payload: job.payload, headers: job.headers });
    expect(sent.statusCode, sent.body).toBe(201);
    const avatar = multipart({}, { field: 'avatar', name: 'me.png', type: 'image/png', bytes: await pngBytes() });
    expect((await leaver.request({ method: 'PUT', url: '/api/profile/avatar', ...avatar })).statusCode).toBe(200);
    const gig = multipart(
      { userId: leaver.user.id, title: 'Their gig', link: 'example.com' },
      { name: 'g.png', type: 'image/png', bytes: await pngBytes() },
    );
    expect((await admin.request({ method: 'POST', url: '/api/admin/gigs', ...gig })).statusCode).toBe(201);
    const [jobFile] = await t.deps.database.query<{ storage_key: string }>(
      'select f.storage_key from private_job_files f join private_jobs j on j.id = f.job_id where j.from_user_id = $1',
      [leaver.user.id],
    );
    const [own] = await t.deps.database.query<{ media_key: string; profile_image: string }>(
      'select o.media_key, u.profile_image from users u join offers o on o.user_id = u.id where u.id = $1',
      [leaver.user.id],
    );
    const keys = [jobFile!.storage_key, own!.media_key, own!.profile_image.replace(/^\/media\//, '')];
    for (const key of keys) expect(await stored(key), key).toBe(true);

    expect((await admin.delete(`/api/admin/creators/${leaver.user.id}`)).statusCode).toBe(200);
    for (const key of keys) expect(await stored(key), key).toBe(false);
    expect(
      await t.deps.database.query('select id from private_jobs where from_user_id = $1', [leaver.user.id]),
    ).toEqual([]);
  });
});
