/** What core's order machine needs to know about an order, and which side of it the viewer is on. */
import type { OrderDetail, OrderFacts, OrderRole } from '@gigreel/core';

export function orderFacts(order: OrderDetail): OrderFacts {
  return {
    status: order.status,
    paymentConfirmed: order.paymentConfirmedAt !== null,
    revisionsLeft: order.revisions.allowed - order.revisions.used,
    jobStatus: order.job?.status ?? null,
    completedAt: order.completedAt,
  };
}

/** An admin who is not a party reads the order but makes no moves on it. */
export const viewerSide = (order: OrderDetail): OrderRole | null =>
  order.viewerRole === 'admin' ? null : order.viewerRole;
