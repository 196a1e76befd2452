/**
 * The admin API. Every route answers 401 to anonymous callers and 403 to anyone who is not
 * an admin; the browser's guard only chooses the screen.
 *
 *   GET    /api/admin/dashboard                 AdminDashboard
 *   GET    /api/admin/creators?q=&cursor=&withoutOffer=1   AdminPageOf<AdminCreator>
 *   POST   /api/admin/creators                  CreatorFormInput -> { creator, message }
 *   PATCH  /api/admin/creators/:id              CreatorFormInput -> { creator, message }
 *   DELETE /api/admin/creators/:id              -> { message }   (offer removed; orders, messages kept as "Unknown")
 *   GET    /api/admin/gigs?cursor=              AdminPageOf<AdminGig>
 *   POST   /api/admin/gigs                      multipart GigFormInput (+ file "media") -> { gig, message }
 *   PATCH  /api/admin/gigs/:id                  multipart GigFormInput (+ optional "media") -> { gig, message }
 *   DELETE /api/admin/gigs/:id                  -> { message }
 *   POST   /api/admin/offers/:id/approve       { version } -> { gig, message }; 409 offer_changed when edited since
 *   GET    /api/admin/messages?cursor=          AdminPageOf<AdminMessage> with total
 *   GET    /api/admin/analytics?unit=day|week   AdminAnalytics
 *   GET    /api/admin/export/:table             text/csv, streamed (offers, users, transactions, messages)
 *   GET    /api/admin/export-counts            Record<ExportTable, number>
 *   POST   /api/admin/self-test                 multipart file "media" -> SelfTestResult
 *   POST   /api/admin/impersonate/:userId       -> { message } and the session cookie of that user
 *   POST   /api/admin/impersonation/stop        the impersonating session only -> { title, message }
 *   GET    /api/admin/audit-log?cursor=         AdminPageOf<AuditEntry>
 */
import type { MediaKind } from './offers.contract.ts';
import type { CreatorRevenue } from './admin.revenue.ts';
import type { OrderStatus } from './constants.ts';
import type { RevenueUnit } from './admin.schemas.ts';
import type { AuditAction } from './admin.texts.ts';

export type AdminPageOf<T> = { items: T[]; nextCursor: string | null; total?: number };

export type AdminDashboard = {
  stats: { totalCreators: number; totalGigs: number; totalRevenuePence: number; commissionPence: number };
  diagnostics: {
    offers: { total: number; approved: number; notApproved: number; withoutMedia: number; approvedWithMedia: number };
    users: number;
    securityEvents: number;
    loginAttempts24h: number;
    sampleOffer: { id: string; title: string; isApproved: boolean; hasMedia: boolean } | null;
  };
};

export type AdminCreator = {
  id: string;
  displayName: string;
  /** null for a profile created without a login */
  email: string | null;
  bio: string | null;
  location: string | null;
  paypalLink: string | null;
  profileImage: string | null;
  createdAt: string;
  isAdmin: boolean;
  offer: { id: string; title: string } | null;
};

export type AdminGig = {
  id: string;
  title: string;
  link: string;
  mediaUrl: string;
  mediaKind: MediaKind | null;
  posterUrl: string | null;
  isPaidOffer: boolean;
  pricePence: number | null;
  paypalLink: string | null;
  purchaseNote: string | null;
  description: string | null;
  musicTrackName: string | null;
  musicCreditLink: string | null;
  tags: string[];
  isApproved: boolean;
  /** Moves on with every edit; approval carries the one the admin saw. */
  version: number;
  createdAt: string;
  creator: { id: string; displayName: string };
};

export type AdminMessage = {
  id: string;
  message: string;
  createdAt: string;
  offerTitle: string | null;
  from: { id: string; displayName: string } | null;
  to: { id: string; displayName: string } | null;
};

export type AdminAnalytics = {
  totalRevenuePence: number;
  commissionPence: number;
  totalOrders: number;
  completedOrders: number;
  pendingOrders: number;
  byStatus: Record<OrderStatus, number>;
  topCreators: CreatorRevenue[];
  revenueOverTime: { unit: RevenueUnit; points: Array<{ start: string; revenuePence: number; orders: number }> };
};

export type SelfTestStep = { name: string; ok: boolean; detail: string };
export type SelfTestResult = { ok: boolean; title: string; steps: SelfTestStep[] };

/** What an admin did, as whom, to what, and the answer (one audit_log row). */
export type AuditEntry = {
  id: string;
  createdAt: string;
  method: string;
  /** The route the router matched, or null when none did. */
  route: string | null;
  /** The address as it was sent. */
  path: string;
  /** A named admin action (AUDIT_ACTIONS), or null for any other write. */
  action: AuditAction | null;
  target: { kind: string | null; id: string; label: string | null } | null;
  status: number;
  admin: { id: string; displayName: string | null } | null;
  actingAs: { id: string; displayName: string | null } | null;
};
