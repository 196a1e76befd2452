/** Texts of reviews: a buyer's stars and words on a completed order, and the seller's one reply. */
import { REVIEW_EDIT_DAYS, REVIEW_TEXT_MAX } from './orders.limits.ts';

export const reviewsTexts = {
  /** "4.8 ★ (12)" on the feed and the offer's details. */
  summary: (average: number, count: number) => `${average.toFixed(1)} ★ (${count})`,
  summaryLabel: (average: number, count: number) =>
    `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  stars: (rating: number) => `${rating} out of 5 stars`,
  starChoice: (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`,
  title: 'Reviews',
  latest: 'Latest reviews',
  none: 'No reviews yet',
  more: { show: 'Show more reviews', loading: 'Loading more reviews…' },
  loadFailed: 'Failed to load reviews. Please try again.',
  leave: 'Leave a review',
  leaveBody: 'How did it go? Your review is shown on the offer and the creator page.',
  edit: 'Edit review',
  yourReview: 'Your review',
  rating: 'Rating',
  text: 'Review (optional)',
  send: 'Post review',
  save: 'Save review',
  posted: 'Thank you! Your review is posted.',
  saved: 'Your review is saved.',
  editableUntil: (date: string) => `You can change it until ${date}.`,
  reply: 'Reply',
  replyLabel: 'Your reply (shown under the review)',
  sendReply: 'Post reply',
  replied: 'Your reply is posted.',
  sellerReply: 'Reply from the seller',
  chooseRating: 'Please choose 1 to 5 stars.',
  tooLong: `Please keep it under ${REVIEW_TEXT_MAX} characters.`,
  replyRequired: 'Please write your reply.',
  by: (name: string) => `by ${name}`,
  aBuyer: 'A buyer',
  // Refusals
  onlyBuyer: 'Only the buyer can review this order.',
  onlySeller: 'Only the seller can reply to this review.',
  notCompleted: 'An order can be reviewed once it is completed.',
  editClosed: `A review can only be changed within ${REVIEW_EDIT_DAYS} days of writing it.`,
  noReview: 'There is no review to reply to yet.',
  alreadyReplied: 'You have already replied to this review.',
  notFound: 'Offer not found',
  notification: {
    title: (title: string) => `New review: ${title}`,
    body: (buyer: string, rating: number) => `${buyer} rated your order ${rating} out of 5.`,
  },
} as const;
