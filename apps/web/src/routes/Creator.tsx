/**
 * /creator/{id}: a creator's public page (issue 18): a way back (where the person came from, or home),
 * avatar, name, bio, when they joined, how many follow them and whom they follow, their offer's stars
 * and their completed orders; Follow and Message (about their offer; a visitor is asked to sign up),
 * their offer as a large card that opens it in the feed, and the reviews of their sales. A signed-in
 * viewer who is not this creator may block or report them (BlockButton and ReportButton show nothing
 * otherwise). Shared links get the page's Open Graph tags from the server (creators/creator-page.ts).
 */
import { ArrowLeft, ArrowRight, CalendarDays, CheckCircle2, MessageCircle, Play } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  formatMonthYear,
  formatPence,
  messageTexts,
  offerTexts,
  reviewsTexts,
  texts,
  type CreatorPage as CreatorPageData,
  type FeedOffer,
} from '@gigreel/core';
import { requireAuth, useViewer } from '../features/auth/index.ts';
import { BlockButton } from '../features/blocks/index.ts';
import { FollowButton, FollowCounts } from '../features/follows/index.ts';
import { useCreatorPage } from '../features/explore/index.ts';
import { SendMessageDialog } from '../features/messages/index.ts';
import { ReportButton } from '../features/reports/index.ts';
import { RatingChip, ReviewList } from '../features/reviews/index.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { EmptyState, Spinner } from '../ui/misc.tsx';

export default function CreatorPage() {
  const { creatorId } = useParams();
  const page = useCreatorPage(creatorId);
  if (page.isPending) return <Spinner label="Loading creator" />;
  if (page.isError)
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col px-4 pt-3">
        <BackControl />
        <EmptyState title="Creator not found">
          <p role="alert">{page.error.message}</p>
        </EmptyState>
      </div>
    );
  const { creator, offer, viewerFollows } = page.data;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 pb-8 pt-3 md:pt-0">
      <BackControl />
      <section className="-mt-4 flex flex-col items-center gap-3 text-center">
        <span className="rounded-full ring-4 ring-brand-600/60">
          <Avatar name={creator.displayName} src={creator.profileImage} size={96} />
        </span>
        <h1 className="text-2xl font-bold break-words text-white">{creator.displayName}</h1>
        {creator.bio ? <p className="max-w-sm text-sm break-words text-zinc-300">{creator.bio}</p> : null}
        <p className="flex items-center gap-1.5 text-xs text-zinc-400">
          <CalendarDays className="h-4 w-4" aria-hidden="true" /> Joined {formatMonthYear(creator.joinedAt)}
        </p>
        <FollowCounts followers={creator.followers} following={creator.following} />
        <CreatorStats creator={creator} />
        <div className="flex flex-wrap items-center justify-center gap-2">
          <FollowButton userId={creator.id} displayName={creator.displayName} following={viewerFollows} />
          {offer ? <MessageButton creator={creator} offer={offer} /> : null}
          <BlockButton userId={creator.id} displayName={creator.displayName} />
          <ReportButton kind="creator" id={creator.id} ownerId={creator.id} />
        </div>
      </section>
      <section aria-labelledby="creator-offer" className="flex flex-col gap-3">
        <h2 id="creator-offer" className="text-lg font-bold text-white">
          Offer
        </h2>
        {offer ? (
          <OfferCard offer={offer} />
        ) : (
          <p className="text-sm text-zinc-400">{creator.displayName} has no offer in the feed yet.</p>
        )}
      </section>
      <section aria-labelledby="creator-reviews" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 id="creator-reviews" className="text-lg font-bold text-white">
            {reviewsTexts.title}
          </h2>
          <RatingChip rating={creator.rating} className="text-sm font-bold text-amber-300" />
        </div>
        <ReviewList source={{ kind: 'creator', id: creator.id }} />
      </section>
    </div>
  );
}

/** Back where the person came from in the app, or to the feed when the page was opened from a link. */
function BackControl() {
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== 'default';
  return (
    <button
      type="button"
      aria-label="Back"
      onClick={() => void (cameFromApp ? navigate(-1) : navigate('/'))}
      className={cn(buttonClass('ghost', 'icon'), 'relative z-10 -ml-2 self-start rounded-full')}
    >
      <ArrowLeft className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

/** The stars of their offer and how many of their orders completed: what a buyer weighs before writing. */
function CreatorStats({ creator }: { creator: CreatorPageData['creator'] }) {
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-zinc-300">
      {creator.rating.average !== null && creator.rating.count > 0 ? (
        <RatingChip rating={creator.rating} className="font-bold text-amber-300" />
      ) : (
        <span>{offerTexts.notRatedYet}</span>
      )}
      <span aria-hidden="true">·</span>
      <span className="flex items-center gap-1">
        <CheckCircle2 className="h-4 w-4 text-emerald-400" aria-hidden="true" />
        {offerTexts.completedOrders(creator.completedOrders)}
      </span>
    </p>
  );
}

/** Message them about their offer (the feed's Send Message dialog); a visitor is asked to log in first. */
function MessageButton({ creator, offer }: { creator: CreatorPageData['creator']; offer: FeedOffer }) {
  const { viewer } = useViewer();
  const [open, setOpen] = useState(false);
  if (viewer?.id === creator.id) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        aria-label={`Message ${creator.displayName}`}
        onClick={() => (viewer ? setOpen(true) : requireAuth(texts.auth.loginToMessage))}
      >
        <MessageCircle className="h-4 w-4" aria-hidden="true" />
        {messageTexts.label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SendMessageDialog
            open
            onOpenChange={setOpen}
            offer={{ id: offer.id, title: offer.title }}
            seller={{ id: creator.id, displayName: creator.displayName }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Their offer as a large card: its picture (or the video's poster), title, price, stars and tags; it opens in the feed. */
function OfferCard({ offer }: { offer: FeedOffer }) {
  const picture = offer.posterUrl ?? (offer.mediaKind === 'image' ? offer.mediaUrl : null);
  const paid = offer.isPaidOffer && offer.pricePence !== null;
  return (
    <Link
      to={`/offer/${offer.id}`}
      aria-label={`${offer.title}, ${offerTexts.openInFeed.toLowerCase()}`}
      className="group relative mx-auto block aspect-[4/5] w-full max-w-md overflow-hidden rounded-3xl border border-line bg-black shadow-xl shadow-black/40 hover:border-brand-500/60"
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          className="absolute inset-0 h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
        />
      ) : offer.mediaKind === 'video' ? (
        <video
          src={offer.mediaUrl}
          muted
          playsInline
          preload="metadata"
          aria-hidden="true"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
      <div className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/20 to-transparent" aria-hidden="true" />
      {offer.mediaKind === 'video' ? (
        <span
          aria-hidden="true"
          className="absolute right-4 top-4 flex h-11 w-11 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm transition-transform group-hover:scale-110 motion-reduce:transition-none"
        >
          <Play className="ml-0.5 h-5 w-5 fill-current" />
        </span>
      ) : null}
      <div className="absolute inset-x-0 bottom-0 flex flex-col gap-2 p-4 text-left text-white [text-shadow:0_1px_3px_rgba(0,0,0,0.8)]">
        <h3 className="line-clamp-2 text-xl font-bold leading-snug break-words">{offer.title}</h3>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-lg bg-white/15 px-2 py-0.5 text-base font-extrabold tabular-nums backdrop-blur-sm">
            {paid ? formatPence(offer.pricePence!) : 'Free'}
          </span>
          <RatingChip
            rating={offer.rating}
            className="rounded-lg bg-white/15 px-2 py-0.5 text-sm font-bold text-amber-200 backdrop-blur-sm"
          />
        </div>
        {offer.tags.length > 0 ? (
          <p className="line-clamp-1 text-sm font-semibold text-zinc-200">
            {offer.tags.map((tag) => `#${tag}`).join(' ')}
          </p>
        ) : null}
        <span className="mt-1 inline-flex w-fit items-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-bold [text-shadow:none]">
          {offerTexts.openInFeed} <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </span>
      </div>
    </Link>
  );
}
