/**
 * The feed: one offer at a time, full-screen on a phone (between the header and the tab bar) and in
 * a 375x667 phone frame on a desktop. The current offer and its neighbours are mounted, so the next
 * one's poster and video metadata are loaded before it is needed; moving slides them with a short
 * spring (no animation for people who ask for reduced motion). The auto-advance holds while a dialog
 * or the reaction picker is open, while the person has the video paused or drags its position, and,
 * for an offer opened from its link, until the person first moves. SPEC sections 2, 4 and 9.
 */
import { ChevronDown, ChevronUp, Timer, TimerOff, Volume2, VolumeX } from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { AUTO_ADVANCE_MS, texts, type FeedOffer, type FeedViewerState } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { requireAuth, useViewer } from '../auth/index.ts';
import { SendMessageDialog } from '../messages/index.ts';
import { CompletePaymentDialog } from '../orders/index.ts';
import { OfferSlide } from './OfferSlide.tsx';
import { useAutoAdvance, useAutoAdvanceSetting, useFeedGestures, useFeedSound } from './useFeedControls.ts';

// The dialogs (and the form, schema and dialog code they bring) load when one opens, not with the feed;
// the messages and orders features export theirs already wrapped in lazy().
const OfferDetailsDialog = lazy(() =>
  import('./OfferDetailsDialog.tsx').then((m) => ({ default: m.OfferDetailsDialog })),
);

type OpenDialog = { kind: 'message' | 'buy' | 'details'; offer: FeedOffer } | null;

type Props = {
  offers: FeedOffer[];
  states: Map<string, FeedViewerState>;
  /** More pages exist: the feed asks for them near the end instead of wrapping. */
  hasMore: boolean;
  loadMore: () => void;
  onTag: (tag: string) => void;
  /** The feed's own header across its top, beside the auto-advance and sound buttons (the tabs). */
  header?: ReactNode;
  /** Shown over the top-left of the feed, under the header (the filter chip). */
  overlay?: ReactNode;
  /** The first offer came from its own link: it stays until the person moves. */
  holdFirst?: boolean;
};

export function FeedView({ offers, states, hasMore, loadMore, onTag, header, overlay, holdFirst = false }: Props) {
  const { viewer } = useViewer();
  const count = offers.length;
  const [index, setIndex] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [picking, setPicking] = useState(false);
  const [paused, setPaused] = useState(false);
  const [scrubbing, setScrubbing] = useState(false);
  const [moved, setMoved] = useState(false);
  const [autoOn, setAutoOn] = useAutoAdvanceSetting();
  const { muted, setMuted } = useFeedSound();
  const stage = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const current = Math.min(index, count - 1);

  const go = useCallback(
    (delta: 1 | -1) => {
      setMoved(true);
      setIndex((i) => {
        const next = i + delta;
        if (next >= count) return hasMore ? i : 0;
        if (next < 0) return count - 1;
        return next;
      });
    },
    [count, hasMore],
  );

  useEffect(() => {
    if (hasMore && current >= count - 3) loadMore();
  }, [current, count, hasMore, loadMore]);

  const run = useAutoAdvance({
    enabled: autoOn && count > 1,
    held: dialog !== null || picking || paused || scrubbing || (holdFirst && !moved),
    restartKey: `${current}/${count}`,
    advance: () => go(1),
  });
  useFeedGestures(stage, track, go, dialog !== null);

  const onPickerChange = useCallback((open: boolean) => setPicking(open), []);
  const onAutoplayBlocked = useCallback(() => setMuted(true), [setMuted]);
  const onPausedChange = useCallback((value: boolean) => setPaused(value), []);
  const onScrubbingChange = useCallback((value: boolean) => setScrubbing(value), []);
  const handlers = {
    onMessage: (offer: FeedOffer) =>
      viewer ? setDialog({ kind: 'message', offer }) : requireAuth(texts.auth.loginToMessage),
    onBuy: (offer: FeedOffer) => (viewer ? setDialog({ kind: 'buy', offer }) : requireAuth()),
    onDetails: (offer: FeedOffer) => setDialog({ kind: 'details', offer }),
    onTag,
    onPickerChange,
    onAutoplayBlocked,
    onPausedChange,
    onScrubbingChange,
  };

  // The current offer and its neighbours (fewer when the feed is short), each at its place.
  const visible = new Map<number, number>();
  if (count > 0) {
    visible.set(current, 0);
    if (count > 1) visible.set((current + 1) % count, 1);
    if (count > 2) visible.set((current - 1 + count) % count, -1);
  }
  const insets = usePhoneInsets();

  return (
    <div className="flex flex-col items-center gap-4 md:flex-row md:items-start md:justify-center md:gap-6 md:pt-2">
      <section
        aria-label="Offers"
        aria-roledescription="feed"
        style={{ '--feed-top': `${insets.top}px`, '--feed-bottom': `${insets.bottom}px` } as React.CSSProperties}
        className="fixed inset-x-0 bottom-(--feed-bottom) top-(--feed-top) mx-auto w-full max-w-[480px] md:static md:mx-0 md:h-[667px] md:w-[375px] md:shrink-0"
      >
        <div
          ref={stage}
          className="relative h-full w-full touch-none overflow-hidden bg-black md:rounded-[2rem] md:border-[6px] md:border-zinc-800 md:shadow-2xl md:shadow-black/60"
        >
          <div ref={track} className="absolute inset-0">
            {[...visible.entries()].map(([offerIndex, offset]) => {
              const offer = offers[offerIndex]!;
              return (
                <div
                  key={offer.id}
                  className="absolute inset-0 transition-transform duration-[340ms] ease-[cubic-bezier(0.22,1.25,0.36,1)] motion-reduce:transition-none"
                  style={{ transform: `translateY(${offset * 100}%)` }}
                >
                  <OfferSlide
                    offer={offer}
                    state={states.get(offer.id)}
                    active={offset === 0}
                    muted={muted}
                    preload={offset === 0 ? 'auto' : 'metadata'}
                    isOwn={viewer?.id === offer.creator.id}
                    position={`${offerIndex + 1} of ${count}${hasMore ? '+' : ''}`}
                    {...handlers}
                  />
                </div>
              );
            })}
          </div>
          {run !== null ? <Countdown key={`${current}-${run}`} /> : null}
          <div className="absolute inset-x-2 top-2 z-20 flex items-center gap-1.5">
            <div className="flex min-w-0 flex-1 items-center">{header}</div>
            <div className="flex shrink-0 gap-1.5">
              <button
                type="button"
                aria-pressed={autoOn}
                aria-label="Auto-advance"
                title={autoOn ? 'Auto-advance is on' : 'Auto-advance is off'}
                onClick={() => setAutoOn(!autoOn)}
                className={cn(
                  'flex h-10 w-10 items-center justify-center rounded-full bg-black/45 backdrop-blur hover:bg-black/65',
                  autoOn ? 'text-white' : 'text-zinc-400',
                )}
              >
                {autoOn ? (
                  <Timer className="h-5 w-5" aria-hidden="true" />
                ) : (
                  <TimerOff className="h-5 w-5" aria-hidden="true" />
                )}
              </button>
              <button
                type="button"
                data-sound-toggle=""
                aria-label={muted ? 'Unmute' : 'Mute'}
                onClick={() => setMuted(!muted)}
                className="flex h-10 w-10 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
              >
                {muted ? (
                  <VolumeX className="h-5 w-5" aria-hidden="true" />
                ) : (
                  <Volume2 className="h-5 w-5" aria-hidden="true" />
                )}
              </button>
            </div>
          </div>
          {overlay ? <div className="absolute inset-x-3 top-14 z-20 flex">{overlay}</div> : null}
        </div>
      </section>
      <div className="hidden flex-col gap-3 md:flex md:self-center">
        <button
          type="button"
          aria-label="Previous offer"
          onClick={() => go(-1)}
          className="flex h-12 w-12 items-center justify-center rounded-full bg-zinc-800 text-white hover:bg-zinc-700"
        >
          <ChevronUp className="h-6 w-6" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label="Next offer"
          onClick={() => go(1)}
          className="flex h-12 w-12 items-center justify-center rounded-full bg-zinc-800 text-white hover:bg-zinc-700"
        >
          <ChevronDown className="h-6 w-6" aria-hidden="true" />
        </button>
      </div>

      <Suspense fallback={null}>
        {dialog?.kind === 'message' ? (
          <SendMessageDialog
            open
            onOpenChange={(open) => !open && setDialog(null)}
            offer={{ id: dialog.offer.id, title: dialog.offer.title }}
            seller={{ id: dialog.offer.creator.id, displayName: dialog.offer.creator.displayName }}
          />
        ) : null}
        {dialog?.kind === 'buy' ? (
          <CompletePaymentDialog open onOpenChange={(open) => !open && setDialog(null)} offer={dialog.offer} />
        ) : null}
        {dialog?.kind === 'details' ? (
          <OfferDetailsDialog open onOpenChange={(open) => !open && setDialog(null)} offer={dialog.offer} />
        ) : null}
      </Suspense>
    </div>
  );
}

/** A thin bar across the top that fills while the 10 s countdown runs (none with reduced motion). */
function Countdown() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const animation = element.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
      duration: AUTO_ADVANCE_MS,
      easing: 'linear',
      fill: 'forwards',
    });
    return () => animation.cancel();
  }, []);
  return (
    <div className="absolute inset-x-0 top-0 z-20 h-0.5 bg-white/15" aria-hidden="true">
      <div ref={bar} className="h-full origin-left scale-x-0 bg-white/80" />
    </div>
  );
}

/** On a phone the feed fills the space between the app header and the tab bar, whatever their size. */
function usePhoneInsets(): { top: number; bottom: number } {
  const [insets, setInsets] = useState({ top: 57, bottom: 60 });
  useLayoutEffect(() => {
    const header = document.querySelector('header');
    const tabs = document.querySelector('nav[aria-label="Tabs"]');
    const measure = () => {
      const top = header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
      const bottom = tabs ? Math.max(0, Math.round(window.innerHeight - tabs.getBoundingClientRect().top)) : 0;
      setInsets((old) => (old.top === top && old.bottom === bottom ? old : { top, bottom }));
    };
    // No measure() here: the observer's first report comes after the browser's own layout and before
    // the first paint, so mounting the feed does not force an extra layout inside React's commit.
    const observer = new ResizeObserver(measure);
    if (header) observer.observe(header);
    if (tabs) observer.observe(tabs);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return insets;
}
