/** One offer filling the feed: its media, who offers it, title, price and rating, tags, music and the actions. */
import { ExternalLink, Music2, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { formatPence, offerTexts, type FeedOffer, type ViewerOfferState } from '@gigreel/core';
import { StatusPill } from '../../ui/status-pill.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ActionRail } from '../engagement/index.ts';
import { RatingChip } from '../reviews/index.ts';
import { recordClick, useViewTracking } from '../stats/index.ts';
import { OfferMedia } from './OfferMedia.tsx';

type SlideHandlers = {
  onMessage: (offer: FeedOffer) => void;
  onBuy: (offer: FeedOffer) => void;
  onDetails: (offer: FeedOffer) => void;
  onTag: (tag: string) => void;
  onPickerChange: (open: boolean) => void;
  onAutoplayBlocked: () => void;
};

type Props = SlideHandlers & {
  offer: FeedOffer;
  state: ViewerOfferState | undefined;
  active: boolean;
  muted: boolean;
  preload: 'auto' | 'metadata' | 'none';
  isOwn: boolean;
  position: string;
};

export function OfferSlide({ offer, state, active, muted, preload, isOwn, position, ...on }: Props) {
  const paid = offer.isPaidOffer && offer.pricePence !== null;
  // Creator analytics: a view once 60% of the slide has shown for 2 s; the link and Buy count as clicks.
  const viewed = useViewTracking<HTMLElement>(offer.id, !isOwn);
  const clicked = () => {
    if (!isOwn) recordClick(offer.id);
  };
  return (
    <article
      ref={viewed}
      aria-roledescription="offer"
      aria-label={`${offer.title}, ${position}`}
      aria-hidden={active ? undefined : true}
      inert={!active}
      className="absolute inset-0 select-none"
    >
      <OfferMedia
        offer={offer}
        active={active}
        muted={muted}
        preload={preload}
        onAutoplayBlocked={on.onAutoplayBlocked}
      />
      <div
        className="pointer-events-none absolute inset-x-0 bottom-0 h-3/5 bg-gradient-to-t from-black/90 via-black/40 to-transparent"
        aria-hidden="true"
      />
      {!offer.isApproved ? (
        <StatusPill tone="awaiting" className="absolute left-3 top-14">
          {offerTexts.awaitingApproval}
        </StatusPill>
      ) : null}

      <div className="absolute bottom-4 right-2 z-10">
        {active ? (
          <ActionRail
            offer={offer}
            state={state}
            onMessage={() => on.onMessage(offer)}
            onDetails={() => on.onDetails(offer)}
            onPickerChange={on.onPickerChange}
          />
        ) : null}
      </div>

      <div className="absolute bottom-4 left-3 right-20 z-10 flex flex-col gap-2 text-white [text-shadow:0_1px_3px_rgba(0,0,0,0.8)]">
        <Link
          to={`/creator/${offer.creator.id}`}
          className="flex w-fit items-center gap-2 rounded-full pr-2 font-bold hover:underline"
        >
          <span className="rounded-full ring-2 ring-white/80">
            <Avatar name={offer.creator.displayName} src={offer.creator.profileImage} size={36} />
          </span>
          <span>@{offer.creator.displayName}</span>
        </Link>
        <h2 className="line-clamp-2 text-lg font-bold leading-snug">{offer.title}</h2>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="rounded-lg bg-white/15 px-2 py-0.5 text-base font-extrabold tabular-nums backdrop-blur-sm"
            aria-label={paid ? `Price ${formatPence(offer.pricePence!)}` : 'Free'}
          >
            {paid ? formatPence(offer.pricePence!) : 'Free'}
          </span>
          <RatingChip
            rating={offer.rating}
            className="rounded-lg bg-white/15 px-2 py-0.5 text-sm font-bold text-amber-200 backdrop-blur-sm"
          />
          {paid && !isOwn ? (
            <button
              type="button"
              onClick={() => {
                clicked();
                on.onBuy(offer);
              }}
              className="pointer-events-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-bold text-white shadow-lg hover:bg-brand-700 [text-shadow:none]"
            >
              <ShoppingBag className="h-4 w-4" aria-hidden="true" /> Buy
            </button>
          ) : null}
          {!paid && offer.link ? (
            <a
              href={offer.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              onClick={clicked}
              className="inline-flex h-9 items-center gap-1.5 rounded-full bg-white px-4 text-sm font-bold text-black [text-shadow:none] hover:bg-zinc-200"
            >
              Get it <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </a>
          ) : null}
        </div>
        {offer.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-x-2 gap-y-1 text-sm font-semibold" aria-label="Tags">
            {offer.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  onClick={() => on.onTag(tag)}
                  className="rounded hover:underline"
                  aria-label={`Show offers tagged ${tag}`}
                >
                  #{tag}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {offer.musicTrackName ? (
          <p className="flex items-center gap-1.5 text-sm">
            <Music2 className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Music:</span>
            {offer.musicCreditLink ? (
              <a
                href={offer.musicCreditLink}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="truncate hover:underline"
              >
                {offer.musicTrackName}
              </a>
            ) : (
              <span className="truncate">{offer.musicTrackName}</span>
            )}
          </p>
        ) : null}
      </div>
    </article>
  );
}
