/**
 * The order state machine (SPEC section 4): awaiting_payment -> paid (buyer) -> delivered (seller,
 * with a file) -> completed (buyer). One pure function decides every move; the server enforces it
 * and the web app uses it only to decide which buttons to show.
 */
import type { OrderStatus } from './constants.ts';
import { ordersTexts } from './orders.texts.ts';

export type OrderRole = 'buyer' | 'seller';
export type OrderMove = 'pay' | 'deliver' | 'complete';

type Rule = { from: OrderStatus; to: OrderStatus; by: OrderRole };
export const ORDER_MOVES: Record<OrderMove, Rule> = {
  pay: { from: 'awaiting_payment', to: 'paid', by: 'buyer' },
  deliver: { from: 'paid', to: 'delivered', by: 'seller' },
  complete: { from: 'delivered', to: 'completed', by: 'buyer' },
};

export type MoveDecision = { ok: true; to: OrderStatus } | { ok: false; reason: 'role' | 'state'; message: string };

/** Whether `role` (null: not a party to the order) may make `move` on an order in `status`. */
export function decideOrderMove(status: OrderStatus, role: OrderRole | null, move: OrderMove): MoveDecision {
  const rule = ORDER_MOVES[move];
  if (role !== rule.by) return { ok: false, reason: 'role', message: ordersTexts.wrongRole[move] };
  if (status !== rule.from) return { ok: false, reason: 'state', message: ordersTexts.wrongState[move](status) };
  return { ok: true, to: rule.to };
}

/** The moves open to `role` right now (at most one: the machine is a straight line). */
export function availableOrderMoves(status: OrderStatus, role: OrderRole | null): OrderMove[] {
  return (Object.keys(ORDER_MOVES) as OrderMove[]).filter((move) => decideOrderMove(status, role, move).ok);
}

/** SPEC: completed default, delivered secondary, paid outline, otherwise destructive. */
export type PaymentBadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive';
export function paymentBadgeVariant(status: string): PaymentBadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'delivered') return 'secondary';
  if (status === 'paid') return 'outline';
  return 'destructive';
}
