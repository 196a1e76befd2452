/**
 * Reviews from real orders only (issue 16): the buyer of a completed order rates it once and may
 * change it for 7 days, the seller replies once, the offer's stars move with each review, and the
 * offer's and the creator's reviews read newest first a page at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewsTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createOrderIn, createPaidOffer } from './test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let seller: Signed;
let buyer: Signed;
let admin: Signed;
let anonymous: TestClient;
let offerId: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, admin] = await Promise.all([
    t.signedIn({ name: 'Maya Seller' }),
    t.signedIn({ name: 'Ben Buyer' }),
    t.signedIn({ name: 'Ada Admin', admin: true }),
  ]);
  anonymous = t.client();
  offerId = await createPaidOffer(t, seller.user.id);
});
afterAll(async () => t.close());

const completedOrder = (
  status: Parameters<typeof createOrderIn>[1] = 'completed',
  of: { offer: string; owner: string } = { offer: offerId, owner: seller.user.id },
) => createOrderIn(t, status, { buyerId: buyer.user.id, sellerId: of.owner, offerId: of.offer });
/** Another creator's offer (one offer per person), for a test that counts its stars from zero. */
const anotherOffer = async () => {
  const owner = (await t.createUser()).id;
  return { owner, offer: await createPaidOffer(t, owner) };
};
const review = (client: TestClient, orderId: string, body: Record<string, unknown>) =>
  client.put(`/api/orders/${orderId}/review`, body);
const ratingOf = async (id = offerId) => (await anonymous.get(`/api/offers/${id}`)).json().rating;
const reviewRows = (orderId: string) =>
  t.deps.database.query('select rating, body from reviews where order_id = $1', [orderId]);

describe('writing a review', () => {
  it("rates a completed order: the review shows on the order and the offer, the offer's stars move, the seller is told", async () => {
    const id = await completedOrder();
    const written = await review(buyer, id, { rating: 4, text: 'Great logo, <b>fast</b> delivery.' });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({
      message: reviewsTexts.posted,
      review: {
        id: expect.any(String),
        rating: 4,
        text: 'Great logo, fast delivery.',
        createdAt: t.clock.now().toISOString(),
        editableUntil: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
        buyerName: 'Ben Buyer',
        orderTitle: 'Order completed',
        reply: null,
      },
    });
    expect((await seller.get(`/api/orders/${id}`)).json().order.review).toEqual(written.json().review);
    expect(await ratingOf()).toEqual({ average: 4, count: 1 });
    const notices = await t.deps.database.query<{ body: string }>(
      "select body from notifications where user_id = $1 and kind = 'review'",
      [seller.user.id],
    );
    expect(notices).toEqual([{ body: 'Ben Buyer rated your order 4 out of 5.' }]);
  });

  it('changes a review for 7 days (the stars move by the difference), then no more', async () => {
    const other = await anotherOffer();
    const id = await completedOrder('completed', other);
    await review(buyer, id, { rating: 2 });
    t.clock.advance(6 * DAY);
    const changed = await review(buyer, id, { rating: 5, text: 'They fixed it.' });
    expect(changed.json()).toMatchObject({
      message: reviewsTexts.saved,
      review: { rating: 5, text: 'They fixed it.' },
    });
    expect(await ratingOf(other.offer)).toEqual({ average: 5, count: 1 });
    t.clock.advance(2 * DAY);
    const late = await review(buyer, id, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(reviewsTexts.editClosed);
    expect(await reviewRows(id)).toEqual([{ rating: 5, body: 'They fixed it.' }]);
  });

  it('takes reviews from the buyer of a completed order only', async () => {
    for (const status of ['delivered', 'cancelled', 'paid', 'disputed'] as const) {
      const refused = await review(buyer, await completedOrder(status), { rating: 5 });
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().error.message).toBe(reviewsTexts.notCompleted);
    }
    const id = await completedOrder();
    expect((await review(seller, id, { rating: 5 })).json().error.message).toBe(reviewsTexts.onlyBuyer);
    expect((await review(admin, id, { rating: 5 })).statusCode).toBe(403);
    expect((await review(await t.signedIn(), id, { rating: 5 })).statusCode).toBe(404);
    expect((await review(anonymous, id, { rating: 5 })).statusCode).toBe(401);
    expect(await reviewRows(id)).toEqual([]);
  });

  it('asks for 1 to 5 whole stars and at most 500 characters', async () => {
    const id = await completedOrder();
    for (const rating of [0, 6, 2.5, '5', null, undefined]) {
      const refused = await review(buyer, id, { rating });
      expect(refused.statusCode, String(rating)).toBe(400);
      expect(refused.json().error.message).toBe(reviewsTexts.chooseRating);
    }
    const long = await review(buyer, id, { rating: 5, text: 'x'.repeat(501) });
    expect(long.json().error.message).toBe(reviewsTexts.tooLong);
    expect(await reviewRows(id)).toEqual([]);
  });

  it('keeps one review per order when two first reviews race', async () => {
    const other = await anotherOffer();
    const id = await completedOrder('completed', other);
    const answers = await Promise.all([review(buyer, id, { rating: 5 }), review(buyer, id, { rating: 3 })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await reviewRows(id)).toHaveLength(1);
    expect((await ratingOf(other.offer)).count).toBe(1);
  });
});

describe("the seller's reply", () => {
  it('is written once, by the seller, to a review that exists', async () => {
    const id = await completedOrder();
    const early = await seller.post(`/api/orders/${id}/review/reply`, { text: 'Thanks!' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(reviewsTexts.noReview);
    await review(buyer, id, { rating: 3, text: 'Good, a bit slow.' });
    expect((await buyer.post(`/api/orders/${id}/review/reply`, { text: 'Me too' })).statusCode).toBe(403);
    expect((await seller.post(`/api/orders/${id}/review/reply`, { text: ' ' })).json().error.message).toBe(
      reviewsTexts.replyRequired,
    );
    const replied = await seller.post(`/api/orders/${id}/review/reply`, { text: 'Thanks, faster next time!' });
    expect(replied.json()).toMatchObject({
      message: reviewsTexts.replied,
      review: { reply: { text: 'Thanks, faster next time!', at: t.clock.now().toISOString() } },
    });
    const again = await seller.post(`/api/orders/${id}/review/reply`, { text: 'One more thing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(reviewsTexts.alreadyReplied);
  });
});

describe('reading reviews', () => {
  it("pages an offer's and a creator's reviews newest first, 10 at a time", async () => {
    const creator = await t.signedIn({ name: 'Paged Creator' });
    const offer = await createPaidOffer(t, creator.user.id);
    for (let i = 0; i < 12; i += 1) {
      const id = await createOrderIn(t, 'completed', {
        buyerId: buyer.user.id,
        sellerId: creator.user.id,
        offerId: offer,
      });
      t.clock.advance(1000);
      expect((await review(buyer, id, { rating: (i % 5) + 1, text: `Review ${i}` })).statusCode).toBe(200);
    }
    for (const url of [`/api/offers/${offer}/reviews`, `/api/creators/${creator.user.id}/reviews`]) {
      const first = (await anonymous.get(url)).json();
      expect(first.reviews.map((r: { text: string }) => r.text)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Review ${11 - i}`),
      );
      const second = (await anonymous.get(`${url}?cursor=${first.nextCursor}`)).json();
      expect(second).toMatchObject({ reviews: [{ text: 'Review 1' }, { text: 'Review 0' }], nextCursor: null });
      expect((await anonymous.get(`${url}?cursor=garbage`)).json().reviews[0].text).toBe('Review 11');
    }
    // 1+2+3+4+5+1+2+3+4+5+1+2 = 33 stars from 12 reviews
    expect(await ratingOf(offer)).toEqual({ average: 2.8, count: 12 });
  });

  it("hides an unapproved offer's reviews like the offer, and answers unknown ids plainly", async () => {
    const hidden = await createPaidOffer(t, (await t.createUser()).id, { isApproved: false });
    expect((await anonymous.get(`/api/offers/${hidden}/reviews`)).statusCode).toBe(404);
    expect((await admin.get(`/api/offers/${hidden}/reviews`)).statusCode).toBe(200);
    expect((await anonymous.get('/api/offers/nope/reviews')).statusCode).toBe(400);
    expect((await anonymous.get('/api/creators/nobody/reviews')).json()).toEqual({ reviews: [], nextCursor: null });
  });

  it('takes the review and its stars away when an admin cancels the order in a dispute', async () => {
    const other = await anotherOffer();
    const id = await completedOrder('completed', other);
    await review(buyer, id, { rating: 1, text: 'Never got the real file.' });
    const reported = await buyer.post(`/api/orders/${id}/problem`, { reason: 'not_delivered', details: 'Wrong file.' });
    expect(reported.statusCode).toBe(200);
    const cancelled = await admin.post(`/api/admin/disputes/${id}/resolve`, {
      outcome: 'cancel',
      note: 'The payment was reversed.',
    });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', review: null });
    expect(await ratingOf(other.offer)).toEqual({ average: null, count: 0 });
  });
});
