/**
 * The Following feed (issue 18): the offers of the creators a person follows, newest change first,
 * 50 a page by keyset; only what the ranked feed shows (approved, with media: an offer awaiting
 * approval again, hidden or whose creator is suspended is not there); nothing of a creator either side
 * blocked or unfollowed; a visitor is asked to sign up. Following from the feed's avatar is the same
 * PUT /api/follows, and the feed state says whom the viewer follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE, offerTexts, type FeedOffer, type FeedPage } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { freeOffer, putOffer, seedOffer } from '../offers/offers.test-support.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let admin: Signed;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn({ name: 'Ada Admin', admin: true });
});
afterAll(async () => t.close());

const following = async (client: TestClient, cursor?: string): Promise<FeedPage> => {
  const response = await client.get(`/api/feed/following${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const titles = (page: FeedPage) => page.offers.map((offer: FeedOffer) => offer.title);

/** A creator with an approved offer made `minutesAgo` before the test's clock. */
async function creatorWithOffer(name: string, minutesAgo: number, options: Parameters<typeof seedOffer>[2] = {}) {
  const creator = await t.createUser({ name });
  const at = new Date(t.clock.now().getTime() - minutesAgo * 60_000);
  const offerId = await seedOffer(t, creator.id, { title: `${name}'s offer`, createdAt: at, ...options });
  return { ...creator, offerId };
}

const follow = async (fan: TestClient, userId: string) =>
  expect((await fan.put(`/api/follows/${userId}`)).statusCode).toBe(200);

describe('GET /api/feed/following', () => {
  it('asks a visitor to sign up, and is empty for someone who follows nobody', async () => {
    const visitor = await t.client().get('/api/feed/following');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(offerTexts.followingSignUp);
    expect(await following(await t.signedIn())).toEqual({ offers: [], nextCursor: null });
  });

  it('shows the offers of the creators followed, newest change first, and only those the ranked feed shows', async () => {
    const fan = await t.signedIn({ name: 'Finn Fan' });
    const old = await creatorWithOffer('Olive Old', 90);
    const recent = await creatorWithOffer('Rita Recent', 10);
    const middle = await creatorWithOffer('Milo Middle', 40);
    const notFollowed = await creatorWithOffer('Nina Notfollowed', 5);
    const waiting = await creatorWithOffer('Wes Waiting', 3, { approved: false });
    const noMedia = await creatorWithOffer('Nell Nomedia', 2, { media: false });
    const noOffer = await t.createUser({ name: 'Ned Nooffer' });
    for (const creator of [old, recent, middle, waiting, noMedia, noOffer]) await follow(fan, creator.id);

    const page = await following(fan);
    expect(titles(page)).toEqual(["Rita Recent's offer", "Milo Middle's offer", "Olive Old's offer"]);
    expect(page.nextCursor).toBeNull();
    expect(page.offers[0]).toMatchObject({ id: recent.offerId, isApproved: true, creator: { id: recent.id } });
    expect(titles(page)).not.toContain(`${notFollowed.name}'s offer`);

    // An offer from two hours ago is last; edited now it waits for approval (not shown), and once
    // approved it comes back first.
    const owner = await t.signedIn({ name: 'Edie Editor' });
    const ownOffer = await seedOffer(t, owner.user.id, {
      title: 'First version',
      createdAt: new Date(t.clock.now().getTime() - 120 * 60_000),
    });
    await follow(fan, owner.user.id);
    expect(titles(await following(fan)).at(-1)).toBe('First version');
    expect((await putOffer(owner, freeOffer({ title: 'Second version' }))).statusCode).toBe(200);
    expect(titles(await following(fan))).toHaveLength(3);
    const gigs = (await admin.get('/api/admin/gigs')).json().items as Array<{ id: string; version: number }>;
    const version = gigs.find((gig) => gig.id === ownOffer)!.version;
    expect((await admin.post(`/api/admin/offers/${ownOffer}/approve`, { version })).statusCode).toBe(200);
    expect(titles(await following(fan))[0]).toBe('Second version');
  });

  it('pages 50 at a time by keyset, without repeats, and refuses a damaged cursor', async () => {
    const fan = await t.signedIn({ name: 'Busy Fan' });
    const made: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 7; i++) {
      // two offers changed at the same moment each time: the id breaks the tie
      const creator = await creatorWithOffer(`Pager ${i}`, 1000 - Math.floor(i / 2));
      await follow(fan, creator.id);
      made.push(creator.offerId);
    }
    const first = await following(fan);
    expect(first.offers).toHaveLength(FEED_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await following(fan, first.nextCursor!);
    expect(second.offers).toHaveLength(7);
    expect(second.nextCursor).toBeNull();
    const all = [...first.offers, ...second.offers];
    expect(new Set(all.map((offer) => offer.id))).toEqual(new Set(made));
    const changed = all.map((offer) => made.indexOf(offer.id));
    // newest change first: the later-made (more recently changed) creators come first
    for (let i = 1; i < changed.length; i++)
      expect(Math.floor(changed[i]! / 2)).toBeLessThanOrEqual(Math.floor(changed[i - 1]! / 2));

    const damaged = await fan.get('/api/feed/following?cursor=not-a-cursor');
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error.message).toBe('This feed link has expired. Reload the feed.');
    expect((await fan.get(`/api/feed/following?cursor=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('leaves out a creator unfollowed, blocked either way, hidden or suspended', async () => {
    const fan = await t.signedIn({ name: 'Fay Fan' });
    const unfollowed = await creatorWithOffer('Una Unfollowed', 10);
    const blockedByFan = await creatorWithOffer('Bob Blocked', 11);
    const blocker = await t.signedIn({ name: 'Bea Blocker' });
    await seedOffer(t, blocker.user.id, { title: "Bea Blocker's offer" });
    const hidden = await t.signedIn({ name: 'Hal Hidden' });
    const hiddenOffer = await seedOffer(t, hidden.user.id, { title: "Hal Hidden's offer" });
    const suspended = await t.signedIn({ name: 'Sue Suspended' });
    const suspendedOffer = await seedOffer(t, suspended.user.id, { title: "Sue Suspended's offer" });
    const stays = await creatorWithOffer('Stan Stays', 60);
    for (const id of [unfollowed.id, blockedByFan.id, blocker.user.id, hidden.user.id, suspended.user.id, stays.id])
      await follow(fan, id);
    expect(titles(await following(fan))).toHaveLength(6);

    expect((await fan.delete(`/api/follows/${unfollowed.id}`)).statusCode).toBe(200);
    expect((await fan.put(`/api/blocks/${blockedByFan.id}`)).statusCode).toBe(200);
    expect((await blocker.put(`/api/blocks/${fan.user.id}`)).statusCode).toBe(200);
    const reporter = await t.signedIn({ name: 'Rex Reporter' });
    for (const offerId of [hiddenOffer, suspendedOffer])
      expect((await reporter.post('/api/reports', { kind: 'offer', id: offerId, reason: 'scam' })).statusCode).toBe(
        201,
      );
    const cases = (await admin.get('/api/admin/reports')).json().cases as Array<{ id: string; targetId: string }>;
    const caseOf = (offerId: string) => cases.find((c) => c.targetId === offerId)!.id;
    const why = { rule: 'scam', note: 'Asked buyers to pay off the platform.' };
    expect((await admin.post(`/api/admin/reports/${caseOf(hiddenOffer)}/hide`, why)).statusCode).toBe(200);
    expect(
      (await admin.post(`/api/admin/reports/${caseOf(suspendedOffer)}/suspend`, { ...why, days: null })).statusCode,
    ).toBe(200);

    expect(titles(await following(fan))).toEqual(["Stan Stays's offer"]);
    // an unblock does not bring a follow back: the block ended it
    expect((await fan.delete(`/api/blocks/${blockedByFan.id}`)).statusCode).toBe(200);
    expect(titles(await following(fan))).toEqual(["Stan Stays's offer"]);
  });

  it('shows an admin who follows a creator their offer awaiting approval too, as the ranked feed does', async () => {
    const waiting = await creatorWithOffer('Walt Waiting', 1, { approved: false });
    await follow(admin, waiting.id);
    expect(titles(await following(admin))).toEqual(["Walt Waiting's offer"]);
    expect((await following(admin)).offers[0]!.isApproved).toBe(false);
  });
});

describe('following from the feed', () => {
  it("the feed state says whether the viewer follows each offer's creator, and a follow from the feed shows under Following", async () => {
    const fan = await t.signedIn({ name: 'Feed Fan' });
    const creator = await creatorWithOffer('Ava Avatar', 1);
    const other = await creatorWithOffer('Oscar Other', 2);
    const state = async () =>
      Object.fromEntries(
        (await fan.get(`/api/feed/state?ids=${creator.offerId},${other.offerId}`))
          .json()
          .states.map((s: { offerId: string; followsCreator: boolean }) => [s.offerId, s.followsCreator]),
      );
    expect(await state()).toEqual({ [creator.offerId]: false, [other.offerId]: false });
    await follow(fan, creator.id);
    expect(await state()).toEqual({ [creator.offerId]: true, [other.offerId]: false });
    expect(titles(await following(fan))).toEqual(["Ava Avatar's offer"]);
    expect((await fan.delete(`/api/follows/${creator.id}`)).json()).toMatchObject({ following: false });
    expect(await state()).toEqual({ [creator.offerId]: false, [other.offerId]: false });
    expect(titles(await following(fan))).toEqual([]);
  });
});
