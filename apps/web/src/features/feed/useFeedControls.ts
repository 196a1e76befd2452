/**
 * How a person moves through the feed: auto-advance after 10 s (held while a dialog is open, while the
 * person has the video paused or is dragging its position, and for 10 s after the page scrolls), a
 * swipe that follows the finger, the arrow keys, one wheel notch per offer, and the sound that starts
 * muted and comes on with the first gesture (browsers refuse sound before one).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { AUTO_ADVANCE_MS, SCROLL_PAUSE_MS } from '@gigreel/core';

const AUTO_KEY = 'gigreel.autoAdvance';
const SWIPE_MIN_PX = 50;
const WHEEL_MIN_DELTA = 30;
const WHEEL_GAP_MS = 350;

/** The person's auto-advance choice, kept on this device. */
export function useAutoAdvanceSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(AUTO_KEY) !== 'off');
  const set = useCallback((value: boolean) => {
    localStorage.setItem(AUTO_KEY, value ? 'on' : 'off');
    setOn(value);
  }, []);
  return [on, set];
}

/**
 * Calls advance() 10 s after the offer came on screen or the last hold ended. `restartKey` changes
 * whenever the countdown should begin again (a new offer). Returns the countdown's run number while
 * it runs (for the progress bar), or null while held.
 */
export function useAutoAdvance({
  enabled,
  held,
  restartKey,
  advance,
}: {
  enabled: boolean;
  held: boolean;
  restartKey: string;
  advance: () => void;
}): number | null {
  const scrollHeld = useScrollHold();
  const running = enabled && !held && !scrollHeld;
  const [run, setRun] = useState(0);
  const advanceRef = useRef(advance);
  advanceRef.current = advance;
  useEffect(() => {
    if (!running) return;
    setRun((n) => n + 1);
    const timer = window.setTimeout(() => advanceRef.current(), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [running, restartKey]);
  return running ? run : null;
}

/** True from a scroll of the page (or anything in it) until 10 s after the last one. */
function useScrollHold(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let timer = 0;
    const onScroll = () => {
      setHeld(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setHeld(false), SCROLL_PAUSE_MS);
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, []);
  return held;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** How far a finger must carry the feed to move it on: this far at least, and a fifth of the feed or a flick. */
const SWIPE_SHARE = 0.2;
const FLICK_PX_PER_MS = 0.5;
/** The short spring a released feed settles with (the slides move with the same, see FeedView). */
const SETTLE_TRANSITION = 'transform 340ms cubic-bezier(0.22, 1.25, 0.36, 1)';

/**
 * Swipe, wheel and arrow keys move one offer; `disabled` while a dialog has the focus. A finger drags
 * the feed (`track`, which holds the slides) as it moves; let go, it moves on when carried far enough
 * or flicked, and otherwise springs back. A touch that starts on [data-no-swipe] (the video's
 * position bar) is that control's alone.
 */
export function useFeedGestures(
  stage: RefObject<HTMLElement | null>,
  track: RefObject<HTMLElement | null>,
  go: (delta: 1 | -1) => void,
  disabled: boolean,
): void {
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    const element = stage.current;
    if (!element || disabled) return;
    type Touch = {
      x: number;
      y: number;
      dy: number;
      vertical: boolean | null;
      moves: Array<{ y: number; at: number }>;
    };
    let touch: Touch | null = null;
    let wheelSum = 0;
    let lastWheelMove = -Infinity;
    let lastWheelEvent = -Infinity;

    const place = (dy: number, settle: boolean) => {
      const moving = track.current;
      if (!moving) return;
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      moving.style.transition = settle && !reduced ? SETTLE_TRANSITION : 'none';
      moving.style.transform = dy === 0 ? '' : `translateY(${dy}px)`;
    };

    const onTouchStart = (event: TouchEvent) => {
      const first = event.touches[0];
      const own = event.target instanceof Element && event.target.closest('[data-no-swipe]');
      touch =
        first && event.touches.length === 1 && !own
          ? {
              x: first.clientX,
              y: first.clientY,
              dy: 0,
              vertical: null,
              moves: [{ y: first.clientY, at: event.timeStamp }],
            }
          : null;
    };
    const onTouchMove = (event: TouchEvent) => {
      const now = event.touches[0];
      if (!touch || !now || event.touches.length !== 1) return;
      const dx = now.clientX - touch.x;
      const dy = now.clientY - touch.y;
      if (touch.vertical === null && Math.hypot(dx, dy) > 8) touch.vertical = Math.abs(dy) > Math.abs(dx);
      if (!touch.vertical) return;
      touch.dy = dy;
      touch.moves = [
        ...touch.moves.filter((move) => event.timeStamp - move.at < 100),
        { y: now.clientY, at: event.timeStamp },
      ];
      place(dy, false);
    };
    const onTouchEnd = (event: TouchEvent) => {
      const ended = touch;
      touch = null;
      if (!ended?.vertical) return;
      const last = event.changedTouches[0];
      const dy = last ? last.clientY - ended.y : ended.dy;
      const first = ended.moves[0]!;
      const elapsed = Math.max(1, event.timeStamp - first.at);
      const speed = Math.abs((last?.clientY ?? first.y) - first.y) / elapsed;
      const far = Math.abs(dy) >= Math.max(SWIPE_MIN_PX, element.clientHeight * SWIPE_SHARE);
      const flick = Math.abs(dy) >= SWIPE_MIN_PX && speed >= FLICK_PX_PER_MS;
      place(0, true);
      if (far || flick) goRef.current(dy < 0 ? 1 : -1);
    };
    const onTouchCancel = () => {
      touch = null;
      place(0, true);
    };
    // One notch, one offer: a trackpad's stream of small deltas moves once until it pauses.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) return;
      event.preventDefault();
      const now = event.timeStamp;
      if (now - lastWheelEvent > WHEEL_GAP_MS) wheelSum = 0;
      lastWheelEvent = now;
      if (now - lastWheelMove < WHEEL_GAP_MS) return;
      wheelSum += event.deltaMode === WheelEvent.DOM_DELTA_PIXEL ? event.deltaY : event.deltaY * 40;
      if (Math.abs(wheelSum) < WHEEL_MIN_DELTA) return;
      goRef.current(wheelSum > 0 ? 1 : -1);
      wheelSum = 0;
      lastWheelMove = now;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey || event.ctrlKey || isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') go1(event, 1);
      else if (event.key === 'ArrowUp' || event.key === 'PageUp') go1(event, -1);
    };
    const go1 = (event: KeyboardEvent, delta: 1 | -1) => {
      event.preventDefault();
      goRef.current(delta);
    };
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: true });
    element.addEventListener('touchend', onTouchEnd, { passive: true });
    element.addEventListener('touchcancel', onTouchCancel, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchCancel);
      element.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
      place(0, false);
    };
  }, [stage, track, disabled]);
}

// Sound: one choice for the whole visit, so coming back to the feed keeps it.
let muted = true;
let gestureSeen = false;
const soundListeners = new Set<() => void>();
const setMutedGlobal = (value: boolean) => {
  muted = value;
  soundListeners.forEach((listener) => listener());
};

export function useFeedSound(): { muted: boolean; setMuted: (muted: boolean) => void } {
  const value = useSyncExternalStore(
    (listener) => {
      soundListeners.add(listener);
      return () => soundListeners.delete(listener);
    },
    () => muted,
  );
  useEffect(() => {
    if (gestureSeen) return;
    const unlock = (event: Event) => {
      if (gestureSeen) return;
      gestureSeen = true;
      // The mute button decides for itself; any other first gesture brings the sound on.
      if (!(event.target instanceof Element && event.target.closest('[data-sound-toggle]'))) setMutedGlobal(false);
      remove();
    };
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const remove = () => events.forEach((name) => window.removeEventListener(name, unlock, { capture: true }));
    events.forEach((name) => window.addEventListener(name, unlock, { capture: true, passive: true }));
    return remove;
  }, []);
  return { muted: value, setMuted: setMutedGlobal };
}
