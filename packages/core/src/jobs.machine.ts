/**
 * Private job status (SPEC section 4): pending -> accepted or declined, by the recipient only, only while
 * pending. A job the buyer has already paid for (its order moved past awaiting payment) can still be
 * accepted but no longer declined: the buyer would have paid for work refused.
 */
import type { JobStatus } from './constants.ts';
import { jobsTexts } from './jobs.texts.ts';

export type JobDecision = 'accepted' | 'declined';
export type JobMoveDecision = { ok: true; to: JobDecision } | { ok: false; reason: 'role' | 'state'; message: string };

export function decideJobMove(status: JobStatus, isRecipient: boolean, to: JobDecision, paidFor = false): JobMoveDecision {
  if (!isRecipient) return { ok: false, reason: 'role', message: jobsTexts.onlyRecipient };
  if (status !== 'pending') return { ok: false, reason: 'state', message: jobsTexts.notPending(status) };
  if (to === 'declined' && paidFor) return { ok: false, reason: 'state', message: jobsTexts.paidCannotDecline };
  return { ok: true, to };
}

/** Job status badge: pending outline, accepted default, delivered secondary, declined destructive. */
export function jobBadgeVariant(status: string): 'default' | 'secondary' | 'outline' | 'destructive' {
  if (status === 'accepted') return 'default';
  if (status === 'delivered') return 'secondary';
  if (status === 'declined') return 'destructive';
  return 'outline';
}
