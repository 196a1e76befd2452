/**
 * Boost, favourite, reaction and share (SPEC sections 4 and 6). Each runs one transaction that locks
 * the offer row, changes the engagement row and moves the counter (and rank score) by what really
 * changed, so double taps and concurrent requests leave one row and a correct count.
 */
import type { BoostedOffer, EngagementResult, Reaction } from '@gigreel/core';
import { offerTexts } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import type { Tx } from '../db/connection.ts';
import { boosts, favorites } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { canBoost, canSeeOffer, type Actor } from '../offers/offers.policy.ts';
import { mediaKindFor, mediaUrlFor } from '../offers/offers.queries.ts';
import { bumpCounter, findReaction, hasMark, lockOffer, selectBoostedOffers, setMark, setReaction, type Counts, type LockedOffer } from './engagement.queries.ts';

const BOOSTED_SHOWN = 100;

async function withVisibleOffer<T>(deps: AppDeps, actor: Actor, offerId: string, work: (tx: Tx, offer: LockedOffer) => Promise<T>): Promise<T> {
  return deps.database.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId);
    if (!offer || !canSeeOffer(actor, offer)) throw notFound(offerTexts.notFound);
    return work(tx, offer);
  });
}

async function result(tx: Tx, actor: Actor, offerId: string, counts: Counts): Promise<EngagementResult> {
  if (!actor) return { offerId, boosted: false, favorited: false, reaction: null, ...counts };
  const [boosted, favorited, reaction] = [await hasMark(tx, boosts, actor.id, offerId), await hasMark(tx, favorites, actor.id, offerId), await findReaction(tx, actor.id, offerId)];
  return { offerId, boosted, favorited, reaction, ...counts };
}

/** Toggles a boost, or sets it when `active` is given. Never on one's own offer. */
export async function toggleBoost(deps: AppDeps, options: { actor: NonNullable<Actor>; offerId: string; active?: boolean | undefined }): Promise<EngagementResult> {
  const { actor, offerId } = options;
  return withVisibleOffer(deps, actor, offerId, async (tx, offer) => {
    if (!canBoost(actor, offer)) throw forbidden(offerTexts.cannotBoostOwn);
    const on = options.active ?? !(await hasMark(tx, boosts, actor.id, offerId));
    const delta = await setMark(tx, boosts, actor.id, offerId, on, deps.clock.now());
    return result(tx, actor, offerId, await bumpCounter(tx, offerId, 'boost_count', delta));
  });
}

export async function toggleFavorite(deps: AppDeps, options: { actor: NonNullable<Actor>; offerId: string; active?: boolean | undefined }): Promise<EngagementResult> {
  const { actor, offerId } = options;
  return withVisibleOffer(deps, actor, offerId, async (tx) => {
    const on = options.active ?? !(await hasMark(tx, favorites, actor.id, offerId));
    const delta = await setMark(tx, favorites, actor.id, offerId, on, deps.clock.now());
    return result(tx, actor, offerId, await bumpCounter(tx, offerId, 'favorite_count', delta));
  });
}

/** One reaction per person and offer, changeable; null removes it. */
export async function react(deps: AppDeps, options: { actor: NonNullable<Actor>; offerId: string; emoji: Reaction | null }): Promise<EngagementResult> {
  const { actor, offerId } = options;
  return withVisibleOffer(deps, actor, offerId, async (tx) => {
    const delta = await setReaction(tx, actor.id, offerId, options.emoji, deps.clock.now());
    return result(tx, actor, offerId, await bumpCounter(tx, offerId, 'reaction_count', delta));
  });
}

/** Counts a share (native share or copied link); anyone who can see the offer may share it. */
export async function share(deps: AppDeps, options: { actor: Actor; offerId: string }): Promise<EngagementResult> {
  return withVisibleOffer(deps, options.actor, options.offerId, async (tx) =>
    result(tx, options.actor, options.offerId, await bumpCounter(tx, options.offerId, 'share_count', 1)));
}

export async function getBoostedOffers(deps: AppDeps, actor: NonNullable<Actor>): Promise<{ offers: BoostedOffer[] }> {
  const rows = await selectBoostedOffers(deps.database.db, actor.id, BOOSTED_SHOWN);
  return {
    offers: rows.map((row) => ({
      id: row.id,
      title: row.title,
      mediaUrl: mediaUrlFor(row.mediaKey),
      mediaKind: mediaKindFor(row.mediaType),
      posterUrl: row.posterKey ? mediaUrlFor(row.posterKey) : null,
      createdAt: new Date(row.createdAt).toISOString(),
      creatorName: row.creatorName,
    })),
  };
}
