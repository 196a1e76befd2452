/**
 * Who may change an account: only its person. An admin using the app as someone (impersonation) acts
 * as them everywhere else, but never changes their password, email or devices, downloads their data
 * or deletes their account; and an admin's own account is not deleted from here.
 */
import { accountTexts, forbidden } from '@gigreel/core';
import type { SessionViewer } from '../auth/index.ts';

export function assertOwnSession(actor: SessionViewer): void {
  if (actor.impersonatedBy) throw forbidden(accountTexts.notWhileImpersonating);
}

export function assertMayDeleteOwnAccount(actor: SessionViewer): void {
  assertOwnSession(actor);
  if (actor.isAdmin) throw forbidden(accountTexts.delete.adminCannot);
}
