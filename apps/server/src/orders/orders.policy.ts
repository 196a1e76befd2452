/** Who may do what with an order: the one place the orders feature decides it (SPEC section 6). */
import type { OrderRole } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';

type Parties = { buyerId: string | null; sellerId: string | null };

/** The actor's side of the order, or null when they are not a party to it. */
export function orderRoleOf(actor: Actor, order: Parties): OrderRole | null {
  if (order.buyerId === actor.id) return 'buyer';
  if (order.sellerId === actor.id) return 'seller';
  return null;
}

/** Buyer, seller and admins read an order, its messages and its delivery; nobody else learns it exists. */
export function canReadOrder(actor: Actor, order: Parties): boolean {
  return orderRoleOf(actor, order) !== null || actor.isAdmin;
}
