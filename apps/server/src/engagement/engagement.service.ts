/**
 * Boost, favourite, reaction and share (SPEC sections 4 and 6). Each runs one transaction that locks
 * the offer row, changes the engagement row and moves the counter (and rank score) by what really
 * changed, so double taps and concurrent requests leave one row and a correct count. The rank counts
 * a row only from an established person other than the owner whom the owner has not blocked (issue
 * 17, db/ranked.ts); the row is marked as it is written, in the same statement.
 */
import type { BoostedPage, EngagementResult, Reaction, SavedPage } from '@gigreel/core';
import {
  ANONYMOUS_SHARERS_PER_ADDRESS,
  ENGAGEMENT_WEIGHTS,
  offerTexts,
  SHARE_BURST_MAX,
  SHARE_BURST_WINDOW_MS,
  shareTexts,
  AppError,
  forbidden,
  notFound,
} from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import type { Tx } from '../db/connection.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import { boosts, favorites } from '../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { canBoost, canSeeOffer, mediaKindFor, mediaUrlFor } from '../offers/index.ts';
import {
  bumpCounters,
  countAnonymousSharers,
  hitShareBurst,
  lockOffer,
  rankedWeight,
  recordShare,
  selectBoostedOffers,
  selectSavedOffers,
  setMark,
  setReaction,
  toggleMark,
  type BoostedRow,
  type CountsAndMarks,
  type LockedOffer,
} from './engagement.queries.ts';
import { movesRank } from './engagement.policy.ts';
import type { Sharer } from './sharer.ts';

async function withVisibleOffer<T>(
  deps: AppDeps,
  actor: Actor | null,
  offerId: string,
  work: (tx: Tx, offer: LockedOffer) => Promise<T>,
): Promise<T> {
  return deps.database.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId);
    if (!offer || !canSeeOffer(actor, offer)) throw notFound(offerTexts.notFound);
    return work(tx, offer);
  });
}

/** The answer to every engagement change: the counters, and the caller's own marks (none when anonymous). */
function result(actor: Actor | null, offerId: string, after: CountsAndMarks): EngagementResult {
  const { boosted, favorited, reaction, ...counts } = after;
  if (!actor) return { offerId, boosted: false, favorited: false, reaction: null, ...counts };
  return { offerId, boosted, favorited, reaction, ...counts };
}

/** Toggles a boost, or sets it when `active` is given. Never on one's own offer. */
export async function toggleBoost(options: {
  deps: AppDeps;
  actor: Actor;
  offerId: string;
  active?: boolean | undefined;
}): Promise<EngagementResult> {
  const { deps, actor, offerId } = options;
  return withVisibleOffer(deps, actor, offerId, async (tx, offer) => {
    if (!canBoost(actor, offer)) throw forbidden(offerTexts.cannotBoostOwn);
    const now = deps.clock.now();
    const change =
      options.active === undefined
        ? await toggleMark(tx, boosts, actor.id, offer, now)
        : await setMark(tx, boosts, actor.id, offer, options.active, now);
    const ranked = rankedWeight(change, 'boost');
    return result(actor, offerId, await bumpCounters(tx, offerId, { boost_count: change.delta }, ranked, actor.id));
  });
}

export async function toggleFavorite(options: {
  deps: AppDeps;
  actor: Actor;
  offerId: string;
  active?: boolean | undefined;
}): Promise<EngagementResult> {
  const { deps, actor, offerId } = options;
  return withVisibleOffer(deps, actor, offerId, async (tx, offer) => {
    const now = deps.clock.now();
    const change =
      options.active === undefined
        ? await toggleMark(tx, favorites, actor.id, offer, now)
        : await setMark(tx, favorites, actor.id, offer, options.active, now);
    const shown = movesRank(actor, offer) ? change.delta : 0;
    const ranked = rankedWeight(change, 'favorite');
    return result(actor, offerId, await bumpCounters(tx, offerId, { favorite_count: shown }, ranked, actor.id));
  });
}

/** One reaction per person and offer, changeable; null removes it. */
export async function react(options: {
  deps: AppDeps;
  actor: Actor;
  offerId: string;
  emoji: Reaction | null;
}): Promise<EngagementResult> {
  const { deps, actor, offerId } = options;
  return withVisibleOffer(deps, actor, offerId, async (tx, offer) => {
    const change = await setReaction(tx, actor.id, offer, options.emoji, deps.clock.now());
    const shown = movesRank(actor, offer) ? change.delta : 0;
    const ranked = rankedWeight(change, 'reaction');
    return result(actor, offerId, await bumpCounters(tx, offerId, { reaction_count: shown }, ranked, actor.id));
  });
}

/**
 * Counts a share (native share or copied link); anyone who can see the offer may share it. It counts
 * once per person, or per anonymous browser and address, per offer and UTC day, for at most a few
 * browsers per address; bursts from one address are refused, and a refused request writes nothing.
 * The rank counts a person's first share of the offer only, and no anonymous one: nobody answers for it.
 */
export async function share(options: {
  deps: AppDeps;
  actor: Actor | null;
  offerId: string;
  sharer: Sharer;
}): Promise<EngagementResult> {
  const { deps, actor, offerId, sharer } = options;
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    if ((await hitShareBurst(tx, sharer.addressKey, now, SHARE_BURST_WINDOW_MS)) > SHARE_BURST_MAX)
      throw new AppError('too_many_shares', shareTexts.tooFast);
    const offer = await lockOffer(tx, offerId);
    if (!offer || !canSeeOffer(actor, offer)) throw notFound(offerTexts.notFound);
    const recorded = movesRank(actor, offer)
      ? await countShare(tx, actor, offer, sharer, now)
      : { added: false, counted: false };
    const deltas = { share_count: recorded.added ? 1 : 0, anonymous_share_count: recorded.added && !actor ? 1 : 0 };
    const ranked = recorded.counted ? ENGAGEMENT_WEIGHTS.share : 0;
    return result(actor, offerId, await bumpCounters(tx, offerId, deltas, ranked, actor?.id ?? null));
  });
}

/** Records the share when this sharer has none recorded for the offer today; `counted` when the rank counts it. */
async function countShare(
  tx: Tx,
  actor: Actor | null,
  offer: LockedOffer,
  sharer: Sharer,
  now: Date,
): Promise<{ added: boolean; counted: boolean }> {
  const day = now.toISOString().slice(0, 10);
  const offerId = offer.id;
  if (actor) {
    const person = { id: actor.id, ownerId: offer.userId };
    return recordShare(tx, { offerId, day, viewerKey: `u:${actor.id}`, addressKey: null, now, person });
  }
  // The offer row is locked, so two browsers at one address cannot both slip under the cap.
  if ((await countAnonymousSharers(tx, offerId, day, sharer.addressKey)) >= ANONYMOUS_SHARERS_PER_ADDRESS)
    return { added: false, counted: false };
  const viewerKey = `b:${sharer.browserKey}`;
  return recordShare(tx, { offerId, day, viewerKey, addressKey: sharer.addressKey, now, person: null });
}

/** One page of the offers the viewer boosted, newest boost first (a damaged cursor starts from the top). */
export async function getBoostedOffers({
  deps,
  actor,
  cursor,
}: {
  deps: AppDeps;
  actor: Actor;
  cursor?: string | undefined;
}): Promise<BoostedPage> {
  const page = await selectBoostedOffers(deps.database.db, actor.id, decodeTimeCursor(cursor));
  return {
    offers: page.rows.map(toListedOffer),
    nextCursor: page.nextCursor,
  };
}

/** One page of the offers the viewer saved (favourited), newest first (a damaged cursor starts from the top). */
export async function getSavedOffers({
  deps,
  actor,
  cursor,
}: {
  deps: AppDeps;
  actor: Actor;
  cursor?: string | undefined;
}): Promise<SavedPage> {
  const page = await selectSavedOffers(deps.database.db, actor.id, decodeTimeCursor(cursor));
  return { offers: page.rows.map(toListedOffer), nextCursor: page.nextCursor };
}

/** An offer in the boosted and saved lists. */
const toListedOffer = (row: BoostedRow) => ({
  id: row.id,
  title: row.title,
  mediaUrl: mediaUrlFor(row.mediaKey),
  mediaKind: mediaKindFor(row.mediaType),
  posterUrl: row.posterKey ? mediaUrlFor(row.posterKey) : null,
  createdAt: new Date(row.createdAt).toISOString(),
  creatorName: row.creatorName,
});
