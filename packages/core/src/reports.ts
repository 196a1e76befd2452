/**
 * Reporting what breaks the rules, and the admins' queue of reports (issue 17). A report concerns an
 * offer, a creator or a message; every open report of one thing is one case in the queue, kept with
 * the content as it was first reported (a later edit cannot hide it). Reporting the same thing again
 * adds to one's first report. Routes:
 *   POST /api/reports                      { kind, id, reason, note? } -> { message }
 *   GET  /api/admin/reports?cursor=        open cases, most reported first, then newest -> ReportCaseList
 *   POST /api/admin/reports/:id/dismiss    { note? } -> { message }
 *   POST /api/admin/reports/:id/hide       { rule, note } (an offer's case) -> { message }: out of the feed
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { plainText, textInput } from './text-input.ts';

export const REPORT_REASONS = {
  scam: 'Scam or fraud',
  misleading: 'Misleading offer',
  spam: 'Spam',
  harassment: 'Harassment',
  hateful: 'Hateful or violent content',
  sexual: 'Sexual content',
  ip: 'Intellectual property',
  payment_link: 'Suspicious payment link',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_KINDS = ['offer', 'creator', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_NOTE_MAX = 500;

export const reportsTexts = {
  report: 'Report',
  title: { offer: 'Report this offer', creator: 'Report this creator', message: 'Report this message' },
  body: 'Tell us what is wrong. An admin looks at every report; the person you report is not told who reported them.',
  reason: 'Reason',
  chooseReason: 'Please choose a reason.',
  note: 'Anything else we should know? (optional)',
  tooLong: `Please keep it under ${REPORT_NOTE_MAX} characters.`,
  send: 'Send report',
  sent: 'Thank you. An admin will look at your report.',
  added: 'Thank you. We added this to your earlier report.',
  notFound: 'There is nothing to report here any more.',
  ownContent: 'You cannot report yourself.',
  // the admins' queue
  tab: 'Reports',
  queueTitle: 'Open reports',
  none: 'No open reports',
  reports: (count: number) => (count === 1 ? '1 report' : `${count} reports`),
  dismiss: 'Dismiss',
  hide: 'Hide offer',
  rule: 'Rule broken',
  why: 'Why (the creator reads this)',
  whyRequired: 'Please say why, for the creator.',
  dismissed: 'Report dismissed. The reporters have been told.',
  hidden: 'Offer hidden. The creator and the reporters have been told.',
  onlyOffers: 'Only an offer can be hidden.',
  closed: 'This report has already been handled.',
  notification: {
    handled: 'Your report was handled',
    handledBody: (what: string) => `Thank you for reporting ${what}. An admin has looked at it.`,
    hidden: (title: string) => `Your offer was hidden: ${title}`,
    hiddenBody: (rule: string, why: string) => `It broke the rule "${rule}": ${why}`,
  },
  mail: {
    hiddenSubject: (title: string) => `Your offer was hidden: ${title}`,
    hiddenBody: (title: string, rule: string, why: string) =>
      `An admin hid your offer "${title}" from the feed because it broke the rule "${rule}": ${why} You can change the offer and it will be reviewed again.`,
  },
} as const;

const reasonKeys = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];
export const reportInput = z.strictObject({
  kind: z.enum(REPORT_KINDS),
  id: textInput(100, reportsTexts.notFound).min(1, reportsTexts.notFound),
  reason: z.enum(reasonKeys, { error: reportsTexts.chooseReason }),
  note: plainText(REPORT_NOTE_MAX, reportsTexts.tooLong).optional(),
});
export const reportCaseParams = z.object({
  id: textInput(18, reportsTexts.closed).regex(/^[1-9][0-9]*$/, reportsTexts.closed),
});
export const dismissInput = z.strictObject({ note: plainText(REPORT_NOTE_MAX, reportsTexts.tooLong).optional() });
export const hideInput = z.strictObject({
  rule: z.enum(reasonKeys, { error: reportsTexts.chooseReason }),
  note: plainText(REPORT_NOTE_MAX, reportsTexts.tooLong, reportsTexts.whyRequired).prefault(''),
});
export const reportCaseQuery = z.object({ cursor: textInput(200).optional() });

export const reportCase = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  /** What was reported, as it read when first reported: an offer's title, a creator's name, a message's text. */
  snapshot: z.string(),
  /** Whose content it is. */
  owner: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  count: z.number().int(),
  reasons: z.array(z.enum(reasonKeys)),
  notes: z.array(z.string()),
  lastReportedAt: z.string(),
});
export type ReportCase = z.output<typeof reportCase>;
export const reportCaseList = z.object({ cases: z.array(reportCase), nextCursor: z.string().nullable() });
export type ReportCaseList = z.output<typeof reportCaseList>;

const done = z.object({ message: z.string() });

export const reportsApi = defineApi({
  'POST /api/reports': {
    caller: 'signedIn',
    summary:
      'Reports an offer, a creator or a message with a reason and an optional note; a second report of the same thing adds to the first',
    body: reportInput,
    response: done,
    status: 201,
  },
  'GET /api/admin/reports': {
    caller: 'admin',
    summary:
      "One page of open report cases, most reported first, then newest (30; cursor: the page before's nextCursor)",
    query: reportCaseQuery,
    response: reportCaseList,
  },
  'POST /api/admin/reports/:id/dismiss': {
    caller: 'admin',
    summary: 'Closes a case without action; its reporters are told it was handled',
    params: reportCaseParams,
    body: dismissInput,
    response: done,
  },
  'POST /api/admin/reports/:id/hide': {
    caller: 'admin',
    summary:
      'Hides the reported offer from the feed with the rule it broke and why; the creator is told (app and mail), the reporters that it was handled',
    params: reportCaseParams,
    body: hideInput,
    response: done,
  },
});
