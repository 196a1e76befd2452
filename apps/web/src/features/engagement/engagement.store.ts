/**
 * The viewer's engagement with offers as the screens show it: the server's counts and state, with
 * the latest tap laid over them at once (optimistic) until the server answers. One store for every
 * screen, so the feed, /offer/{id} and /creator/{id} agree. It lives in memory only: a reload shows
 * the server's numbers, which already include every tap that succeeded.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { EngagementResult, FeedOffer, Reaction, ViewerOfferState } from '@gigreel/core';

export type Engagement = Omit<EngagementResult, 'offerId'>;

let overlays = new Map<string, Engagement>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribeEngagement(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getOverlay(offerId: string): Engagement | undefined {
  return overlays.get(offerId);
}

export function setOverlay(offerId: string, value: Engagement | undefined): void {
  overlays = new Map(overlays);
  if (value) overlays.set(offerId, value);
  else overlays.delete(offerId);
  emit();
}

let owner: string | null = null;

/** Taps belong to one viewer: signing in, out or as someone else forgets them. */
export function useEngagementOwner(viewerId: string | null): void {
  useEffect(() => {
    if (owner === viewerId) return;
    owner = viewerId;
    if (overlays.size === 0) return;
    overlays = new Map();
    emit();
  }, [viewerId]);
}

function baseEngagement(offer: FeedOffer, state: ViewerOfferState | undefined): Engagement {
  return {
    boosted: state?.boosted ?? false,
    favorited: state?.favorited ?? false,
    reaction: state?.reaction ?? null,
    boostCount: offer.boostCount,
    favoriteCount: offer.favoriteCount,
    reactionCount: offer.reactionCount,
    shareCount: offer.shareCount,
  };
}

/** What to show for one offer: the overlay when there is one, else the server's page and state. */
export function useEngagement(offer: FeedOffer, state: ViewerOfferState | undefined): Engagement {
  const overlay = useSyncExternalStore(subscribeEngagement, () => overlays.get(offer.id));
  return overlay ?? baseEngagement(offer, state);
}

/** The counts after a reaction changes from `from` to `to`. */
export function reactionDelta(from: Reaction | null, to: Reaction | null): number {
  if (from === null && to !== null) return 1;
  if (from !== null && to === null) return -1;
  return 0;
}
