/**
 * The Reports tab's words and rules (issue 17). What the server also says (the tab's name, the
 * queue's title, the actions) comes from core's reportsTexts; the rest lives here, the way the
 * Disputes tab keeps its own.
 */
import { REPORT_NOTE_MAX, reportsTexts, type ReportCase, type ReportKind } from '@gigreel/core';
import { isConflict } from '../../api/client.ts';

export const reportsTabTexts = {
  intro: 'Every open report of one thing is one case, most reported first. The text is as it was first reported.',
  fetchFailed: 'Failed to fetch reports',
  more: { show: 'Show more reports', loading: 'Loading more reports…' },
  refresh: 'Refresh',
  kinds: { offer: 'Offer', creator: 'Creator', message: 'Message' } satisfies Record<ReportKind, string>,
  owner: 'Owner',
  unknownOwner: 'Deleted account',
  reasons: 'Reasons',
  notes: 'Notes from reporters',
  lastReported: 'Last reported',
  dismissTitle: 'Dismiss this report?',
  dismissQuestion: 'Nothing is hidden; the reporters are told an admin looked at it.',
  dismissFailed: 'Failed to dismiss the report',
  hideFailed: 'Failed to hide the offer',
  cancel: 'Cancel',
} as const;

export const ownerName = (owner: ReportCase['owner']) => owner?.displayName ?? reportsTabTexts.unknownOwner;

/** What is wrong with the "why" of a hidden offer before it is sent (the creator reads it): required, at most 500 characters. */
export function checkHideNote(note: string): string | null {
  const trimmed = note.trim();
  if (!trimmed) return reportsTexts.whyRequired;
  if (trimmed.length > REPORT_NOTE_MAX) return reportsTexts.tooLong;
  return null;
}

/** The server refused because the case was already handled (another admin acted first). */
export const isAlreadyHandled = isConflict;
