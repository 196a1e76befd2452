/**
 * The Disputes tab's words and rules. Its words live here rather than in core's adminTexts (the
 * server never says them); what both sides read comes from core's ordersTexts. Kept apart from the
 * tab's components so the dashboard's first chunk, which names the tab, carries only these.
 */
import {
  DISPUTE_OUTCOMES,
  ordersTexts,
  resolveDisputeInput,
  type DisputeOutcome,
  type OrderParty,
  type OrderProblem,
} from '@gigreel/core';
import { isConflict } from '../../api/client.ts';

export const disputesTexts = {
  tab: 'Disputes',
  heading: 'Open disputes',
  intro: 'The longest waiting first. Open one to read its history, messages and files, then decide.',
  empty: 'No open disputes',
  fetchFailed: 'Failed to fetch disputes',
  more: { show: 'Show more disputes', loading: 'Loading more disputes…' },
  refresh: 'Refresh',
  open: 'Open',
  openLabel: (title: string) => `Open dispute on ${title}`,
  buyer: 'Buyer',
  seller: 'Seller',
  price: 'Price',
  status: 'Status',
  unknown: 'Deleted account',
  problem: 'Problem',
  dialogTitle: 'Dispute',
  loadingOrder: 'Loading order',
  tryAgain: 'Try again',
  resolveHeading: 'Resolve this dispute',
  resolution: 'Resolution',
  outcomeHints: {
    complete: 'The order completes, as if the buyer had accepted the delivery.',
    cancel: 'The order is cancelled; any refund happens outside GigReel.',
    redeliver: 'The order goes back to the seller, who delivers again.',
  } satisfies Record<DisputeOutcome, string>,
  chooseOutcome: 'Please choose how to resolve the dispute.',
  submit: 'Resolve dispute',
  confirmQuestion: 'Both sides are told, with your note. This cannot be undone.',
  resolveFailed: 'Failed to resolve the dispute',
  noLongerOpen: 'This dispute is no longer open.',
  back: 'Back to disputes',
} as const;

export const OUTCOMES = Object.keys(DISPUTE_OUTCOMES) as DisputeOutcome[];

export const partyName = (party: OrderParty) => party?.displayName ?? disputesTexts.unknown;

/** "Reported by the buyer", or "Filed by an admin" (a suspension sends the person's open orders here). */
export const reportedByText = (by: OrderProblem['reportedBy']) => ordersTexts.problem.reportedBy[by];

/**
 * What is wrong with a resolution before it is sent, by field: no outcome chosen, or a note the
 * server would refuse (the same rule as the server's: required, at most 1000 characters, no markup).
 */
export function checkResolution(
  outcome: DisputeOutcome | null,
  note: string,
): { outcome?: string; note?: string } | null {
  const errors: { outcome?: string; note?: string } = {};
  if (!outcome) errors.outcome = disputesTexts.chooseOutcome;
  const parsed = resolveDisputeInput.shape.note.safeParse(note);
  if (!parsed.success) errors.note = parsed.error.issues[0]?.message ?? ordersTexts.problem.noteRequired;
  return errors.outcome || errors.note ? errors : null;
}

/** The server refused because the order is no longer disputed (another admin, or a party, acted first). */
export const isNoLongerDisputed = isConflict;
