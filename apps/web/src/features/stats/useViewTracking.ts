/**
 * A view of an offer, as creator analytics count it (issue 18): at least 60% of the offer on screen
 * for 2 seconds without a break, while the page itself is visible. The returned ref goes on the
 * offer's element; the view is recorded once per tab and day (audience.ts) and never for the owner.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { VIEW_MIN_MS, VIEW_VISIBLE_SHARE } from '@gigreel/core';
import { recordView } from './audience.ts';

export function useViewTracking<T extends Element>(offerId: string, enabled: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    let onScreen = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const watching = onScreen && document.visibilityState === 'visible';
      if (watching && timer === undefined) timer = setTimeout(() => recordView(offerId), VIEW_MIN_MS);
      else if (!watching && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        onScreen = Boolean(entry?.isIntersecting && entry.intersectionRatio >= VIEW_VISIBLE_SHARE);
        update();
      },
      { threshold: [0, VIEW_VISIBLE_SHARE, 1] },
    );
    observer.observe(element);
    document.addEventListener('visibilitychange', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      clearTimeout(timer);
    };
  }, [offerId, enabled]);
  return ref;
}
