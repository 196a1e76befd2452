/**
 * What the admin API answers, as schemas (the route table is in admin.api.ts). Every admin route
 * answers 401 to anonymous callers and 403 to anyone who is not an admin; stopping an impersonation
 * is for the impersonating session only. The web app reads these shapes; change them additively only.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from './constants.ts';
import { mediaKind } from './offers.contract.ts';
import { EXPORT_TABLES, REVENUE_UNITS } from './admin.schemas.ts';
import { AUDIT_ACTIONS, type AuditAction } from './admin.texts.ts';

/** A keyset page of a list, newest first; nextCursor is null on the last page. */
export const adminPageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

const count = z.number().int();
const pence = z.number().int();

export const adminDashboard = z.object({
  stats: z.object({ totalCreators: count, totalGigs: count, totalRevenuePence: pence, commissionPence: pence }),
  diagnostics: z.object({
    offers: z.object({
      total: count,
      approved: count,
      notApproved: count,
      withoutMedia: count,
      approvedWithMedia: count,
    }),
    users: count,
    securityEvents: count,
    loginAttempts24h: count,
    /** The mail outbox: waiting to be sent, and sent or given up in the last 30 days. */
    mails: z.object({ queued: count, sent: count, failed: count }),
    sampleOffer: z
      .object({ id: z.string(), title: z.string(), isApproved: z.boolean(), hasMedia: z.boolean() })
      .nullable(),
  }),
});
export type AdminDashboard = z.output<typeof adminDashboard>;

export const adminCreator = z.object({
  id: z.string(),
  displayName: z.string(),
  /** null for a profile created without a login */
  email: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  paypalLink: z.string().nullable(),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  offer: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type AdminCreator = z.output<typeof adminCreator>;

export const adminGig = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  mediaUrl: z.string(),
  mediaKind: mediaKind.nullable(),
  posterUrl: z.string().nullable(),
  isPaidOffer: z.boolean(),
  pricePence: pence.nullable(),
  paypalLink: z.string().nullable(),
  purchaseNote: z.string().nullable(),
  description: z.string().nullable(),
  musicTrackName: z.string().nullable(),
  musicCreditLink: z.string().nullable(),
  tags: z.array(z.string()),
  isApproved: z.boolean(),
  /** Moves on with every edit; approval carries the one the admin saw. */
  version: z.number().int(),
  createdAt: z.string(),
  creator: z.object({ id: z.string(), displayName: z.string() }),
});
export type AdminGig = z.output<typeof adminGig>;

const person = z.object({ id: z.string(), displayName: z.string() });

export const adminMessage = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  offerTitle: z.string().nullable(),
  from: person.nullable(),
  to: person.nullable(),
});
export type AdminMessage = z.output<typeof adminMessage>;

/** The messages list also says how many there are in all. */
export const adminMessagesPage = adminPageOf(adminMessage).extend({ total: count });
export type AdminMessagesPage = z.output<typeof adminMessagesPage>;

export const creatorRevenue = z.object({
  creatorId: z.string(),
  displayName: z.string(),
  orderCount: count,
  revenuePence: pence,
});
export type CreatorRevenue = z.output<typeof creatorRevenue>;

export const adminAnalytics = z.object({
  totalRevenuePence: pence,
  commissionPence: pence,
  totalOrders: count,
  completedOrders: count,
  pendingOrders: count,
  byStatus: z.record(z.enum(ORDER_STATUSES), count),
  topCreators: z.array(creatorRevenue),
  revenueOverTime: z.object({
    unit: z.enum(REVENUE_UNITS),
    points: z.array(z.object({ start: z.string(), revenuePence: pence, orders: count })),
  }),
});
export type AdminAnalytics = z.output<typeof adminAnalytics>;

/** How many rows each export holds, so the Export Center can say "No Data" before downloading. */
export const exportCounts = z.record(z.enum(EXPORT_TABLES), count);
export type ExportCounts = z.output<typeof exportCounts>;

export const selfTestStep = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
export type SelfTestStep = z.output<typeof selfTestStep>;
export const selfTestResult = z.object({ ok: z.boolean(), title: z.string(), steps: z.array(selfTestStep) });
export type SelfTestResult = z.output<typeof selfTestResult>;

const auditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);
const auditPerson = z.object({ id: z.string(), displayName: z.string().nullable() });

/** What an admin did, as whom, to what, and the answer (one audit_log row). */
export const auditEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  method: z.string(),
  /** The route the router matched, or null when none did. */
  route: z.string().nullable(),
  /** The address as it was sent. */
  path: z.string(),
  /** A named admin action (AUDIT_ACTIONS), or null for any other write. */
  action: auditAction.nullable(),
  target: z.object({ kind: z.string().nullable(), id: z.string(), label: z.string().nullable() }).nullable(),
  status: z.number().int(),
  admin: auditPerson.nullable(),
  actingAs: auditPerson.nullable(),
});
export type AuditEntry = z.output<typeof auditEntry>;

/** What a change answers: the row as it now is and the success text to show. */
export const savedCreator = z.object({ creator: adminCreator, message: z.string() });
export const savedGig = z.object({ gig: adminGig, message: z.string() });
export const adminNotice = z.object({ message: z.string() });
export const impersonationStopped = z.object({ title: z.string(), message: z.string() });
