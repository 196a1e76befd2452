/** Dashboard numbers, analytics, messages and the audit log: reads only. */
import { commissionPence, ORDER_STATUSES, REVENUE_STATUS, TOP_CREATORS_SHOWN, type AdminAnalytics, type AdminDashboard, type OrderStatus, type RevenueUnit } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { dashboardCounts, orderTotals, revenueSeries, topSellers } from './admin.queries.ts';

const DAY_MS = 86_400_000;

export async function getDashboard(deps: AppDeps): Promise<AdminDashboard> {
  const counts = await dashboardCounts(deps.database, new Date(deps.clock.now().getTime() - DAY_MS));
  return {
    stats: { totalCreators: counts.creators, totalGigs: counts.offersTotal, totalRevenuePence: counts.revenuePence, commissionPence: commissionPence(counts.revenuePence) },
    diagnostics: {
      offers: { total: counts.offersTotal, approved: counts.approved, notApproved: counts.offersTotal - counts.approved, withoutMedia: counts.withoutMedia, approvedWithMedia: counts.approvedWithMedia },
      users: counts.users,
      securityEvents: counts.securityEvents,
      loginAttempts24h: counts.loginAttempts,
      sampleOffer: counts.sample,
    },
  };
}

export async function getAnalytics(deps: AppDeps, unit: RevenueUnit): Promise<AdminAnalytics> {
  const [totals, top, points] = [await orderTotals(deps.database), await topSellers(deps.database, TOP_CREATORS_SHOWN), await revenueSeries(deps.database, unit, deps.clock.now())];
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
    pendingOrders: totalOrders - completed,
    byStatus,
    topCreators: top,
    revenueOverTime: { unit, points },
  };
}
