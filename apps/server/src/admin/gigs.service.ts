/**
 * Gigs from the dashboard: the admin creates a gig for any creator who has none yet, edits and
 * deletes any gig. Creating and editing go through the offers service (saveOffer), so an admin's upload
 * is checked, processed and stored exactly like a creator's. Admin-made gigs are approved (the admin is
 * the reviewer); an admin edit keeps the approval as it is.
 * Approval names the version the admin reviewed, so an edit made after the admin opened the gig is
 * never approved unseen.
 */
import {
  adminTexts,
  offerTexts,
  type AdminGig,
  type GigFormOutput,
  AppError,
  badRequest,
  notFound,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { AppDeps } from '../deps.ts';
import { createNotification } from '../notifications/index.ts';
import { markApproved, saveOffer, type MediaWork, type OfferSave, type UploadedMedia } from '../offers/index.ts';
import { removeStoredFiles } from '../platform/unclaimed-files.ts';
import { assertMayReceiveGig } from './admin.policy.ts';
import { deleteGig, findCreator, findGig, lockGigForApproval } from './admin.queries.ts';

/** The dashboard's gig form, parsed, with its optional upload and who sends it. */
export type GigSave = {
  deps: AppDeps;
  actor: Actor;
  input: GigFormOutput;
  file: UploadedMedia | null;
  media: MediaWork;
};

/** The admin form's fields as the offer they write (SPEC's admin rules: link kept when paid, blank hashtags keep the tags). */
function offerOf(input: GigFormOutput): OfferSave['offer'] {
  const {
    title,
    link,
    isPaidOffer,
    pricePence,
    paypalLink,
    purchaseNote,
    description,
    musicTrackName,
    musicCreditLink,
    tags,
  } = input;
  return {
    title,
    link,
    isPaidOffer,
    pricePence,
    paypalLink,
    purchaseNote,
    description,
    musicTrackName,
    musicCreditLink,
    tags,
  };
}

/** A gig for a creator who has none yet; approved, since the admin is the reviewer. Media is optional. */
export async function createGig({ deps, actor, input, file, media }: GigSave): Promise<AdminGig> {
  const creatorId = input.userId;
  if (!creatorId) throw badRequest(adminTexts.gigs.creatorRequired, 'userId');
  const { db } = deps.database;
  if (!(await findCreator(db, creatorId))) throw notFound(adminTexts.creators.notFound);
  const { offerId } = await saveOffer(deps, media, {
    ownerId: creatorId,
    uploaderId: actor.id,
    offer: offerOf(input),
    file,
    approved: true,
    check: (current) => assertMayReceiveGig(current?.id ?? null),
  });
  return (await findGig(db, offerId))!;
}

/** Any gig; the approval stays as it is (the version moves on, so a pending approval names what changed). */
export async function editGig({ deps, actor, id, input, file, media }: GigSave & { id: string }): Promise<AdminGig> {
  const { db } = deps.database;
  const existing = await findGig(db, id);
  if (!existing) throw notFound(adminTexts.gigs.notFound);
  await saveOffer(deps, media, {
    ownerId: existing.creator.id,
    uploaderId: actor.id,
    offer: offerOf(input),
    file,
    check: (current) => {
      // Deleted (or replaced by another) since it was read: there is nothing of this id to edit.
      if (current?.id !== id) throw notFound(adminTexts.gigs.notFound);
    },
  });
  return (await findGig(db, id))!;
}

/** Orders keep their own title and price; messages keep the title they were sent with. Returns what was deleted. */
export async function removeGig({ deps, id }: { deps: AppDeps; actor: Actor; id: string }): Promise<AdminGig> {
  const gig = await findGig(deps.database.db, id);
  if (!gig) throw notFound(adminTexts.gigs.notFound);
  const removed = await deps.database.db.transaction(async (tx) => deleteGig(tx, id));
  if (!removed) throw notFound(adminTexts.gigs.notFound);
  await removeStoredFiles(deps, removed.files);
  return gig;
}

/**
 * Approves the version the admin reviewed: the offer appears in the feed and its owner is told, in
 * one transaction. A different version (the creator edited it since) is refused with 409, and the
 * dashboard then shows the version to review. Approving an approved version again changes nothing.
 */
export async function approveGig({
  deps,
  id,
  reviewedVersion,
}: {
  deps: AppDeps;
  actor: Actor;
  id: string;
  reviewedVersion: number;
}): Promise<AdminGig> {
  const { db } = deps.database;
  const outcome = await db.transaction(async (tx) => {
    const current = await lockGigForApproval(tx, id);
    if (!current) return 'missing';
    if (current.version !== reviewedVersion) return 'changed';
    if (current.isApproved) return 'approved';
    await markApproved(tx, id);
    await createNotification(tx, {
      userId: current.userId,
      kind: 'offer_approved',
      title: offerTexts.offerApprovedTitle,
      body: offerTexts.offerApprovedBody(current.title),
      link: `/offer/${id}`,
    });
    return 'approved';
  });
  if (outcome === 'changed') throw new AppError('offer_changed', adminTexts.gigs.changedSinceOpened);
  const gig = outcome === 'approved' ? await findGig(db, id) : null;
  if (!gig) throw notFound(adminTexts.gigs.notFound);
  return gig;
}
