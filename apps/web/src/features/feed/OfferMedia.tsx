/**
 * One offer's picture or video, filling its slide. A video plays while its slide is the current one
 * and at least 60% of it is visible (SPEC section 9), pauses and rewinds otherwise; a tap toggles
 * play and pause (a pause the person chose holds the feed's auto-advance, through onPausedChange), a
 * double tap anywhere on the media favourites, and a thin bar along the bottom shows where the video
 * is and can be dragged or moved with the keys (a slider). The slide after the current one is mounted
 * with preload so that its poster and first frame are ready when the feed advances.
 */
import { Play } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { VIDEO_VISIBILITY_THRESHOLD, type FeedOffer } from '@gigreel/core';

/** Two taps this close in time and place are a double tap; a single tap waits this long to be sure. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 40;

export type TapPoint = { x: number; y: number };

/**
 * Tells one tap from two: `onSingle` runs once no second tap came within DOUBLE_TAP_MS, `onDouble`
 * at once on the second (with where it landed, relative to the element). A tap from the keyboard
 * (Enter or Space on a button: a click without a pointer) is always a single one, at once.
 */
function useTaps(onSingle: (() => void) | null, onDouble: (point: TapPoint) => void) {
  const last = useRef<{ at: number; x: number; y: number } | null>(null);
  const pending = useRef(0);
  const handlers = useRef({ onSingle, onDouble });
  handlers.current = { onSingle, onDouble };
  useEffect(() => () => window.clearTimeout(pending.current), []);
  return (event: React.MouseEvent<HTMLElement>) => {
    if (event.detail === 0) return handlers.current.onSingle?.();
    const box = event.currentTarget.getBoundingClientRect();
    const tap = { at: event.timeStamp, x: event.clientX - box.left, y: event.clientY - box.top };
    const before = last.current;
    if (
      before &&
      tap.at - before.at < DOUBLE_TAP_MS &&
      Math.hypot(tap.x - before.x, tap.y - before.y) < DOUBLE_TAP_PX
    ) {
      window.clearTimeout(pending.current);
      last.current = null;
      handlers.current.onDouble({ x: tap.x, y: tap.y });
      return;
    }
    last.current = tap;
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(() => {
      last.current = null;
      handlers.current.onSingle?.();
    }, DOUBLE_TAP_MS);
  };
}

type Props = {
  offer: Pick<FeedOffer, 'id' | 'title' | 'mediaUrl' | 'mediaKind' | 'posterUrl'>;
  /** The slide on screen (not a neighbour kept ready). */
  active: boolean;
  muted: boolean;
  /** Called when the browser refuses to play with sound, so the feed falls back to muted. */
  onAutoplayBlocked: () => void;
  preload: 'auto' | 'metadata' | 'none';
  /** A double tap on the media, where it landed. */
  onDoubleTap: (point: TapPoint) => void;
  /** The person paused the current video (true) or it plays again or left the screen (false). */
  onPausedChange: (paused: boolean) => void;
  /** The person is dragging the video's position. */
  onScrubbingChange: (scrubbing: boolean) => void;
};

/** Portrait media fills the slide as in any short-video app; wider media is shown whole on a blurred backdrop. */
function fitFor(width: number, height: number): string {
  return width > 0 && height >= width * 1.25 ? 'object-cover' : 'object-contain';
}

export function OfferMedia(props: Props) {
  const { offer, active, preload, onDoubleTap } = props;
  const [fit, setFit] = useState('object-cover');
  const tapPicture = useTaps(null, onDoubleTap);
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
        <OfferVideo {...props} fit={fit} onSize={(w, h) => setFit(fitFor(w, h))} />
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
      {active && offer.mediaKind !== 'video' ? (
        // A picture has nothing to play or pause: the layer only hears double taps (the Favourite
        // button is the way in for everyone else), so it is not a control of its own.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div className="absolute inset-0" onClick={tapPicture} />
      ) : null}
    </div>
  );
}

function OfferVideo({
  offer,
  active,
  muted,
  onAutoplayBlocked,
  preload,
  onDoubleTap,
  onPausedChange,
  onScrubbingChange,
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

  // The feed holds its auto-advance while the current video is paused by the person.
  const holding = active && pausedByUser;
  useEffect(() => {
    onPausedChange(holding);
  }, [holding, onPausedChange]);
  useEffect(() => () => onPausedChange(false), [onPausedChange]);
  const tap = useTaps(() => setPausedByUser((paused) => !paused), onDoubleTap);

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
        <>
          <button
            type="button"
            className="absolute inset-0 flex items-center justify-center"
            aria-label={pausedByUser ? 'Play video' : 'Pause video'}
            onClick={tap}
          >
            {pausedByUser ? (
              <span className="rounded-full bg-black/50 p-5 text-white">
                <Play className="h-10 w-10 fill-current" aria-hidden="true" />
              </span>
            ) : null}
          </button>
          <VideoProgress video={video} onScrubbingChange={onScrubbingChange} />
        </>
      ) : null}
    </>
  );
}

/** "1:05" */
const clockTime = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * The video's position as a thin bar along the bottom of the slide, which thickens under a finger,
 * the mouse or the keyboard's focus. It is a native range input (a slider to assistive technology,
 * arrow keys and Home/End included) laid invisibly over the bar it draws; the bar follows the video
 * each frame while it plays (on its time updates alone for people who ask for reduced motion).
 */
function VideoProgress({
  video,
  onScrubbingChange,
}: {
  video: RefObject<HTMLVideoElement | null>;
  onScrubbingChange: (scrubbing: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [duration, setDuration] = useState(0);
  const dragging = useRef(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let frame = 0;
    let shownSecond = -1;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const paint = () => {
      const total = element.duration;
      if (!Number.isFinite(total) || total <= 0) return;
      bar.current?.style.setProperty('--progress', `${(element.currentTime / total) * 100}%`);
      const range = input.current;
      if (!range || dragging.current) return;
      range.value = String(element.currentTime);
      const second = Math.floor(element.currentTime);
      if (second !== shownSecond) {
        shownSecond = second;
        range.setAttribute('aria-valuetext', `${clockTime(element.currentTime)} of ${clockTime(total)}`);
      }
    };
    const follow = () => {
      paint();
      frame = requestAnimationFrame(follow);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      if (!reduced) frame = requestAnimationFrame(follow);
    };
    const onStop = () => {
      cancelAnimationFrame(frame);
      paint();
    };
    const onDuration = () => {
      setDuration(Number.isFinite(element.duration) ? element.duration : 0);
      paint();
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('seeked', paint);
    element.addEventListener('timeupdate', paint);
    element.addEventListener('durationchange', onDuration);
    onDuration();
    if (!element.paused) onPlay();
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onStop);
      element.removeEventListener('seeked', paint);
      element.removeEventListener('timeupdate', paint);
      element.removeEventListener('durationchange', onDuration);
    };
  }, [video]);

  // A drag that ends (or the slide leaving) lets the feed move on again.
  const drag = (on: boolean) => {
    if (dragging.current === on) return;
    dragging.current = on;
    onScrubbingChange(on);
  };
  useEffect(() => () => onScrubbingChange(false), [onScrubbingChange]);

  if (duration <= 0) return null;
  return (
    <div data-no-swipe="" className="group absolute inset-x-0 bottom-0 z-20 h-4">
      <input
        ref={input}
        type="range"
        min={0}
        max={duration}
        step={0.1}
        defaultValue={0}
        aria-label="Video position"
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        onPointerDown={() => drag(true)}
        onPointerUp={() => drag(false)}
        onPointerCancel={() => drag(false)}
        onBlur={() => drag(false)}
        onInput={(event) => {
          const element = video.current;
          if (!element) return;
          element.currentTime = Number(event.currentTarget.value);
          bar.current?.style.setProperty('--progress', `${(element.currentTime / duration) * 100}%`);
        }}
      />
      <div
        ref={bar}
        aria-hidden="true"
        style={{ '--progress': '0%' } as React.CSSProperties}
        className="pointer-events-none absolute inset-x-0 bottom-0 h-0.5 bg-white/25 transition-[height] duration-150 group-hover:h-1 group-has-[input:active]:h-1.5 group-has-[input:focus-visible]:h-1.5 group-has-[input:focus-visible]:outline-2 group-has-[input:focus-visible]:outline-offset-2 group-has-[input:focus-visible]:outline-brand-400 motion-reduce:transition-none"
      >
        <div className="h-full w-(--progress) bg-white/90" />
        <div className="absolute top-1/2 left-(--progress) h-3 w-3 -translate-x-1/2 -translate-y-1/2 scale-0 rounded-full bg-white shadow transition-transform group-hover:scale-100 group-has-[input:active]:scale-100 group-has-[input:focus-visible]:scale-100 motion-reduce:transition-none" />
      </div>
    </div>
  );
}
