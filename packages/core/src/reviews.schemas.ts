/**
 * Reviews: the buyer of a completed order rates it 1 to 5 stars with optional words, once, and may
 * change it for REVIEW_EDIT_DAYS; the seller may reply once. Routes (reviews.api.ts):
 *   PUT  /api/orders/:id/review          { rating, text? }  buyer, completed order -> { review }
 *   POST /api/orders/:id/review/reply    { text }  seller, once -> { review }
 *   GET  /api/offers/:id/reviews?cursor= one page, newest first (anyone)
 *   GET  /api/creators/:id/reviews?cursor= one page of all the creator's reviews, newest first (anyone)
 */
import { z } from 'zod';
import { REVIEW_TEXT_MAX } from './orders.limits.ts';
import { reviewsTexts } from './reviews.texts.ts';
import { plainText, textInput } from './text-input.ts';

export const reviewInput = z.strictObject({
  rating: z
    .number({ error: reviewsTexts.chooseRating })
    .int(reviewsTexts.chooseRating)
    .min(1, reviewsTexts.chooseRating)
    .max(5, reviewsTexts.chooseRating),
  text: plainText(REVIEW_TEXT_MAX, reviewsTexts.tooLong).optional(),
});
export const reviewReplyInput = z.strictObject({
  text: plainText(REVIEW_TEXT_MAX, reviewsTexts.tooLong, reviewsTexts.replyRequired).prefault(''),
});
export const reviewsQuery = z.object({ cursor: textInput(200).optional() });

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  /** '' when the buyer gave stars only. */
  text: z.string(),
  createdAt: z.string(),
  /** Until when the buyer may change it. */
  editableUntil: z.string(),
  /** The buyer's name, or null once their account is gone. */
  buyerName: z.string().nullable(),
  /** What was bought, as it was called then. */
  orderTitle: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type Review = z.output<typeof review>;

/** How an offer (or a creator) is rated: null average until the first review. */
export const ratingSummary = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.output<typeof ratingSummary>;

export const reviewsPage = z.object({
  reviews: z.array(review),
  nextCursor: z.string().nullable(),
});
export type ReviewsPage = z.output<typeof reviewsPage>;
