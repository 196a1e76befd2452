/**
 * One offer filling the feed: its media, who offers it (with the follow badge on their avatar), title,
 * price and rating, tags, music and the actions; a double tap on the media favourites it with a heart.
 */
import { ExternalLink, Heart, Music2, ShoppingBag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPence, offerTexts, type FeedOffer, type FeedViewerState } from '@gigreel/core';
import { StatusPill } from '../../ui/status-pill.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ActionRail, useDoubleTapFavorite } from '../engagement/index.ts';
import { FollowBadge } from '../follows/index.ts';
import { RatingChip } from '../reviews/index.ts';
import { recordClick, useViewTracking } from '../stats/index.ts';
import { OfferMedia, type TapPoint } from './OfferMedia.tsx';

type SlideHandlers = {
  onMessage: (offer: FeedOffer) => void;
  onBuy: (offer: FeedOffer) => void;
  onDetails: (offer: FeedOffer) => void;
  onTag: (tag: string) => void;
  onPickerChange: (open: boolean) => void;
  onAutoplayBlocked: () => void;
  onPausedChange: (paused: boolean) => void;
  onScrubbingChange: (scrubbing: boolean) => void;
};

type Props = SlideHandlers & {
  offer: FeedOffer;
  state: FeedViewerState | undefined;
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
  const favorite = useDoubleTapFavorite(offer, state);
  const hearts = useHearts();
  const onDoubleTap = (point: TapPoint) => {
    if (favorite()) hearts.add(point);
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
        onDoubleTap={onDoubleTap}
        onPausedChange={on.onPausedChange}
        onScrubbingChange={on.onScrubbingChange}
      />
      {hearts.list.map((heart) => (
        <Heart
          key={heart.id}
          data-heart-burst=""
          aria-hidden="true"
          className="pointer-events-none absolute z-10 h-24 w-24 -translate-x-1/2 -translate-y-1/2 animate-heart-burst fill-brand-500 text-brand-500 drop-shadow-[0_4px_12px_rgba(0,0,0,0.5)] motion-reduce:animate-none"
          style={{ left: heart.x, top: heart.y, '--tilt': `${heart.tilt}deg` } as React.CSSProperties}
        />
      ))}
      <div
        className="pointer-events-none absolute inset-x-0 bottom-0 h-3/5 bg-gradient-to-t from-black/90 via-black/40 to-transparent"
        aria-hidden="true"
      />
      {!offer.isApproved ? (
        <StatusPill tone="awaiting" className="absolute left-3 top-24">
          {offerTexts.awaitingApproval}
        </StatusPill>
      ) : null}

      <div className="absolute bottom-6 right-2 z-10">
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

      <div className="absolute bottom-6 left-3 right-20 z-10 flex flex-col gap-2 text-white [text-shadow:0_1px_3px_rgba(0,0,0,0.8)]">
        <div className="flex min-w-0 items-center gap-2.5">
          {/* The avatar is a picture; its badge follows, and the name beside it opens the creator's page. */}
          <span className="relative mb-2 shrink-0 rounded-full ring-2 ring-white/80">
            <Avatar name={offer.creator.displayName} src={offer.creator.profileImage} size={40} />
            {active ? (
              <FollowBadge
                userId={offer.creator.id}
                displayName={offer.creator.displayName}
                following={state?.followsCreator}
                className="absolute -bottom-3 left-1/2 -translate-x-1/2"
              />
            ) : null}
          </span>
          <Link
            to={`/creator/${offer.creator.id}`}
            className="flex h-10 min-w-0 items-center rounded-full pr-2 font-bold hover:underline"
          >
            <span className="truncate">@{offer.creator.displayName}</span>
          </Link>
        </div>
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

type HeartBurst = { id: number; x: number; y: number; tilt: number };

/** The hearts a double tap shows, each gone after its animation (or as long with reduced motion). */
function useHearts(): { list: HeartBurst[]; add: (point: TapPoint) => void } {
  const [list, setList] = useState<HeartBurst[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const add = useCallback((point: TapPoint) => {
    const id = ++next.current;
    setList((hearts) => [...hearts, { id, ...point, tilt: Math.round(Math.random() * 30 - 15) }]);
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setList((hearts) => hearts.filter((heart) => heart.id !== id));
    }, 800);
    timers.current.add(timer);
  }, []);
  return { list, add };
}
