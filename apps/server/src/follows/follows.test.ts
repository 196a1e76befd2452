/**
 * Following a creator (issue 18): follow and unfollow, the counts on the creator page and the
 * profile, who cannot be followed (oneself, someone suspended, someone either side blocked), a block
 * ending a follow, the cap, and an account deleted taking itself off the counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsTexts, FOLLOWS_MAX } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createPaidOffer } from '../orders/test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let maya: Signed;
let fan: Signed;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [maya, fan] = await Promise.all([t.signedIn({ name: 'Maya Maker' }), t.signedIn({ name: 'Finn Fan' })]);
  await createPaidOffer(t, maya.user.id);
  anonymous = t.client();
});
afterAll(async () => t.close());

const page = async (client: TestClient, userId: string) => (await client.get(`/api/creators/${userId}`)).json();
const profile = async (client: TestClient) => (await client.get('/api/profile')).json().profile;

describe('following', () => {
  it('follows once, and the creator page and both profiles count it', async () => {
    expect((await page(fan, maya.user.id)).viewerFollows).toBe(false);
    const first = await fan.put(`/api/follows/${maya.user.id}`);
    expect(first.json()).toEqual({ following: true, followers: 1, message: followsTexts.followed('Maya Maker') });
    expect((await fan.put(`/api/follows/${maya.user.id}`)).json().followers).toBe(1);
    expect(await page(fan, maya.user.id)).toMatchObject({
      creator: { followers: 1, following: 0 },
      viewerFollows: true,
    });
    expect((await page(anonymous, maya.user.id)).viewerFollows).toBe(false);
    expect(await profile(fan)).toMatchObject({ followers: 0, following: 1 });
    expect(await profile(maya)).toMatchObject({ followers: 1, following: 0 });
  });

  it('unfollows', async () => {
    const done = await fan.delete(`/api/follows/${maya.user.id}`);
    expect(done.json()).toEqual({ following: false, followers: 0, message: followsTexts.unfollowed('Maya Maker') });
    expect((await fan.delete(`/api/follows/${maya.user.id}`)).json().followers).toBe(0);
    expect(await profile(fan)).toMatchObject({ following: 0 });
  });

  it('asks a visitor to sign up, and refuses oneself, nobody and bad ids', async () => {
    const visitor = await anonymous.put(`/api/follows/${maya.user.id}`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(followsTexts.signUp);
    expect((await maya.put(`/api/follows/${maya.user.id}`)).json().error.message).toBe(followsTexts.cannotFollowSelf);
    expect((await fan.put('/api/follows/nobody')).statusCode).toBe(404);
    expect((await fan.put(`/api/follows/${'x'.repeat(101)}`)).statusCode).toBe(414);
  });

  it('is not possible with someone either side blocked, and a block ends a follow either way', async () => {
    const other = await t.signedIn({ name: 'Olly Other' });
    await other.put(`/api/follows/${fan.user.id}`);
    await fan.put(`/api/follows/${other.user.id}`);
    expect(await profile(other)).toMatchObject({ followers: 1, following: 1 });
    await fan.put(`/api/blocks/${other.user.id}`);
    expect(await profile(other)).toMatchObject({ followers: 0, following: 0 });
    expect((await other.put(`/api/follows/${fan.user.id}`)).statusCode).toBe(404);
    expect((await fan.put(`/api/follows/${other.user.id}`)).statusCode).toBe(404);
    await fan.delete(`/api/blocks/${other.user.id}`);
    expect((await fan.put(`/api/follows/${other.user.id}`)).statusCode).toBe(200);
  });

  it(`stops at ${FOLLOWS_MAX} creators followed`, async () => {
    const busy = await t.signedIn({ name: 'Busy Follower' });
    // as if they followed the most already (the cap reads their following tally)
    await t.deps.database.query("insert into tallies (topic, subject, count) values ('following', $1, $2)", [
      busy.user.id,
      FOLLOWS_MAX,
    ]);
    const refused = await busy.put(`/api/follows/${maya.user.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(followsTexts.tooMany);
  });

  it('loses the followers whose account is deleted', async () => {
    const leaving = await t.signedIn({ name: 'Lee Leaving' });
    const admin = await t.signedIn({ name: 'Ada Admin', admin: true });
    await leaving.put(`/api/follows/${maya.user.id}`);
    expect((await page(anonymous, maya.user.id)).creator.followers).toBe(1);
    expect((await admin.delete(`/api/admin/creators/${leaving.user.id}`)).statusCode).toBe(200);
    expect((await page(anonymous, maya.user.id)).creator.followers).toBe(0);
  });
});
