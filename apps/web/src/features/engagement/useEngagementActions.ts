/**
 * Boost, favourite, react and share: each tap changes the numbers at once and then asks the server,
 * which answers with the true state and counts; a failure puts the numbers back with the SPEC's toast.
 * Boost and favourite send the state wanted ({ active }) rather than "toggle", so a double tap or a
 * retried request cannot undo itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  offerTexts,
  texts,
  type EngagementResult,
  type FeedOffer,
  type Reaction,
  type ViewerOfferState,
} from '@gigreel/core';
import { request } from '../../api/client.ts';
import { requireAuth, useViewer } from '../auth/index.ts';
import { markEngaged } from './engaged-at.ts';
import { boostedKey, savedKey } from './engagement.queries.ts';
import { getOverlay, reactionDelta, setOverlay, useEngagement, type Engagement } from './engagement.store.ts';

/** Only the newest request for an offer may write its answer; older answers are stale. */
const latest = new Map<string, number>();
let sequence = 0;

/** failure: the toast's text; 'server' shows the server's message; null stays quiet (a share count). */
async function send(
  offerId: string,
  before: Engagement,
  optimistic: Engagement,
  request: () => Promise<EngagementResult>,
  failure: string | 'server' | null,
): Promise<void> {
  const mine = ++sequence;
  latest.set(offerId, mine);
  const previousOverlay = getOverlay(offerId);
  setOverlay(offerId, optimistic);
  try {
    const result = await request();
    markEngaged();
    if (latest.get(offerId) !== mine) return;
    const { offerId: _ignored, ...engagement } = result;
    setOverlay(offerId, engagement);
  } catch (error) {
    if (latest.get(offerId) === mine) setOverlay(offerId, previousOverlay ?? before);
    if (failure !== null)
      toast.error(texts.generic.error, { description: failure === 'server' ? (error as Error).message : failure });
  }
}

export function useEngagementActions(offer: FeedOffer, current: Engagement) {
  const { viewer } = useViewer();
  const client = useQueryClient();
  const isOwn = viewer?.id === offer.creator.id;
  const params = { id: offer.id };

  const toggleBoost = () => {
    if (!viewer) return requireAuth();
    if (isOwn) return void toast.error(offerTexts.cannotBoostOwn);
    const active = !current.boosted;
    void send(
      offer.id,
      current,
      { ...current, boosted: active, boostCount: Math.max(0, current.boostCount + (active ? 1 : -1)) },
      () => request('POST /api/offers/:id/boost', { params, body: { active } }),
      offerTexts.boostFailed,
    ).then(() => client.invalidateQueries({ queryKey: boostedKey }));
  };

  const toggleFavorite = () => {
    if (!viewer) return requireAuth();
    const active = !current.favorited;
    void send(
      offer.id,
      current,
      { ...current, favorited: active, favoriteCount: Math.max(0, current.favoriteCount + (active ? 1 : -1)) },
      () => request('POST /api/offers/:id/favorite', { params, body: { active } }),
      offerTexts.favoriteFailed,
    ).then(() => client.invalidateQueries({ queryKey: savedKey }));
  };

  /**
   * A double tap on the offer favourites it and never takes a favourite back, as short-video apps do.
   * Answers whether the person may (a visitor is asked to sign up instead).
   */
  const favorite = (): boolean => {
    if (!viewer) {
      requireAuth();
      return false;
    }
    if (!current.favorited)
      void send(
        offer.id,
        current,
        { ...current, favorited: true, favoriteCount: current.favoriteCount + 1 },
        () => request('POST /api/offers/:id/favorite', { params, body: { active: true } }),
        offerTexts.favoriteFailed,
      );
    return true;
  };

  /** Choosing the reaction already chosen takes it back (one per person and offer, changeable). */
  const react = (emoji: Reaction) => {
    if (!viewer) return requireAuth();
    const next = current.reaction === emoji ? null : emoji;
    void send(
      offer.id,
      current,
      {
        ...current,
        reaction: next,
        reactionCount: Math.max(0, current.reactionCount + reactionDelta(current.reaction, next)),
      },
      () => request('PUT /api/offers/:id/reaction', { params, body: { emoji: next } }),
      'server',
    );
  };

  /** Counted after the person actually shared or copied the link; anonymous shares count too. */
  const countShare = () => {
    void send(
      offer.id,
      current,
      { ...current, shareCount: current.shareCount + 1 },
      () => request('POST /api/offers/:id/share', { params }),
      null,
    );
  };

  return { isOwn, toggleBoost, toggleFavorite, favorite, react, countShare };
}

/** What a double tap on an offer in the feed does: favourite it, never unfavourite (see favorite above). */
export function useDoubleTapFavorite(offer: FeedOffer, state: ViewerOfferState | undefined): () => boolean {
  return useEngagementActions(offer, useEngagement(offer, state)).favorite;
}
