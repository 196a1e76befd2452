/** Who may do what in the admin dashboard, decided in one place. Being admin is checked by requireAdmin. */
import { adminTexts } from '@gigreel/core';
import { AppError, badRequest, forbidden } from '../http/errors.ts';

/** Admins are managed with the admin:grant command, never deleted or impersonated from the dashboard. */
export function assertMayDeleteCreator(actorId: string, target: { id: string; isAdmin: boolean }): void {
  if (target.id === actorId || target.isAdmin) throw forbidden(adminTexts.creators.cannotDeleteAdmin);
}

export function assertMayImpersonate(actorId: string, target: { id: string; isAdmin: boolean }): void {
  if (target.id === actorId) throw badRequest(adminTexts.impersonation.cannotImpersonateAdmin);
  if (target.isAdmin) throw forbidden(adminTexts.impersonation.cannotImpersonateAdmin);
}

/** Each creator has one offer (SPEC section 3). */
export function assertMayReceiveGig(existingOfferId: string | null): void {
  if (existingOfferId) throw new AppError(409, 'creator_has_offer', adminTexts.gigs.creatorHasOffer);
}
