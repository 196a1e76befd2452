/**
 * Posting, editing and reading offers (approval is the admin's: admin/gigs.service.ts). Every write of
 * an offer, the creator's own and the admin's from the dashboard, goes through saveOffer: media is
 * checked, processed and stored before the one short transaction that writes the row (never a
 * transaction across processing); a failed save deletes the files it stored, and a replaced offer's
 * old files are deleted after the commit.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  NO_PROOF,
  offerTexts,
  rankScore,
  texts,
  type CreatorPage,
  type FeedOffer,
  type OfferInput,
  type OwnOffer,
  AppError,
  notFound,
} from '@gigreel/core';
import { isFollowing } from '../follows/index.ts';
import type { AppDeps } from '../deps.ts';
import { MediaRejectedError, type MediaProcessor } from '../platform/media.ts';
import { withMediaSlot } from '../platform/media-slots.ts';
import { claimUploads, holdUploads, removeStoredFiles } from '../platform/unclaimed-files.ts';
import {
  findCreator,
  findOfferCard,
  findOfferCardByUser,
  findOfferMediaByUser,
  lockOwnOffer,
  ratingOf,
  replaceOfferTags,
  toFeedOffer,
  writeOwnOffer,
  type OfferMediaKeys,
  type OfferMediaValues,
} from './offers.queries.ts';
import type { Actor } from '../auth/index.ts';
import { canSeeOffer } from './offers.policy.ts';

export type UploadedMedia = { tempPath: string; mime: string };
/** Where uploads are turned into feed media: one processor (and its queue) for the whole app. */
export type MediaWork = { processor: MediaProcessor; workDir: string };

const toOwnOffer = (offer: FeedOffer): OwnOffer => ({ ...offer, deliveryMethod: 'file_upload' });

export async function getOwnOffer({ deps, actor }: { deps: AppDeps; actor: Actor }): Promise<OwnOffer | null> {
  const row = await findOfferCardByUser(deps.database.db, actor.id);
  return row ? toOwnOffer(toFeedOffer(row)) : null;
}

export async function getOffer({
  deps,
  actor,
  offerId,
}: {
  deps: AppDeps;
  actor: Actor | null;
  offerId: string;
}): Promise<FeedOffer> {
  const row = await findOfferCard(deps.database.db, offerId);
  if (!row || !canSeeOffer(actor, row)) throw notFound(offerTexts.notFound);
  return toFeedOffer(row);
}

/** A creator and their one offer, when the viewer may see it. */
export async function getCreatorPage({
  deps,
  actor,
  userId,
}: {
  deps: AppDeps;
  actor: Actor | null;
  userId: string;
}): Promise<CreatorPage> {
  // side by side: the creator with their counts, their offer, whether the viewer follows them
  const [creator, row, viewerFollows] = await Promise.all([
    findCreator(deps.database.db, userId),
    findOfferCardByUser(deps.database.db, userId),
    actor && actor.id !== userId ? isFollowing(deps.database.db, actor.id, userId) : false,
  ]);
  if (!creator) throw notFound(offerTexts.creatorNotFound);
  return {
    creator: {
      id: creator.id,
      displayName: creator.displayName,
      profileImage: creator.profileImage,
      bio: creator.bio,
      joinedAt: new Date(creator.createdAt).toISOString(),
      followers: creator.followers,
      following: creator.following,
      completedOrders: creator.completedOrders,
      rating: ratingOf(row ?? { reviewCount: 0, ratingSum: 0 }),
    },
    viewerFollows,
    offer: row && canSeeOffer(actor, row) ? toFeedOffer(row) : null,
  };
}

/**
 * Processes the upload in the uploader's one media slot and stores the result under keys the server
 * chooses; returns what the row needs and every key written. Exported for the admin's self-test only:
 * saves go through saveOffer.
 */
export async function storeOfferMedia(
  deps: AppDeps,
  work: MediaWork,
  owner: { ownerId: string; uploaderId: string },
  file: UploadedMedia,
): Promise<{ values: OfferMediaValues; keys: string[] }> {
  const name = `${deps.clock.now().getTime()}-${randomBytes(4).toString('hex')}`;
  let processed;
  try {
    processed = await withMediaSlot(deps, owner.uploaderId, () =>
      work.processor.process({ path: file.tempPath, mime: file.mime }, work.workDir, name),
    );
  } catch (error) {
    if (error instanceof MediaRejectedError)
      throw new AppError(
        error.status === 415 ? 'invalid_file_type' : 'media_too_long_or_large',
        error.userMessage,
        'media',
      );
    throw error;
  }
  const mediaKey = `offers/${owner.ownerId}/${name}.${processed.media.ext}`;
  const posterKey = processed.poster ? `offers/${owner.ownerId}/${name}.poster.${processed.poster.ext}` : null;
  const keys = posterKey ? [mediaKey, posterKey] : [mediaKey];
  try {
    // Noted before the files go to storage; the save's transaction claims them (platform/unclaimed-files.ts).
    await holdUploads(deps.database, keys);
    await deps.storage.put(mediaKey, createReadStream(processed.media.path), processed.media.contentType);
    if (processed.poster && posterKey)
      await deps.storage.put(posterKey, createReadStream(processed.poster.path), processed.poster.contentType);
    return { values: { mediaKey, mediaType: processed.media.contentType, posterKey }, keys };
  } catch (error) {
    await removeStoredFiles(deps, keys);
    throw error;
  } finally {
    await rm(processed.media.path, { force: true });
    if (processed.poster) await rm(processed.poster.path, { force: true });
  }
}

/** One save of an offer, whoever makes it. */
export type OfferSave = {
  /** The creator whose one offer this is. */
  ownerId: string;
  /** Who sent the file: their media slot is the one held while it is processed. */
  uploaderId: string;
  /** The offer's fields; tags null leaves the offer's tags as they are. */
  offer: Omit<OfferInput, 'tags'> & { tags: string[] | null };
  file: UploadedMedia | null;
  /** What the save does to approval; undefined keeps it (a new offer then waits). */
  approved?: boolean;
  /**
   * Refuses the save from the owner's offer as it stands: run before any file is processed, and again
   * under the owner's lock, where it decides.
   */
  check(current: OfferMediaKeys | null, withNewMedia: boolean): void;
};

/** Writes the owner's one offer (SPEC sections 4 and 5); the id, and whether it was created. */
export async function saveOffer(
  deps: AppDeps,
  work: MediaWork,
  save: OfferSave,
): Promise<{ offerId: string; created: boolean }> {
  save.check(await findOfferMediaByUser(deps.database.db, save.ownerId), !!save.file);
  const stored = save.file ? await storeOfferMedia(deps, work, save, save.file) : null;
  let replaced: Array<string | null> = [];
  let saved: { offerId: string; created: boolean };
  try {
    saved = await deps.database.db.transaction(async (tx) => {
      await lockOwnOffer(tx, save.ownerId);
      const current = await findOfferMediaByUser(tx, save.ownerId);
      save.check(current, !!stored);
      const now = deps.clock.now();
      const offerId = await writeOwnOffer(tx, {
        userId: save.ownerId,
        existingId: current?.id ?? null,
        offer: save.offer,
        media: stored?.values ?? null,
        now,
        rankScore: rankScore(NO_PROOF, now),
        ...(save.approved === undefined ? {} : { approved: save.approved }),
      });
      if (save.offer.tags) await replaceOfferTags(tx, offerId, save.offer.tags);
      if (stored) await claimUploads(tx, stored.keys);
      if (stored && current) replaced = [current.mediaKey, current.posterKey];
      return { offerId, created: !current };
    });
  } catch (error) {
    if (stored) await removeStoredFiles(deps, stored.keys);
    throw error;
  }
  await removeStoredFiles(deps, replaced);
  return saved;
}

const mediaRequired = () => new AppError('media_required', texts.validation.mediaRequired, 'media');

/**
 * Creates or edits the person's own offer. Media is required unless the offer already has some;
 * every save puts the offer back to awaiting approval.
 */
export async function saveOwnOffer(options: {
  deps: AppDeps;
  actor: Actor;
  input: OfferInput;
  file: UploadedMedia | null;
  media: MediaWork;
}): Promise<{ offer: OwnOffer; message: string }> {
  const { deps, actor, input, file } = options;
  const { offerId, created } = await saveOffer(deps, options.media, {
    ownerId: actor.id,
    uploaderId: actor.id,
    offer: input,
    file,
    approved: false,
    check: (current, withNewMedia) => {
      if (!withNewMedia && !current?.mediaKey) throw mediaRequired();
    },
  });
  const row = await findOfferCard(deps.database.db, offerId);
  if (!row) throw notFound(offerTexts.notFound);
  const message = input.isPaidOffer ? offerTexts.paidSubmitted : created ? offerTexts.posted : offerTexts.updated;
  return { offer: toOwnOffer(toFeedOffer(row)), message };
}
