/**
 * One status palette for every order, job and offer state on every screen (orders list, order page,
 * job requests, jobs sent, admin disputes, the offer awaiting approval): what a state means to the
 * person decides its colour, never the screen it is on.
 *   awaiting  amber  someone has to act before it moves (payment, the designer, an approval)
 *   progress  blue   under way (paid, accepted, delivered and waiting for the buyer's word)
 *   done      green  finished well
 *   ended     grey   finished without happening (cancelled, declined)
 *   problem   red    a problem is reported
 */
import type { JobStatus, OrderStatus } from '@gigreel/core';

export type StatusTone = 'awaiting' | 'progress' | 'done' | 'ended' | 'problem';

const orderTones: Record<OrderStatus, StatusTone> = {
  awaiting_payment: 'awaiting',
  paid: 'progress',
  delivered: 'progress',
  completed: 'done',
  cancelled: 'ended',
  disputed: 'problem',
};

const jobTones: Record<JobStatus, StatusTone> = {
  pending: 'awaiting',
  accepted: 'progress',
  delivered: 'progress',
  declined: 'ended',
};

/** An order's tone; a private job's order reads as its job while the designer has not said yes (orderStatusLabel). */
export function orderTone(status: OrderStatus, jobStatus?: JobStatus | null): StatusTone {
  if (jobStatus === 'declined' && status === 'cancelled') return 'ended';
  return orderTones[status];
}

export function jobTone(status: JobStatus): StatusTone {
  return jobTones[status];
}

/** Solid pills: they read the same on a card, a dialog or over an offer's picture. */
export const toneClass: Record<StatusTone, string> = {
  awaiting: 'bg-amber-300 text-amber-950',
  progress: 'bg-sky-300 text-sky-950',
  done: 'bg-emerald-300 text-emerald-950',
  ended: 'bg-zinc-600 text-zinc-50',
  problem: 'bg-red-600 text-white',
};
