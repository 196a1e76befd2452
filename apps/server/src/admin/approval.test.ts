import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTexts, type AdminGig } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { freeOffer, putOffer } from '../offers/offers.test-support.ts';
import { createOffer } from './test-factories.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ admin: true });
});
afterAll(async () => t.close());

/** The gig as the dashboard shows it to the admin. */
async function gigAsShown(id: string): Promise<AdminGig> {
  const gig = (await admin.get('/api/admin/gigs')).json().items.find((item: AdminGig) => item.id === id);
  if (!gig) throw new Error('gig not listed');
  return gig;
}

async function creatorWithWaitingOffer() {
  const creator = await t.signedIn();
  const offerId = await createOffer(t, creator.user.id, { isApproved: false, title: 'First version' });
  return { creator, offerId };
}

describe('approving the version the admin reviewed', () => {
  it('refuses with 409 when the creator edited the offer after the admin opened it, and approves nothing', async () => {
    const { creator, offerId } = await creatorWithWaitingOffer();
    const seen = await gigAsShown(offerId);
    expect((await putOffer(creator, freeOffer({ title: 'Second version' }))).statusCode).toBe(200);
    const stale = await admin.post(`/api/admin/offers/${offerId}/approve`, { version: seen.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: { code: 'offer_changed', message: adminTexts.gigs.changedSinceOpened } });
    expect(await gigAsShown(offerId)).toMatchObject({ title: 'Second version', isApproved: false });
    expect(await t.deps.database.query('select id from notifications where user_id = $1', [creator.user.id])).toEqual(
      [],
    );
  });

  it('approves the new version once the admin has seen it, and tells the owner once', async () => {
    const { creator, offerId } = await creatorWithWaitingOffer();
    await putOffer(creator, freeOffer({ title: 'Second version' }));
    const seen = await gigAsShown(offerId);
    const approved = await admin.post(`/api/admin/offers/${offerId}/approve`, { version: seen.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: adminTexts.gigs.approved,
      gig: { id: offerId, title: 'Second version', isApproved: true, version: seen.version },
    });
    expect((await admin.post(`/api/admin/offers/${offerId}/approve`, { version: seen.version })).statusCode).toBe(200);
    const notes = await t.deps.database.query('select kind, link from notifications where user_id = $1', [
      creator.user.id,
    ]);
    expect(notes).toEqual([{ kind: 'offer_approved', link: `/offer/${offerId}` }]);
  });

  it('any change to what the offer shows moves the version on, whichever code makes it; counters do not', async () => {
    const { offerId } = await creatorWithWaitingOffer();
    const seen = await gigAsShown(offerId);
    await t.deps.database.query(
      'update offers set boost_count = boost_count + 1, rank_score = rank_score + 1 where id = $1',
      [offerId],
    );
    expect((await gigAsShown(offerId)).version).toBe(seen.version);
    await t.deps.database.query("update offers set description = 'changed behind the screen' where id = $1", [offerId]);
    expect((await gigAsShown(offerId)).version).toBe(seen.version + 1);
    expect((await admin.post(`/api/admin/offers/${offerId}/approve`, { version: seen.version })).statusCode).toBe(409);
  });

  it('needs the version, and answers 404 for a missing offer and 400 for a bad id', async () => {
    const { offerId } = await creatorWithWaitingOffer();
    const without = await admin.post(`/api/admin/offers/${offerId}/approve`, {});
    expect(without.statusCode).toBe(400);
    expect((await admin.post(`/api/admin/offers/${offerId}/approve`, { version: 'latest' })).statusCode).toBe(400);
    expect((await gigAsShown(offerId)).isApproved).toBe(false);
    expect(
      (await admin.post('/api/admin/offers/00000000-0000-4000-8000-000000000000/approve', { version: 1 })).statusCode,
    ).toBe(404);
    expect((await admin.post('/api/admin/offers/nope/approve', { version: 1 })).statusCode).toBe(400);
    expect((await t.client().post(`/api/admin/offers/${offerId}/approve`, { version: 1 })).statusCode).toBe(401);
  });
});
