/**
 * Reporting what breaks the rules, and the admins' queue of reports (issue 17). A report concerns an
 * offer, a creator or a message; every open report of one thing is one case in the queue, kept with
 * the content as it was first reported (a later edit cannot hide it). Reporting the same thing again
 * adds to one's first report. Routes:
 *   POST /api/reports                      { kind, id, reason, note? } -> { message }
 *   GET  /api/admin/reports?cursor=        open cases, most reported first, then newest -> ReportCaseList
 *   POST /api/admin/reports/:id/dismiss    { note? } -> { message }
 *   POST /api/admin/reports/:id/hide       { rule, note } (an offer's case) -> { message }: out of the feed
 *   POST /api/admin/reports/:id/suspend    { rule, note, days } -> { message }: the content's owner, for days or for good
 *   POST /api/admin/reports/:id/dismiss-similar { note? } -> { message }: this and every open case about the same person
 *   GET  /api/appeals/:token               the action a person was told of (the link in their notice) -> AppealView
 *   POST /api/appeals/:token               { text } -> { message }: once per action
 *   GET  /api/admin/appeals?cursor=        appeals waiting for an admin, oldest first -> AppealList
 *   POST /api/admin/appeals/:id/decide     { outcome, note } -> { message }: uphold, or reverse (undo the action)
 * A suspended person cannot sign in, so the notice of an action carries a signed link to its appeal
 * page that works signed out, like a password reset link.
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
export const APPEAL_TEXT_MAX = 1000;
/** How long an admin may suspend for; null is for good. */
export const SUSPENSION_DAYS = [1, 7, 30, 90] as const;
export const MODERATION_ACTIONS = { hide_offer: 'Offer hidden', suspend: 'Account suspended' } as const;
export type ModerationActionKind = keyof typeof MODERATION_ACTIONS;
export const APPEAL_STATUSES = ['none', 'pending', 'upheld', 'reversed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = { uphold: 'Keep the decision', reverse: 'Undo it' } as const;
export type AppealOutcome = keyof typeof APPEAL_OUTCOMES;

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
  paymentLinkFirst: 'Payment link',
  suspend: 'Suspend account',
  suspendFor: 'Suspend for',
  days: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  forGood: 'For good',
  suspended: 'Account suspended. The person and the reporters have been told.',
  noOwner: 'There is no account to act on here any more.',
  alreadySuspended: 'This account is already suspended.',
  cannotSuspendAdmin: 'An admin cannot be suspended.',
  dismissSimilar: 'Dismiss similar',
  dismissSimilarConfirm: (name: string, others: number) =>
    others === 0
      ? `Dismiss this report about ${name}?`
      : `Dismiss this report and ${others === 1 ? '1 other open report' : `${others} other open reports`} about ${name}?`,
  dismissedSimilar: (count: number) =>
    count === 1
      ? 'Report dismissed. The reporters have been told.'
      : `${count} reports dismissed. The reporters have been told.`,
  history: 'History',
  noHistory: 'No earlier reports or actions.',
  earlierReports: (count: number) => (count === 1 ? '1 earlier report handled' : `${count} earlier reports handled`),
  otherOpen: (count: number) => (count === 1 ? '1 other open report' : `${count} other open reports`),
  // appeals
  appealsTitle: 'Appeals',
  noAppeals: 'No appeals waiting',
  appealTitle: 'Appeal a decision',
  appealIntro: 'You can appeal once. An admin will read it and answer you.',
  appealLabel: 'Why should this decision be changed?',
  appealRequired: 'Please say why the decision should be changed.',
  appealTooLong: `Please keep it under ${APPEAL_TEXT_MAX} characters.`,
  appealSend: 'Send appeal',
  appealSent: 'Your appeal was sent. We will tell you the outcome.',
  appealPending: 'Your appeal is waiting for an admin.',
  appealUpheld: 'Your appeal was read, and the decision stays.',
  appealReversed: 'Your appeal was accepted, and the decision was undone.',
  appealUsed: 'This decision has already been appealed.',
  appealNotFound: 'This appeal link is not valid.',
  appealDecided: 'This appeal has already been decided.',
  reply: 'Answer to the person',
  replyRequired: 'Please write an answer for the person.',
  upheld: 'Decision kept. The person has been told.',
  reversed: 'Decision undone. The person has been told.',
  until: (date: string) => `until ${date}`,
  suspendedSignIn: (until: string | null) =>
    until
      ? `This account is suspended until ${until}. Check your email for why and how to appeal.`
      : 'This account is suspended. Check your email for why and how to appeal.',
  notification: {
    suspended: 'Your account was suspended',
    suspendedBody: (rule: string, why: string) => `It broke the rule "${rule}": ${why} You can appeal.`,
    appealReceived: (name: string) => `New appeal from ${name}`,
    appealUpheld: 'Your appeal was decided: the decision stays',
    appealReversed: 'Your appeal was accepted',
    handled: 'Your report was handled',
    handledBody: (what: string) => `Thank you for reporting ${what}. An admin has looked at it.`,
    hidden: (title: string) => `Your offer was hidden: ${title}`,
    hiddenBody: (rule: string, why: string) => `It broke the rule "${rule}": ${why} You can appeal.`,
  },
  mail: {
    appealLabel: 'Read it or appeal',
    suspendedSubject: 'Your GigReel account was suspended',
    suspendedBody: (until: string | null, rule: string, why: string) =>
      `An admin suspended your account ${until ? `until ${until}` : 'for good'} because it broke the rule "${rule}": ${why} While it is suspended you cannot sign in, and your offer and messages are hidden from others. You can appeal once, from the link below.`,
    appealSubject: (upheld: boolean) => (upheld ? 'Your appeal: the decision stays' : 'Your appeal was accepted'),
    appealBody: (upheld: boolean, what: string, reply: string) =>
      upheld
        ? `An admin read your appeal of "${what}", and the decision stays: ${reply}`
        : `An admin read your appeal of "${what}" and undid the decision: ${reply}`,
    hiddenSubject: (title: string) => `Your offer was hidden: ${title}`,
    hiddenBody: (title: string, rule: string, why: string) =>
      `An admin hid your offer "${title}" from the feed because it broke the rule "${rule}": ${why} You can change the offer and it will be reviewed again, or appeal once from the link below.`,
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
export const suspendInput = z.strictObject({
  rule: z.enum(reasonKeys, { error: reportsTexts.chooseReason }),
  note: plainText(REPORT_NOTE_MAX, reportsTexts.tooLong, reportsTexts.whyRequired).prefault(''),
  /** null: for good. */
  days: z
    .union(
      SUSPENSION_DAYS.map((days) => z.literal(days)) as [
        z.ZodLiteral<1>,
        z.ZodLiteral<7>,
        z.ZodLiteral<30>,
        z.ZodLiteral<90>,
      ],
    )
    .nullable(),
});
export const appealParams = z.object({ token: textInput(200, reportsTexts.appealNotFound).min(1) });
export const appealInput = z.strictObject({
  text: plainText(APPEAL_TEXT_MAX, reportsTexts.appealTooLong, reportsTexts.appealRequired).prefault(''),
});
export const appealIdParams = z.object({
  id: textInput(18, reportsTexts.appealDecided).regex(/^[1-9][0-9]*$/, reportsTexts.appealDecided),
});
export const decideAppealInput = z.strictObject({
  outcome: z.enum(Object.keys(APPEAL_OUTCOMES) as [AppealOutcome, ...AppealOutcome[]]),
  note: plainText(REPORT_NOTE_MAX, reportsTexts.tooLong, reportsTexts.replyRequired).prefault(''),
});

/** One thing an admin did to a person, as their history shows it. */
export const moderationEntry = z.object({
  kind: z.enum(Object.keys(MODERATION_ACTIONS) as [ModerationActionKind, ...ModerationActionKind[]]),
  rule: z.string(),
  at: z.string(),
  appealStatus: z.enum(APPEAL_STATUSES),
});
export type ModerationEntry = z.output<typeof moderationEntry>;

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
  /** Some report names a payment link: such cases come first. */
  paymentLink: z.boolean(),
  /** The person's record: reports about them handled before, their other open cases, and what admins did (newest 5). */
  history: z.object({
    earlierReports: z.number().int(),
    otherOpen: z.number().int(),
    actions: z.array(moderationEntry),
  }),
  /** The owner is suspended now. */
  ownerSuspended: z.boolean(),
});
export type ReportCase = z.output<typeof reportCase>;
export const reportCaseList = z.object({ cases: z.array(reportCase), nextCursor: z.string().nullable() });
export type ReportCaseList = z.output<typeof reportCaseList>;

/** What a person reads on their appeal page. */
export const appealView = z.object({
  kind: z.enum(Object.keys(MODERATION_ACTIONS) as [ModerationActionKind, ...ModerationActionKind[]]),
  rule: z.string(),
  note: z.string(),
  at: z.string(),
  /** A suspension's end; null for good (or for a hidden offer). */
  until: z.string().nullable(),
  offerTitle: z.string().nullable(),
  appeal: z.object({
    status: z.enum(APPEAL_STATUSES),
    text: z.string().nullable(),
    reply: z.string().nullable(),
  }),
});
export type AppealView = z.output<typeof appealView>;

export const appealItem = z.object({
  id: z.string(),
  kind: z.enum(Object.keys(MODERATION_ACTIONS) as [ModerationActionKind, ...ModerationActionKind[]]),
  person: z.object({ id: z.string(), displayName: z.string() }),
  rule: z.string(),
  /** The admin's reason as the person was told it. */
  note: z.string(),
  at: z.string(),
  until: z.string().nullable(),
  offerTitle: z.string().nullable(),
  appealText: z.string(),
  appealedAt: z.string(),
});
export type AppealItem = z.output<typeof appealItem>;
export const appealList = z.object({ appeals: z.array(appealItem), nextCursor: z.string().nullable() });
export type AppealList = z.output<typeof appealList>;

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
  'POST /api/admin/reports/:id/suspend': {
    caller: 'admin',
    summary:
      "Suspends the reported content's owner for some days or for good: they cannot sign in, their offer and messages are hidden, their open orders go to Disputes; they are told (app and mail) with a link to appeal",
    params: reportCaseParams,
    body: suspendInput,
    response: done,
  },
  'POST /api/admin/reports/:id/dismiss-similar': {
    caller: 'admin',
    summary: 'Dismisses the case and every other open case about the same person; every reporter is told',
    params: reportCaseParams,
    body: dismissInput,
    response: done,
  },
  'GET /api/appeals/:token': {
    caller: 'anyone',
    summary:
      "The moderation decision an appeal link names (the link in the person's notice is the key; no sign-in, since a suspended person cannot sign in)",
    params: appealParams,
    response: appealView,
  },
  'POST /api/appeals/:token': {
    caller: 'anyone',
    summary: 'Appeals the decision, once, with a text; the admins see it in their queue',
    params: appealParams,
    body: appealInput,
    response: done,
    status: 201,
  },
  'GET /api/admin/appeals': {
    caller: 'admin',
    summary: "One page of appeals waiting for an admin, oldest first (30; cursor: the page before's nextCursor)",
    query: reportCaseQuery,
    response: appealList,
  },
  'POST /api/admin/appeals/:id/decide': {
    caller: 'admin',
    summary:
      'Keeps the decision or undoes it (the offer back in the feed, the suspension lifted); the person is told (app and mail)',
    params: appealIdParams,
    body: decideAppealInput,
    response: done,
  },
});
