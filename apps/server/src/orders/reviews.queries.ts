/**
 * The only place reviews touch the database. A review moves its offer's review_count and rating_sum
 * in the same transaction, so the feed shows an offer's stars without reading its reviews; the review
 * of an order that counts for the rank (orders.counts_for_rank) moves ranked_reviews and
 * ranked_rating_sum, and the rank score, in the same statement.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { REVIEW_EDIT_DAYS, type Review } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { moveRanked } from '../db/ranked.ts';
import { cursorValues, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedPages } from '../db/prepared.ts';
import { offers, orders, reviews, users } from '../db/schema.ts';

type Conn = Db | Tx;
const REVIEWS_PAGE_SIZE = 10;
const EDIT_MS = REVIEW_EDIT_DAYS * 24 * 3600 * 1000;

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  offerId: reviews.offerId,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  buyerName: users.name,
  orderTitle: orders.title,
};
export type ReviewRow = {
  id: string;
  orderId: string;
  offerId: string | null;
  rating: number;
  body: string;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
  buyerName: string | null;
  orderTitle: string;
};

export const editableUntil = (row: Pick<ReviewRow, 'createdAt'>) => new Date(row.createdAt.getTime() + EDIT_MS);

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
    editableUntil: editableUntil(row).toISOString(),
    buyerName: row.buyerName,
    orderTitle: row.orderTitle,
    reply: row.reply && row.repliedAt ? { text: row.reply, at: row.repliedAt.toISOString() } : null,
  };
}

const selectReviews = (db: Conn) =>
  db
    .select({ ...reviewColumns, cursorAt: sql<string>`${reviews.createdAt}::text` })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(users, eq(users.id, reviews.buyerId));

/** The order's review (one at most), or null; `lock` holds it until the transaction ends. */
export async function findReviewOfOrder(db: Conn, orderId: string, lock = false): Promise<ReviewRow | null> {
  const query = selectReviews(db).where(eq(reviews.orderId, orderId)).limit(1);
  const [row] = lock ? await query.for('update', { of: reviews }) : await query;
  return (row as ReviewRow | undefined) ?? null;
}

/** Writes the first review of an order and adds its stars to the offer (to its rank too when the order `ranked`). */
export async function insertReview(
  tx: Tx,
  review: {
    orderId: string;
    offerId: string | null;
    sellerId: string | null;
    buyerId: string | null;
    rating: number;
    body: string;
    at: Date;
  },
  ranked: boolean,
): Promise<void> {
  await tx.insert(reviews).values({ ...review, createdAt: review.at });
  if (review.offerId) await moveOfferRating(tx, review.offerId, 1, review.rating, ranked);
}

/** Changes a review's stars and words, and the offer's star sum (and ranked sum, when the order `ranked`) by the difference. */
export async function updateReview(
  tx: Tx,
  before: ReviewRow,
  change: { rating: number; body: string; at: Date },
  ranked: boolean,
): Promise<void> {
  await tx
    .update(reviews)
    .set({ rating: change.rating, body: change.body, updatedAt: change.at })
    .where(eq(reviews.id, before.id));
  if (before.offerId && change.rating !== before.rating)
    await moveOfferRating(tx, before.offerId, 0, change.rating - before.rating, ranked);
}

export async function replyToReview(tx: Tx, reviewId: string, reply: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(reviews)
    .set({ reply, repliedAt: at })
    .where(and(eq(reviews.id, reviewId), sql`${reviews.reply} is null`))
    .returning({ id: reviews.id });
  return rows.length === 1;
}

/**
 * An order cancelled after all (a dispute resolved so) takes its review and the review's stars with it,
 * off the rank too if the order still counted for it.
 */
export async function deleteReviewOfOrder(tx: Tx, orderId: string): Promise<void> {
  const [row] = await tx
    .delete(reviews)
    .where(eq(reviews.orderId, orderId))
    .returning({
      offerId: reviews.offerId,
      rating: reviews.rating,
      ranked: sql<boolean>`coalesce((select o.counts_for_rank from ${orders} o where o.id = ${reviews.orderId}), false)`,
    });
  if (row?.offerId) await moveOfferRating(tx, row.offerId, -1, -row.rating, !!row.ranked);
}

async function moveOfferRating(tx: Tx, offerId: string, count: number, stars: number, ranked: boolean): Promise<void> {
  await tx
    .update(offers)
    .set({
      reviewCount: sql`${offers.reviewCount} + ${count}`,
      ratingSum: sql`${offers.ratingSum} + ${stars}`,
      ...(ranked ? moveRanked({ ranked_reviews: count, ranked_rating_sum: stars }) : {}),
    })
    .where(eq(offers.id, offerId));
}

/** One page of an offer's or a creator's reviews, newest first, after `cursor`. */
export async function listReviews(
  db: Db,
  of: 'offer' | 'seller',
  id: string,
  cursor: TimeCursor | null,
): Promise<{ rows: ReviewRow[]; nextCursor: string | null }> {
  const rows = await reviewPages[of](db, cursor).execute({ id, ...cursorValues(cursor) });
  return pageOf(rows as Array<ReviewRow & { cursorAt: string }>, REVIEWS_PAGE_SIZE);
}

const reviewPagesOf = (column: typeof reviews.offerId | typeof reviews.sellerId, name: string) =>
  preparedPages((db, after) =>
    selectReviews(db)
      .where(and(eq(column, sql.placeholder('id')), after(reviews.createdAt, reviews.id)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE + 1)
      .prepare(name),
  );
const reviewPages = {
  offer: reviewPagesOf(reviews.offerId, 'reviews_of_offer'),
  seller: reviewPagesOf(reviews.sellerId, 'reviews_of_seller'),
};

/** Who may see an offer (offers.policy canSeeOffer), and so its reviews. */
export async function findOfferForReviews(
  db: Db,
  offerId: string,
): Promise<{ userId: string; isApproved: boolean; mediaKey: string } | null> {
  const [row] = await db
    .select({ userId: offers.userId, isApproved: offers.isApproved, mediaKey: offers.mediaKey })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}
