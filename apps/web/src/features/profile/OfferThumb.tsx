/** A still of an offer for cards and grids: its poster, its image, or the video's first frame. */
import type { MediaKind } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';

type Props = { mediaUrl: string; mediaKind: MediaKind | null; posterUrl: string | null; className?: string };

export function OfferThumb({ mediaUrl, mediaKind, posterUrl, className }: Props) {
  const still = posterUrl ?? (mediaKind === 'image' ? mediaUrl : null);
  const box = cn('h-full w-full bg-black object-cover', className);
  if (still) return <img src={still} alt="" className={box} loading="lazy" decoding="async" />;
  if (mediaKind === 'video' && mediaUrl)
    return (
      <video
        src={`${mediaUrl}#t=0.1`}
        muted
        playsInline
        preload="metadata"
        aria-hidden="true"
        tabIndex={-1}
        className={box}
      />
    );
  return <div className={cn(box, 'flex items-center justify-center text-xs text-zinc-400')}>No media yet</div>;
}
