/** The pure rules of reporting on the web: who may report what, and what is wrong with a report before it is sent. */
import { REPORT_NOTE_MAX, REPORT_REASONS, reportsTexts, type ReportReason } from '@gigreel/core';

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
