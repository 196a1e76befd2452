/**
 * Private job status (SPEC section 4): pending -> accepted or declined, by the recipient only.
 * Accepting is for a pending job; declining stays possible until the job is delivered, paid or not:
 * a buyer's "paid" (their word alone, with a budget they chose) must not bind the designer to the work.
 */
import type { JobStatus } from './constants.ts';
import { jobsTexts } from './jobs.texts.ts';

export type JobDecision = 'accepted' | 'declined';
export type JobMoveDecision = { ok: true; to: JobDecision } | { ok: false; reason: 'role' | 'state'; message: string };

const decidableFrom: Record<JobDecision, readonly JobStatus[]> = {
  accepted: ['pending'],
  declined: ['pending', 'accepted'],
};

export function decideJobMove(status: JobStatus, isRecipient: boolean, to: JobDecision): JobMoveDecision {
  if (!isRecipient) return { ok: false, reason: 'role', message: jobsTexts.onlyRecipient };
  if (!decidableFrom[to].includes(status)) return { ok: false, reason: 'state', message: jobsTexts.notPending(status) };
  return { ok: true, to };
}

/** The statuses a decision may start from, for the screens. */
export function canDecideJob(status: JobStatus, to: JobDecision): boolean {
  return decidableFrom[to].includes(status);
}
