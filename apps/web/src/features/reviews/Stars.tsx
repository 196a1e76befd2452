/** How something is rated: a review's five stars, and an offer's "4.8 ★ (12)" chip. */
import { Star } from 'lucide-react';
import { reviewsTexts, type RatingSummary } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars, the first `rating` filled; read out as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={reviewsTexts.stars(rating)} className={cn('inline-flex shrink-0 gap-0.5', className)}>
      {STARS.map((n) => (
        <Star
          key={n}
          className={cn('h-4 w-4', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-zinc-500')}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

/** "4.8 ★ (12)", read out in words; nothing until the first review. */
export function RatingChip({ rating, className }: { rating: RatingSummary; className?: string }) {
  if (rating.average === null || rating.count <= 0) return null;
  return (
    <span
      role="img"
      aria-label={reviewsTexts.summaryLabel(rating.average, rating.count)}
      className={cn('inline-flex shrink-0 items-center whitespace-nowrap tabular-nums', className)}
    >
      {reviewsTexts.summary(rating.average, rating.count)}
    </span>
  );
}
