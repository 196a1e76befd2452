/**
 * Gigs from the dashboard: the admin creates a gig for any creator who has none yet, edits and
 * deletes any gig. Media are stored under keys the server chooses; a failed write removes the file.
 * Admin-made gigs are approved (the admin is the reviewer); an admin edit keeps the approval as it is.
 * Approval names the version the admin reviewed, so an edit made after the admin opened the gig is
 * never approved unseen.
 */
import { createReadStream } from 'node:fs';
import { adminTexts, gigFormSchema, offerTexts, rankScore, type AdminGig } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { AppError, badRequest, notFound, parse } from '../http/errors.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import type { DetectedFile, ReceivedFile, ReceivedUpload } from '../platform/uploads.ts';
import { assertMayReceiveGig } from './admin.policy.ts';
import { deleteGig, findGig, findUserName, insertGig, lockGigForApproval, offerIdOfUser, setGigApproved, setGigTags, updateGig, type GigValues } from './admin.queries.ts';
import { removeFiles } from './files.ts';

/** Only kinds the media route serves (it serves by extension, always with nosniff). */
const SERVABLE: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
export const acceptGigMedia = (detected: DetectedFile | undefined): DetectedFile | null =>
  detected && SERVABLE[detected.ext] === detected.mime ? detected : null;

export async function storeGigMedia(deps: AppDeps, ownerKey: string, file: ReceivedFile): Promise<{ key: string; type: string }> {
  const key = `offers/${ownerKey}/${deps.clock.now().getTime()}-${Math.random().toString(36).slice(2, 8)}.${file.ext}`;
  await deps.storage.put(key, createReadStream(file.tempPath), file.mime);
  return { key, type: file.mime };
}

function values(input: ReturnType<typeof gigFormSchema.parse>): GigValues {
  const { title, link, isPaidOffer, pricePence, paypalLink, purchaseNote, description, musicTrackName, musicCreditLink } = input;
  return { title, link, isPaidOffer, pricePence, paypalLink, purchaseNote, description, musicTrackName, musicCreditLink };
}

export async function createGig(deps: AppDeps, upload: ReceivedUpload): Promise<AdminGig> {
  const input = parse(gigFormSchema, upload.fields);
  if (!input.userId) throw badRequest(adminTexts.gigs.creatorRequired, 'userId');
  const { db } = deps.database;
  if (!(await findUserName(db, input.userId))) throw notFound(adminTexts.creators.notFound);
  assertMayReceiveGig(await offerIdOfUser(db, input.userId));
  const file = upload.files[0];
  const media = file ? await storeGigMedia(deps, input.userId, file) : null;
  const now = deps.clock.now();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const offerId = await insertGig(tx, { ...values(input), userId: input.userId!, media, now, rankScore: rankScore({ boosts: 0, favorites: 0, reactions: 0, shares: 0 }, now) });
      if (input.tags) await setGigTags(tx, offerId, input.tags);
      return offerId;
    });
  } catch (error) {
    if (media) await removeFiles(deps, [media.key]);
    // Two requests racing for the same creator: the one-offer-per-user index lets one win.
    if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505') assertMayReceiveGig('taken');
    throw error;
  }
  return (await findGig(db, id))!;
}

export async function editGig(deps: AppDeps, id: string, upload: ReceivedUpload): Promise<AdminGig> {
  const input = parse(gigFormSchema, upload.fields);
  const { db } = deps.database;
  const existing = await findGig(db, id);
  if (!existing) throw notFound(adminTexts.gigs.notFound);
  const file = upload.files[0];
  const media = file ? await storeGigMedia(deps, existing.creator.id, file) : null;
  try {
    await db.transaction(async (tx) => {
      await updateGig(tx, id, { ...values(input), media, now: deps.clock.now() });
      if (input.tags) await setGigTags(tx, id, input.tags);
    });
  } catch (error) {
    if (media) await removeFiles(deps, [media.key]);
    throw error;
  }
  if (media) await removeFiles(deps, [existing.mediaKey, existing.posterKey].filter((key): key is string => !!key));
  return (await findGig(db, id))!;
}

/** Orders keep their own title and price; messages keep the title they were sent with. Returns what was deleted. */
export async function removeGig(deps: AppDeps, id: string): Promise<AdminGig> {
  const gig = await findGig(deps.database.db, id);
  if (!gig) throw notFound(adminTexts.gigs.notFound);
  const removed = await deps.database.db.transaction(async (tx) => deleteGig(tx, id));
  if (!removed) throw notFound(adminTexts.gigs.notFound);
  await removeFiles(deps, removed.files);
  return gig;
}

/**
 * Approves the version the admin reviewed: the offer appears in the feed and its owner is told, in
 * one transaction. A different version (the creator edited it since) is refused with 409, and the
 * dashboard then shows the version to review. Approving an approved version again changes nothing.
 */
export async function approveGig(deps: AppDeps, id: string, reviewedVersion: number): Promise<AdminGig> {
  const { db } = deps.database;
  const outcome = await db.transaction(async (tx) => {
    const current = await lockGigForApproval(tx, id);
    if (!current) return 'missing';
    if (current.version !== reviewedVersion) return 'changed';
    if (current.isApproved) return 'approved';
    await setGigApproved(tx, id);
    await createNotification(tx, { userId: current.userId, kind: 'offer_approved', title: offerTexts.offerApprovedTitle, body: offerTexts.offerApprovedBody(current.title), link: `/offer/${id}` });
    return 'approved';
  });
  if (outcome === 'changed') throw new AppError(409, 'offer_changed', adminTexts.gigs.changedSinceOpened);
  const gig = outcome === 'approved' ? await findGig(db, id) : null;
  if (!gig) throw notFound(adminTexts.gigs.notFound);
  return gig;
}
