/** One review: its stars, who wrote it and when, their words, and the seller's reply under it. */
import { formatDate, reviewsTexts, type Review } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { Stars } from './Stars.tsx';

export function ReviewItem({
  review,
  showOrderTitle = false,
  className,
}: {
  review: Review;
  /** What was bought, where the list spans more than one offer (a creator's page). */
  showOrderTitle?: boolean;
  className?: string;
}) {
  return (
    <article className={cn('flex min-w-0 flex-col gap-1.5 text-sm', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <time dateTime={review.createdAt} className="text-xs text-zinc-400">
          {formatDate(review.createdAt)}
        </time>
      </div>
      <p className="min-w-0 break-words font-semibold text-zinc-100">
        {review.buyerName ?? reviewsTexts.aBuyer}
        {showOrderTitle && review.orderTitle ? (
          <span className="font-normal text-zinc-400"> · {review.orderTitle}</span>
        ) : null}
      </p>
      {review.text ? <p className="min-w-0 whitespace-pre-line break-words text-zinc-200">{review.text}</p> : null}
      {review.reply ? (
        <div className="mt-1 min-w-0 rounded-xl border-l-2 border-brand-500 bg-white/5 px-3 py-2">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs font-semibold text-zinc-300">
            {reviewsTexts.sellerReply}
            <time dateTime={review.reply.at} className="font-normal text-zinc-400">
              {formatDate(review.reply.at)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-zinc-200">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}
