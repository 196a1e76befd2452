/** The reviews feature's public entry: what other features and the app use of it, and all they may import. */
export { OrderReview } from './OrderReview.tsx';
export { LatestReviews, ReviewList } from './ReviewList.tsx';
export { RatingChip } from './Stars.tsx';
