/**
 * The Reports tab's words and rules (issue 17). What the server also says (the tab's name, the
 * queue's title, the actions) comes from core's reportsTexts; the rest lives here, the way the
 * Disputes tab keeps its own.
 */
import {
  APPEAL_OUTCOMES,
  decideAppealInput,
  MODERATION_ACTIONS,
  REPORT_NOTE_MAX,
  reportsTexts,
  SUSPENSION_DAYS,
  type AppealOutcome,
  type AppealStatus,
  type ModerationEntry,
  type ReportCase,
  type ReportKind,
} from '@gigreel/core';
import { isConflict } from '../../api/client.ts';
import { dateAndTime } from '../orders/index.ts';
import { ruleLabel } from '../reports/index.ts';

export const reportsTabTexts = {
  intro:
    'Every open report of one thing is one case: payment links first, then the most reported. The text is as it was first reported.',
  fetchFailed: 'Failed to fetch reports',
  more: { show: 'Show more reports', loading: 'Loading more reports…' },
  refresh: 'Refresh',
  kinds: { offer: 'Offer', creator: 'Creator', message: 'Message' } satisfies Record<ReportKind, string>,
  owner: 'Owner',
  unknownOwner: 'Deleted account',
  suspendedBadge: 'Suspended',
  reasons: 'Reasons',
  notes: 'Notes from reporters',
  lastReported: 'Last reported',
  dismissTitle: 'Dismiss this report?',
  dismissQuestion: 'Nothing is hidden; the reporters are told an admin looked at it.',
  dismissSimilarQuestion: 'Nothing is hidden; every reporter is told an admin looked at it.',
  dismissFailed: 'Failed to dismiss the report',
  hideFailed: 'Failed to hide the offer',
  suspendFailed: 'Failed to suspend the account',
  cancel: 'Cancel',
  appealStatus: {
    pending: 'appeal waiting',
    upheld: 'kept on appeal',
    reversed: 'undone on appeal',
  } satisfies Record<Exclude<AppealStatus, 'none'>, string>,
} as const;

/** The appeals section's words (above the cases in the Reports tab). */
export const appealsTexts = {
  intro: 'People asking to change a decision, the longest waiting first. Decide each with an answer they read.',
  fetchFailed: 'Failed to fetch appeals',
  loading: 'Loading appeals',
  more: { show: 'Show more appeals', loading: 'Loading more appeals…' },
  offer: 'Offer',
  decided: 'Decided',
  length: 'How long',
  adminNote: 'Why, as the person was told',
  appeal: 'Their appeal',
  decide: 'Decide',
  decideLabel: (name: string) => `Decide the appeal from ${name}`,
  dialogTitle: 'Decide the appeal',
  outcome: 'Decision',
  chooseOutcome: 'Please choose whether to keep the decision or undo it.',
  submit: 'Send decision',
  decideFailed: 'Failed to decide the appeal',
} as const;

export const ownerName = (owner: ReportCase['owner']) => owner?.displayName ?? reportsTabTexts.unknownOwner;

/**
 * What is wrong with the "why" of a hidden offer or a suspension before it is sent (the person reads
 * it): required, at most 500 characters.
 */
export function checkWhy(note: string): string | null {
  const trimmed = note.trim();
  if (!trimmed) return reportsTexts.whyRequired;
  if (trimmed.length > REPORT_NOTE_MAX) return reportsTexts.tooLong;
  return null;
}

/** The server refused because the case was already handled (another admin acted first). */
export const isAlreadyHandled = isConflict;

/** The owner can be suspended from this case: there is one, and they are not suspended already. */
export const canSuspend = (reportCase: ReportCase) => reportCase.owner !== null && !reportCase.ownerSuspended;

/** How long a suspension lasts, as the "Suspend for" choices: the days core allows, then for good (null). */
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number] | null;
export const SUSPEND_FOR: ReadonlyArray<{ value: string; label: string; days: SuspensionDays }> = [
  ...SUSPENSION_DAYS.map((days) => ({ value: String(days), label: reportsTexts.days(days), days })),
  { value: 'forever', label: reportsTexts.forGood, days: null },
];

/** One line of a person's record: "Account suspended · Spam · Mar 4, 2026 3:07 PM · appeal waiting". */
export function historyLine(entry: ModerationEntry): string {
  const parts = [MODERATION_ACTIONS[entry.kind], ruleLabel(entry.rule), dateAndTime(entry.at)];
  if (entry.appealStatus !== 'none') parts.push(reportsTabTexts.appealStatus[entry.appealStatus]);
  return parts.join(' · ');
}

export const OUTCOMES = Object.keys(APPEAL_OUTCOMES) as AppealOutcome[];

/**
 * What is wrong with an appeal's decision before it is sent, by field: no outcome chosen, or an
 * answer the server would refuse (its own rule: required, at most 500 characters, no markup).
 */
export function checkDecision(outcome: AppealOutcome | null, note: string): { outcome?: string; note?: string } | null {
  const errors: { outcome?: string; note?: string } = {};
  if (!outcome) errors.outcome = appealsTexts.chooseOutcome;
  const parsed = decideAppealInput.shape.note.safeParse(note);
  if (!parsed.success) errors.note = parsed.error.issues[0]?.message ?? reportsTexts.replyRequired;
  return errors.outcome || errors.note ? errors : null;
}

/** The server refused because the appeal was already decided (another admin acted first). */
export const isAlreadyDecided = isConflict;
