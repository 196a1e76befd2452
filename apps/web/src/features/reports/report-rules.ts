/**
 * The pure rules of reporting on the web: who may report what, what is wrong with a report before it
 * is sent, and how a moderation decision reads (the rule it names, how long a suspension lasts).
 */
import {
  formatDate,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  reportsTexts,
  type ModerationActionKind,
  type ReportReason,
} from '@gigreel/core';

/** The reasons in the order core lists them. */
export const REASONS = Object.keys(REPORT_REASONS) as ReportReason[];

/** Only a signed-in viewer reports, and never their own content (the server refuses it: reportsTexts.ownContent). */
export function canReport(viewerId: string | null | undefined, ownerId: string | null | undefined): boolean {
  return !!viewerId && viewerId !== ownerId;
}

/** What is wrong with a report before it is sent, by field; null when it may be sent. */
export function checkReport(reason: ReportReason | null, note: string): { reason?: string; note?: string } | null {
  const errors: { reason?: string; note?: string } = {};
  if (!reason) errors.reason = reportsTexts.chooseReason;
  if (note.trim().length > REPORT_NOTE_MAX) errors.note = reportsTexts.tooLong;
  return errors.reason || errors.note ? errors : null;
}

/** A rule's label; a rule the web app does not know (added on the server later) reads as it is. */
export function ruleLabel(rule: string): string {
  return Object.hasOwn(REPORT_REASONS, rule) ? REPORT_REASONS[rule as ReportReason] : rule;
}

/** How long a suspension lasts ("until Mar 4, 2026", or "For good"); null for any other action. */
export function suspensionEnd(kind: ModerationActionKind, until: string | null): string | null {
  if (kind !== 'suspend') return null;
  return until ? reportsTexts.until(formatDate(until)) : reportsTexts.forGood;
}
