/** A small portrait tile of an offer (boosted grid, creator page): its poster or picture, title and byline. */
import { Play } from 'lucide-react';
import { Link } from 'react-router';
import type { MediaKind } from '@gigreel/core';

type Props = {
  id: string;
  title: string;
  mediaUrl: string;
  mediaKind: MediaKind | null;
  posterUrl: string | null;
  byline?: string;
  footer?: React.ReactNode;
};

export function OfferTile({ id, title, mediaUrl, mediaKind, posterUrl, byline, footer }: Props) {
  return (
    <Link
      to={`/offer/${id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-panel hover:border-brand-500/60"
    >
      <div className="relative aspect-[3/4] overflow-hidden bg-black">
        {mediaKind === 'video' ? (
          posterUrl ? (
            <img
              src={posterUrl}
              alt=""
              className="h-full w-full object-cover transition-transform group-hover:scale-105"
              loading="lazy"
            />
          ) : (
            <video
              src={mediaUrl}
              muted
              playsInline
              preload="metadata"
              className="h-full w-full object-cover"
              aria-hidden="true"
            />
          )
        ) : mediaUrl ? (
          <img
            src={mediaUrl}
            alt=""
            className="h-full w-full object-cover transition-transform group-hover:scale-105"
            loading="lazy"
          />
        ) : null}
        {mediaKind === 'video' ? (
          <Play className="absolute right-2 top-2 h-5 w-5 fill-white text-white drop-shadow" aria-hidden="true" />
        ) : null}
        <div
          className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/70 to-transparent"
          aria-hidden="true"
        />
      </div>
      <div className="flex flex-col gap-0.5 p-2.5">
        <h2 className="line-clamp-2 text-sm font-semibold leading-snug text-white">{title}</h2>
        {byline ? <p className="truncate text-xs text-zinc-400">{byline}</p> : null}
        {footer}
      </div>
    </Link>
  );
}
