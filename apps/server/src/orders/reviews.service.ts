/**
 * Reviews from real orders only: the buyer of a completed order rates it once (1 to 5 stars, words
 * optional) and may change it for REVIEW_EDIT_DAYS; the seller replies once. Each runs under the
 * order's lock, so two first reviews of one order cannot both be written.
 */
import { conflict, forbidden, notFound, reviewsTexts, type Review, type ReviewsPage } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { Tx } from '../db/connection.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import { createNotification } from '../notifications/index.ts';
import { canSeeOffer } from '../offers/index.ts';
import { canReadOrder, orderRoleOf } from './orders.policy.ts';
import * as orders from './orders.queries.ts';
import * as q from './reviews.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor };

/** The order locked for a review's change, with the caller's side of it; 404 for anyone who may not read it. */
async function lockForReview(tx: Tx, { actor }: Ctx, orderId: string) {
  const order = await orders.lockOrder(tx, orderId);
  if (!order || !canReadOrder(actor, order)) throw notFound('Order not found');
  return { order, role: orderRoleOf(actor, order) };
}

/** The buyer writes (or, within the edit window, changes) the review of a completed order; the seller is told of a new one. */
export async function writeReview(
  ctx: Ctx & { orderId: string; rating: number; text?: string | undefined },
): Promise<{ review: Review; message: string }> {
  const { deps, orderId } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const { order, role } = await lockForReview(tx, ctx, orderId);
    if (role !== 'buyer') throw forbidden(reviewsTexts.onlyBuyer);
    if (order.status !== 'completed') throw conflict(reviewsTexts.notCompleted);
    const now = deps.clock.now();
    const body = ctx.text ?? '';
    const existing = await q.findReviewOfOrder(tx, orderId, true);
    if (existing) {
      if (now > q.editableUntil(existing)) throw conflict(reviewsTexts.editClosed);
      await q.updateReview(tx, existing, { rating: ctx.rating, body, at: now }, order.countsForRank);
    } else {
      await q.insertReview(
        tx,
        {
          orderId,
          offerId: order.offerId,
          sellerId: order.sellerId,
          buyerId: order.buyerId,
          rating: ctx.rating,
          body,
          at: now,
        },
        order.countsForRank,
      );
    }
    const review = (await q.findReviewOfOrder(tx, orderId))!;
    // the seller hears of a new review (not of each change), named as the review reads back
    if (!existing && order.sellerId)
      await createNotification(tx, {
        userId: order.sellerId,
        kind: 'review',
        title: reviewsTexts.notification.title(review.orderTitle),
        body: reviewsTexts.notification.body(review.buyerName ?? reviewsTexts.aBuyer, ctx.rating),
        link: `/order/${orderId}`,
      });
    return { review: q.toReview(review), message: existing ? reviewsTexts.saved : reviewsTexts.posted };
  });
}

/** The seller's one reply to the order's review. */
export async function replyToReview(
  ctx: Ctx & { orderId: string; text: string },
): Promise<{ review: Review; message: string }> {
  const { deps, orderId } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const { role } = await lockForReview(tx, ctx, orderId);
    if (role !== 'seller') throw forbidden(reviewsTexts.onlySeller);
    const existing = await q.findReviewOfOrder(tx, orderId, true);
    if (!existing) throw conflict(reviewsTexts.noReview);
    if (existing.reply !== null || !(await q.replyToReview(tx, existing.id, ctx.text, deps.clock.now())))
      throw conflict(reviewsTexts.alreadyReplied);
    const review = (await q.findReviewOfOrder(tx, orderId))!;
    return { review: q.toReview(review), message: reviewsTexts.replied };
  });
}

/** The review shown on an order's page, once it has one. */
export async function reviewOfOrder(deps: AppDeps, orderId: string): Promise<Review | null> {
  const row = await q.findReviewOfOrder(deps.database.db, orderId);
  return row ? q.toReview(row) : null;
}

/** One page of an offer's reviews, for whoever may see the offer. */
export async function listOfferReviews({
  deps,
  actor,
  offerId,
  cursor,
}: {
  deps: AppDeps;
  actor: Actor | null;
  offerId: string;
  cursor?: string | undefined;
}): Promise<ReviewsPage> {
  const offer = await q.findOfferForReviews(deps.database.db, offerId);
  if (!offer || !canSeeOffer(actor, offer)) throw notFound(reviewsTexts.notFound);
  return pageOfReviews(await q.listReviews(deps.database.db, 'offer', offerId, decodeTimeCursor(cursor)));
}

/** One page of every review of a creator's sales (their offer's and their private jobs'). */
export async function listCreatorReviews({
  deps,
  creatorId,
  cursor,
}: {
  deps: AppDeps;
  creatorId: string;
  cursor?: string | undefined;
}): Promise<ReviewsPage> {
  return pageOfReviews(await q.listReviews(deps.database.db, 'seller', creatorId, decodeTimeCursor(cursor)));
}

const pageOfReviews = (page: { rows: q.ReviewRow[]; nextCursor: string | null }): ReviewsPage => ({
  reviews: page.rows.map(q.toReview),
  nextCursor: page.nextCursor,
});
