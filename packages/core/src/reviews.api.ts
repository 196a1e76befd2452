/** Reviews of completed orders in the route table (api.ts). */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { creatorIdParams, offerIdParams } from './offers.schemas.ts';
import { orderIdParams } from './orders.schemas.ts';
import { review, reviewInput, reviewReplyInput, reviewsPage, reviewsQuery } from './reviews.schemas.ts';

const reviewWithMessage = z.object({ review, message: z.string() });

export const reviewsApi = defineApi({
  'PUT /api/orders/:id/review': {
    caller: 'signedIn',
    summary:
      'The buyer rates a completed order 1 to 5 stars with optional text: once, changeable for 7 days; the seller is told',
    params: orderIdParams,
    body: reviewInput,
    response: reviewWithMessage,
  },
  'POST /api/orders/:id/review/reply': {
    caller: 'signedIn',
    summary: "The seller's one reply to the order's review",
    params: orderIdParams,
    body: reviewReplyInput,
    response: reviewWithMessage,
  },
  'GET /api/offers/:id/reviews': {
    caller: 'anyone',
    summary: "One page of an offer's reviews (10, newest first; cursor: the page before's nextCursor)",
    params: offerIdParams,
    query: reviewsQuery,
    response: reviewsPage,
  },
  'GET /api/creators/:id/reviews': {
    caller: 'anyone',
    summary: "One page of all reviews of a creator's sales (10, newest first; cursor: the page before's nextCursor)",
    params: creatorIdParams,
    query: reviewsQuery,
    response: reviewsPage,
  },
});
