/**
 * Posting, editing and reading offers (approval is the admin's: admin/gigs.service.ts). Media is
 * processed and stored before the one short transaction that writes the row (never a transaction
 * across processing); a failed save deletes the files it stored, and a replaced offer's old files
 * are deleted after the commit.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { offerTexts, rankScore, texts, type CreatorPage, type FeedOffer, type OfferInput, type OwnOffer } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { MediaRejectedError, type MediaProcessor } from '../platform/media.ts';
import { withMediaSlot } from '../platform/media-slots.ts';
import {
  findCreator, findOfferCard, findOfferCardByUser, findOfferMediaByUser, lockOwnOffer, replaceOfferTags, toFeedOffer, writeOwnOffer,
  type OfferMediaValues,
} from './offers.queries.ts';
import { canSeeOffer, type Actor } from './offers.policy.ts';

export type UploadedMedia = { tempPath: string; mime: string };

const toOwnOffer = (offer: FeedOffer): OwnOffer => ({ ...offer, deliveryMethod: 'file_upload' });

export async function getOwnOffer(deps: AppDeps, actor: NonNullable<Actor>): Promise<OwnOffer | null> {
  const row = await findOfferCardByUser(deps.database.db, actor.id);
  return row ? toOwnOffer(toFeedOffer(row)) : null;
}

export async function getOffer(deps: AppDeps, actor: Actor, offerId: string): Promise<FeedOffer> {
  const row = await findOfferCard(deps.database.db, offerId);
  if (!row || !canSeeOffer(actor, row)) throw notFound(offerTexts.notFound);
  return toFeedOffer(row);
}

/** A creator and their one offer, when the viewer may see it. */
export async function getCreatorPage(deps: AppDeps, actor: Actor, userId: string): Promise<CreatorPage> {
  const creator = await findCreator(deps.database.db, userId);
  if (!creator) throw notFound(offerTexts.creatorNotFound);
  const row = await findOfferCardByUser(deps.database.db, userId);
  return {
    creator: { id: creator.id, displayName: creator.displayName, profileImage: creator.profileImage, bio: creator.bio, joinedAt: new Date(creator.createdAt).toISOString() },
    offer: row && canSeeOffer(actor, row) ? toFeedOffer(row) : null,
  };
}

/** Stores processed media under keys the server chooses; returns what the row needs and every key written. */
async function storeMedia(deps: AppDeps, media: MediaProcessor, actor: NonNullable<Actor>, file: UploadedMedia, workDir: string): Promise<{ values: OfferMediaValues; keys: string[] }> {
  const name = `${deps.clock.now().getTime()}-${randomBytes(4).toString('hex')}`;
  let processed;
  try {
    processed = await withMediaSlot(deps, actor.id, () => media.process({ path: file.tempPath, mime: file.mime }, workDir, name));
  } catch (error) {
    if (error instanceof MediaRejectedError) throw new AppError(error.status, error.status === 415 ? 'invalid_file_type' : 'media_too_long_or_large', error.userMessage, 'media');
    throw error;
  }
  const keys: string[] = [];
  try {
    const mediaKey = `offers/${actor.id}/${name}.${processed.media.ext}`;
    keys.push(mediaKey);
    await deps.storage.put(mediaKey, createReadStream(processed.media.path), processed.media.contentType);
    let posterKey: string | null = null;
    if (processed.poster) {
      posterKey = `offers/${actor.id}/${name}.poster.${processed.poster.ext}`;
      keys.push(posterKey);
      await deps.storage.put(posterKey, createReadStream(processed.poster.path), processed.poster.contentType);
    }
    return { values: { mediaKey, mediaType: processed.media.contentType, posterKey }, keys };
  } catch (error) {
    await deleteKeys(deps, keys);
    throw error;
  } finally {
    await rm(processed.media.path, { force: true });
    if (processed.poster) await rm(processed.poster.path, { force: true });
  }
}

async function deleteKeys(deps: AppDeps, keys: Array<string | null | undefined>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not delete a stored file');
    }
  }
}

/**
 * Creates or edits the person's one offer (SPEC sections 4 and 5). Media is required unless the
 * offer already has some; every save puts the offer back to awaiting approval.
 */
export async function saveOwnOffer(
  deps: AppDeps,
  options: { actor: NonNullable<Actor>; input: OfferInput; file: UploadedMedia | null; media: MediaProcessor; workDir: string },
): Promise<{ offer: OwnOffer; message: string }> {
  const { actor, input, file } = options;
  const before = await findOfferMediaByUser(deps.database.db, actor.id);
  if (!file && !before?.mediaKey) throw new AppError(400, 'media_required', texts.validation.mediaRequired, 'media');

  const stored = file ? await storeMedia(deps, options.media, actor, file, options.workDir) : null;
  let replaced: Array<string | null> = [];
  let created = false;
  let offerId: string;
  try {
    offerId = await deps.database.db.transaction(async (tx) => {
      await lockOwnOffer(tx, actor.id);
      const current = await findOfferMediaByUser(tx, actor.id);
      if (!stored && !current?.mediaKey) throw new AppError(400, 'media_required', texts.validation.mediaRequired, 'media');
      const now = deps.clock.now();
      const id = await writeOwnOffer(tx, {
        userId: actor.id,
        existingId: current?.id ?? null,
        offer: input,
        media: stored?.values ?? null,
        now,
        rankScore: rankScore({ boosts: 0, favorites: 0, reactions: 0, shares: 0 }, now),
      });
      await replaceOfferTags(tx, id, input.tags);
      created = !current;
      if (stored && current) replaced = [current.mediaKey, current.posterKey];
      return id;
    });
  } catch (error) {
    if (stored) await deleteKeys(deps, stored.keys);
    throw error;
  }
  await deleteKeys(deps, replaced);

  const row = await findOfferCard(deps.database.db, offerId);
  if (!row) throw notFound(offerTexts.notFound);
  const message = input.isPaidOffer ? offerTexts.paidSubmitted : created ? offerTexts.posted : offerTexts.updated;
  return { offer: toOwnOffer(toFeedOffer(row)), message };
}

