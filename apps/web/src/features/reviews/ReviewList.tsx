/**
 * Lists of reviews: every review of a source a page at a time (the creator's page), and the latest
 * few of an offer with a way to the rest (the offer's details).
 */
import { Link } from 'react-router';
import { reviewsTexts, type RatingSummary } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { useReviews, type ReviewSource } from './reviews.queries.ts';
import { RatingChip } from './Stars.tsx';

/** How many of an offer's reviews its details show. */
const LATEST = 3;
const LOADING = 'Loading reviews';
const ALL_REVIEWS = 'See all reviews';

type ReviewsQuery = ReturnType<typeof useReviews>;

/** Every review of the source, newest first, 10 at a time. */
export function ReviewList({ source }: { source: ReviewSource }) {
  const reviews = useReviews(source);
  const items = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <div className="flex min-w-0 flex-col">
      <ListState query={reviews} empty={items.length === 0} />
      {items.length ? (
        <ul className="flex flex-col divide-y divide-line">
          {items.map((review) => (
            <li key={review.id} className="py-3 first:pt-0">
              <ReviewItem review={review} showOrderTitle={source.kind === 'creator'} />
            </li>
          ))}
        </ul>
      ) : null}
      <ShowMore list={reviews} texts={reviewsTexts.more} failed={reviewsTexts.loadFailed} className="px-0" />
    </div>
  );
}

/**
 * The offer's latest reviews with its rating, and a link to the creator's page for the rest. An
 * offer without reviews shows nothing and asks nothing; `enabled` waits for the dialog to open.
 */
export function LatestReviews({
  offerId,
  creatorId,
  rating,
  enabled = true,
}: {
  offerId: string;
  creatorId: string;
  rating: RatingSummary;
  enabled?: boolean;
}) {
  const hasReviews = rating.count > 0;
  const reviews = useReviews({ kind: 'offer', id: offerId }, enabled && hasReviews);
  if (!hasReviews) return null;
  const items = reviews.data?.pages[0]?.reviews.slice(0, LATEST) ?? [];
  return (
    <section aria-labelledby={`latest-reviews-${offerId}`} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 id={`latest-reviews-${offerId}`} className="font-semibold text-white">
          {reviewsTexts.latest}
        </h3>
        <RatingChip rating={rating} className="text-sm font-bold text-amber-300" />
      </div>
      <ListState query={reviews} empty={items.length === 0} />
      {items.length ? (
        <ul className="flex flex-col divide-y divide-line">
          {items.map((review) => (
            <li key={review.id} className="py-3 first:pt-0">
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      ) : null}
      {items.length ? (
        <Link
          to={`/creator/${creatorId}`}
          className="w-fit rounded font-semibold text-brand-400 underline-offset-2 hover:underline"
        >
          {ALL_REVIEWS}
        </Link>
      ) : null}
    </section>
  );
}

/** Loading, the failure of the first page (with a retry), or "No reviews yet". */
function ListState({ query, empty }: { query: ReviewsQuery; empty: boolean }) {
  if (query.isPending && query.fetchStatus !== 'idle') return <Spinner label={LOADING} />;
  if (query.isError && empty)
    return (
      <div className="flex flex-col items-start gap-2 py-2">
        <p role="alert" className="text-sm text-red-300">
          {reviewsTexts.loadFailed}
        </p>
        <Button variant="outline" size="sm" busy={query.isRefetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (query.isSuccess && empty) return <p className="py-2 text-sm text-zinc-400">{reviewsTexts.none}</p>;
  return null;
}
