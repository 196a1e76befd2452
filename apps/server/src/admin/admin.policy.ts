/** Who may do what in the admin dashboard, decided in one place. Being admin is checked by requireAdmin. */
import { adminTexts, AppError, badRequest, forbidden } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';

/** Admins are managed with the admin:grant command, never deleted or impersonated from the dashboard. */
export function assertMayDeleteCreator(actor: Actor, target: { id: string; isAdmin: boolean }): void {
  if (target.id === actor.id || target.isAdmin) throw forbidden(adminTexts.creators.cannotDeleteAdmin);
}

export function assertMayImpersonate(actor: Actor, target: { id: string; isAdmin: boolean }): void {
  if (target.id === actor.id) throw badRequest(adminTexts.impersonation.cannotImpersonateAdmin);
  if (target.isAdmin) throw forbidden(adminTexts.impersonation.cannotImpersonateAdmin);
}

/** Each creator has one offer (SPEC section 3). */
export function assertMayReceiveGig(existingOfferId: string | null): void {
  if (existingOfferId) throw new AppError('creator_has_offer', adminTexts.gigs.creatorHasOffer);
}
