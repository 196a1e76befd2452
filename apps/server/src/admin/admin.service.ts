/** Dashboard numbers, analytics, the lists and the audit log: reads only. */
import {
  commissionPence,
  ORDER_STATUSES,
  REVENUE_STATUS,
  TOP_CREATORS_SHOWN,
  type AdminAnalytics,
  type AdminCreator,
  type AdminDashboard,
  type AdminGig,
  type AdminMessagesPage,
  type AuditEntry,
  type ExportCounts,
  type OrderStatus,
  type RevenueUnit,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import {
  dashboardCounts,
  listAudit,
  listCreators,
  listGigs,
  listMessages,
  orderTotals,
  revenueSeries,
  topSellers,
} from './admin.queries.ts';
import { countExportRows } from './export.queries.ts';

const DAY_MS = 86_400_000;

/** Every read here is an admin's: routes reach them only through the admin check. */
type AdminRead = { deps: AppDeps; actor: Actor };
type Page<Item> = { items: Item[]; nextCursor: string | null };

export async function getDashboard({ deps }: AdminRead): Promise<AdminDashboard> {
  const counts = await dashboardCounts(deps.database, new Date(deps.clock.now().getTime() - DAY_MS));
  return {
    stats: {
      totalCreators: counts.creators,
      totalGigs: counts.offersTotal,
      totalRevenuePence: counts.revenuePence,
      commissionPence: commissionPence(counts.revenuePence),
    },
    diagnostics: {
      offers: {
        total: counts.offersTotal,
        approved: counts.approved,
        notApproved: counts.offersTotal - counts.approved,
        withoutMedia: counts.withoutMedia,
        approvedWithMedia: counts.approvedWithMedia,
      },
      users: counts.users,
      securityEvents: counts.securityEvents,
      loginAttempts24h: counts.loginAttempts,
      mails: counts.mails,
      sampleOffer: counts.sample,
    },
  };
}

export async function getAnalytics({ deps, unit }: AdminRead & { unit: RevenueUnit }): Promise<AdminAnalytics> {
  const [totals, top, points] = await Promise.all([
    orderTotals(deps.database),
    topSellers(deps.database, TOP_CREATORS_SHOWN),
    revenueSeries(deps.database, unit, deps.clock.now()),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  let totalOrders = 0;
  let revenue = 0;
  for (const row of totals) {
    totalOrders += row.orders;
    if (row.status in byStatus) byStatus[row.status as OrderStatus] = row.orders;
    if (row.status === REVENUE_STATUS) revenue = row.revenuePence;
  }
  const completed = byStatus[REVENUE_STATUS];
  return {
    totalRevenuePence: revenue,
    commissionPence: commissionPence(revenue),
    totalOrders,
    completedOrders: completed,
    // Open orders only: a cancelled order is done, though it earned nothing.
    pendingOrders: totalOrders - completed - byStatus.cancelled,
    byStatus,
    topCreators: top,
    revenueOverTime: { unit, points },
  };
}

/** Creators (admins are not), newest first; q searches name and email. A damaged cursor starts from the top. */
export function getCreators({
  deps,
  query,
}: AdminRead & { query: { cursor?: string; q?: string; withoutOffer?: '1' | '0' } }): Promise<Page<AdminCreator>> {
  return listCreators(deps.database.db, {
    cursor: decodeTimeCursor(query.cursor, 'text'),
    q: query.q?.trim() || undefined,
    withoutOffer: query.withoutOffer === '1',
  });
}

export function getGigs({ deps, cursor }: AdminRead & { cursor?: string }): Promise<Page<AdminGig>> {
  return listGigs(deps.database.db, decodeTimeCursor(cursor));
}

export function getMessages({ deps, cursor }: AdminRead & { cursor?: string }): Promise<AdminMessagesPage> {
  return listMessages(deps.database, decodeTimeCursor(cursor));
}

export function getAuditLog({ deps, cursor }: AdminRead & { cursor?: string }): Promise<Page<AuditEntry>> {
  return listAudit(deps.database, decodeTimeCursor(cursor));
}

export function getExportCounts({ deps }: AdminRead): Promise<ExportCounts> {
  return countExportRows(deps.database);
}
