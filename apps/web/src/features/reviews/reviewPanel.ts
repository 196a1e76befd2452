/**
 * What the order page shows of the order's review, by who is looking and when (pure, so it is tested
 * without a browser). The server has the last word: it refuses a late edit or a second reply.
 */
import { REVIEW_TEXT_MAX, formatDate, type OrderDetail, type Review } from '@gigreel/core';

export type ReviewPanel =
  /** The buyer of a completed order with no review yet: the form. */
  | { kind: 'write' }
  /** The buyer's own review, still open to changes. */
  | { kind: 'editable'; review: Review }
  /** The seller, and the review has no reply yet: the review and the reply form. */
  | { kind: 'reply'; review: Review }
  /** Anyone else who may read the order, once it has a review. */
  | { kind: 'show'; review: Review }
  | { kind: 'none' };

/** The buyer may change their review until its editableUntil (exclusive). */
export function isEditable(review: Pick<Review, 'editableUntil'>, now: number = Date.now()): boolean {
  const until = Date.parse(review.editableUntil);
  return Number.isFinite(until) && now < until;
}

export function reviewPanel(
  order: Pick<OrderDetail, 'viewerRole' | 'status' | 'review'>,
  now: number = Date.now(),
): ReviewPanel {
  const { review } = order;
  if (order.viewerRole === 'buyer' && order.status === 'completed') {
    if (!review) return { kind: 'write' };
    if (isEditable(review, now)) return { kind: 'editable', review };
  }
  if (!review) return { kind: 'none' };
  if (order.viewerRole === 'seller' && !review.reply) return { kind: 'reply', review };
  return { kind: 'show', review };
}

/** "Mar 12, 2026, 3:07 PM": when the chance to change a review ends (the day alone would be vague on the last one). */
export const untilText = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;

/** "123/500" under a review's or a reply's text box. */
export const textCount = (length: number) => `${length}/${REVIEW_TEXT_MAX}`;
