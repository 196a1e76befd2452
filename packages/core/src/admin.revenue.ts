/**
 * Revenue rules (SPEC section 9): revenue counts completed orders only, the platform's commission
 * is 15 percent of total revenue, and the top five creators are ranked by their completed revenue.
 * The server computes the same with SQL aggregates; these functions are the rule in one readable place.
 */
import { PLATFORM_COMMISSION, TOP_CREATORS_SHOWN, type OrderStatus } from './constants.ts';
import type { CreatorRevenue } from './admin.contract.ts';

/** The one status that earns revenue. */
export const REVENUE_STATUS: OrderStatus = 'completed';

/** 15% of revenue in whole pence, half a penny rounded up (£12.50 -> £1.88). */
export function commissionPence(revenuePence: number): number {
  // Integer arithmetic: 1250 * 15 / 100 is exactly 187.5, which rounds to 188.
  return Math.round((revenuePence * Math.round(PLATFORM_COMMISSION * 100)) / 100);
}

export type RevenueOrder = {
  status: string;
  pricePence: number | null;
  sellerId: string | null;
  sellerName?: string | null;
};

export function summariseRevenue(orders: RevenueOrder[]) {
  let revenuePence = 0;
  let completed = 0;
  const perCreator = new Map<string, CreatorRevenue>();
  for (const order of orders) {
    if (order.status !== REVENUE_STATUS) continue;
    completed += 1;
    const price = order.pricePence ?? 0;
    revenuePence += price;
    if (!order.sellerId) continue;
    const entry = perCreator.get(order.sellerId) ?? {
      creatorId: order.sellerId,
      displayName: order.sellerName ?? 'Unknown',
      orderCount: 0,
      revenuePence: 0,
    };
    entry.orderCount += 1;
    entry.revenuePence += price;
    perCreator.set(order.sellerId, entry);
  }
  return {
    totalRevenuePence: revenuePence,
    commissionPence: commissionPence(revenuePence),
    totalOrders: orders.length,
    completedOrders: completed,
    pendingOrders: orders.length - completed,
    topCreators: topCreators([...perCreator.values()]),
  };
}

/** Highest revenue first; ties go to more orders, then the name; five at most. */
export function topCreators(rows: CreatorRevenue[]): CreatorRevenue[] {
  return [...rows]
    .filter((row) => row.revenuePence > 0)
    .sort(
      (a, b) =>
        b.revenuePence - a.revenuePence || b.orderCount - a.orderCount || a.displayName.localeCompare(b.displayName),
    )
    .slice(0, TOP_CREATORS_SHOWN);
}
