/**
 * One offer's picture or video, filling its slide. A video plays while its slide is the current one
 * and at least 60% of it is visible (SPEC section 9), pauses and rewinds otherwise; a tap toggles
 * play and pause. The slide after the current one is mounted with preload so that its poster and
 * first frame are ready when the feed advances.
 */
import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { VIDEO_VISIBILITY_THRESHOLD, type FeedOffer } from '@gigreel/core';

type Props = {
  offer: Pick<FeedOffer, 'id' | 'title' | 'mediaUrl' | 'mediaKind' | 'posterUrl'>;
  /** The slide on screen (not a neighbour kept ready). */
  active: boolean;
  muted: boolean;
  /** Called when the browser refuses to play with sound, so the feed falls back to muted. */
  onAutoplayBlocked: () => void;
  preload: 'auto' | 'metadata' | 'none';
};

/** Portrait media fills the slide as in any short-video app; wider media is shown whole on a blurred backdrop. */
function fitFor(width: number, height: number): string {
  return width > 0 && height >= width * 1.25 ? 'object-cover' : 'object-contain';
}

export function OfferMedia({ offer, active, muted, onAutoplayBlocked, preload }: Props) {
  const [fit, setFit] = useState('object-cover');
  const backdrop = offer.posterUrl ?? (offer.mediaKind === 'image' ? offer.mediaUrl : null);
  return (
    <div className="absolute inset-0 overflow-hidden bg-black">
      {backdrop ? (
        <img
          src={backdrop}
          alt=""
          aria-hidden="true"
          fetchPriority={active ? 'high' : 'auto'}
          className="absolute inset-0 h-full w-full scale-110 object-cover opacity-50 blur-2xl"
        />
      ) : null}
      {offer.mediaKind === 'video' ? (
        <OfferVideo
          offer={offer}
          active={active}
          muted={muted}
          onAutoplayBlocked={onAutoplayBlocked}
          preload={preload}
          fit={fit}
          onSize={(w, h) => setFit(fitFor(w, h))}
        />
      ) : offer.mediaUrl ? (
        <img
          src={offer.mediaUrl}
          alt={offer.title}
          className={`relative h-full w-full ${fit}`}
          loading={preload === 'none' ? 'lazy' : 'eager'}
          decoding="async"
          draggable={false}
          onLoad={(event) => setFit(fitFor(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight))}
        />
      ) : (
        <div className="relative flex h-full items-center justify-center text-sm text-zinc-400">No media yet</div>
      )}
    </div>
  );
}

function OfferVideo({
  offer,
  active,
  muted,
  onAutoplayBlocked,
  preload,
  fit,
  onSize,
}: Props & { fit: string; onSize: (width: number, height: number) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [visible, setVisible] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        setVisible(Boolean(entry && entry.intersectionRatio >= VIDEO_VISIBILITY_THRESHOLD));
        setOnScreen(Boolean(entry && entry.intersectionRatio > 0));
      },
      { threshold: [0, VIDEO_VISIBILITY_THRESHOLD, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // React sets `muted` only as an attribute on first render; the property is what the browser obeys.
  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  const playing = active && visible && !pausedByUser;
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      element.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
          element.muted = true;
          onAutoplayBlocked();
          void element.play().catch(() => undefined);
        }
      });
    } else {
      element.pause();
    }
  }, [playing, onAutoplayBlocked]);

  // Leaving the screen rewinds, and a pause chosen on this slide does not follow the person back. A slide
  // the feed moved away from rewinds once it is off screen: the seek costs the main thread about 16 ms,
  // which would otherwise hold up the offer sliding in.
  useEffect(() => {
    if (active && visible) return;
    if (!active && onScreen) return;
    const element = video.current;
    if (element && element.currentTime > 0) element.currentTime = 0;
    setPausedByUser(false);
  }, [active, visible, onScreen]);

  return (
    <>
      {/* Creators' clips come without a caption track; the offer's title, description and tags are text beside it. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={video}
        src={offer.mediaUrl}
        poster={offer.posterUrl ?? undefined}
        muted={muted}
        loop
        playsInline
        preload={preload}
        aria-label={offer.title}
        className={`relative h-full w-full ${fit}`}
        onLoadedMetadata={(event) => onSize(event.currentTarget.videoWidth, event.currentTarget.videoHeight)}
        data-playing={playing ? 'true' : 'false'}
      />
      {active ? (
        <button
          type="button"
          className="absolute inset-0 flex items-center justify-center"
          aria-label={pausedByUser ? 'Play video' : 'Pause video'}
          onClick={() => setPausedByUser((paused) => !paused)}
        >
          {pausedByUser ? (
            <span className="rounded-full bg-black/50 p-5 text-white">
              <Play className="h-10 w-10 fill-current" aria-hidden="true" />
            </span>
          ) : null}
        </button>
      ) : null}
    </>
  );
}
