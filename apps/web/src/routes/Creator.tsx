/**
 * /creator/{id}: a creator's public page: avatar, name, bio, when they joined, how many follow them and
 * whom they follow, their offer, and the reviews of their sales. Anyone but the creator may follow them
 * (a visitor is asked to sign up); a signed-in viewer who is not this creator may block or report them
 * (BlockButton and ReportButton show nothing otherwise).
 */
import { CalendarDays } from 'lucide-react';
import { useParams } from 'react-router';
import { formatMonthYear, formatPence, reviewsTexts } from '@gigreel/core';
import { BlockButton } from '../features/blocks/index.ts';
import { FollowButton, FollowCounts } from '../features/follows/index.ts';
import { OfferTile, useCreatorPage } from '../features/explore/index.ts';
import { ReportButton } from '../features/reports/index.ts';
import { RatingChip, ReviewList } from '../features/reviews/index.ts';
import { Avatar } from '../ui/avatar.tsx';
import { EmptyState, Spinner } from '../ui/misc.tsx';

export default function CreatorPage() {
  const { creatorId } = useParams();
  const page = useCreatorPage(creatorId);
  if (page.isPending) return <Spinner label="Loading creator" />;
  if (page.isError)
    return (
      <EmptyState title="Creator not found">
        <p role="alert">{page.error.message}</p>
      </EmptyState>
    );
  const { creator, offer, viewerFollows } = page.data;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 md:py-2">
      <section className="flex flex-col items-center gap-3 text-center">
        <span className="rounded-full ring-4 ring-brand-600/60">
          <Avatar name={creator.displayName} src={creator.profileImage} size={96} />
        </span>
        <h1 className="text-2xl font-bold text-white">{creator.displayName}</h1>
        {creator.bio ? <p className="max-w-sm text-sm text-zinc-300">{creator.bio}</p> : null}
        <p className="flex items-center gap-1.5 text-xs text-zinc-400">
          <CalendarDays className="h-4 w-4" aria-hidden="true" /> Joined {formatMonthYear(creator.joinedAt)}
        </p>
        <FollowCounts followers={creator.followers} following={creator.following} />
        <div className="flex flex-wrap items-center justify-center gap-2">
          <FollowButton userId={creator.id} displayName={creator.displayName} following={viewerFollows} />
          <BlockButton userId={creator.id} displayName={creator.displayName} />
          <ReportButton kind="creator" id={creator.id} ownerId={creator.id} />
        </div>
      </section>
      <section aria-labelledby="creator-offer" className="flex flex-col gap-3">
        <h2 id="creator-offer" className="text-lg font-bold text-white">
          Offer
        </h2>
        {offer ? (
          <div className="w-1/2 min-w-40 max-w-56">
            <OfferTile
              id={offer.id}
              title={offer.title}
              mediaUrl={offer.mediaUrl}
              mediaKind={offer.mediaKind}
              posterUrl={offer.posterUrl}
              footer={
                <p className="text-sm font-bold text-white">
                  {offer.isPaidOffer && offer.pricePence !== null ? formatPence(offer.pricePence) : 'Free'}
                </p>
              }
            />
          </div>
        ) : (
          <p className="text-sm text-zinc-400">{creator.displayName} has no offer in the feed yet.</p>
        )}
      </section>
      <section aria-labelledby="creator-reviews" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 id="creator-reviews" className="text-lg font-bold text-white">
            {reviewsTexts.title}
          </h2>
          {offer ? <RatingChip rating={offer.rating} className="text-sm font-bold text-amber-300" /> : null}
        </div>
        <ReviewList source={{ kind: 'creator', id: creator.id }} />
      </section>
    </div>
  );
}
