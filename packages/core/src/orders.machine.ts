/**
 * The order state machine. SPEC section 4's line awaiting_payment -> paid (buyer) -> delivered
 * (seller, with a file) -> completed (buyer) stays; around it, what makes an order something both
 * sides can trust:
 *
 * - the buyer's "I've paid" is a claim the seller confirms ("Payment received") or turns down
 *   ("Payment not received": back to awaiting payment); delivering also confirms it;
 * - before the work starts the buyer may cancel (awaiting payment) and the seller may decline
 *   (awaiting payment, or paid but not yet confirmed): cancelled is final;
 * - on a delivered order the buyer accepts, or asks for changes while the offer's revisions last,
 *   which sends it back to the seller (paid); until the buyer acts the seller may replace the file;
 * - from payment onward (and up to 14 days after completion) either side may report a problem: the
 *   order is disputed, its timers stop, and an admin resolves it by completing it, cancelling it or
 *   sending it back for delivery.
 *
 * One pure function decides every move from the order's facts and the caller's role; the server
 * enforces it in the order's transaction and the web app asks it which buttons to show.
 */
import type { JobStatus, OrderStatus } from './constants.ts';
import { ordersTexts } from './orders.texts.ts';
import { PROBLEM_REPORT_DAYS } from './orders.limits.ts';

export type OrderRole = 'buyer' | 'seller';
/** Who makes a move: one side of the order, the order's timers, or an admin resolving a dispute. */
export type OrderActor = OrderRole | 'system' | 'admin';
export const ORDER_MOVE_NAMES = [
  'pay',
  'confirm_payment',
  'reject_payment',
  'cancel',
  'decline',
  'deliver',
  'replace_delivery',
  'request_changes',
  'complete',
  // The timers': a delivery the buyer leaves alone completes, an order left unpaid expires.
  'auto_complete',
  'expire',
  // Either side reports a problem; an admin resolves it one of three ways.
  'report_problem',
  'resolve_complete',
  'resolve_cancel',
  'resolve_redeliver',
] as const;
export type OrderMove = (typeof ORDER_MOVE_NAMES)[number];

/** What the machine needs to know about an order. */
export type OrderFacts = {
  status: OrderStatus;
  /** The seller said the money arrived (or delivered, which says so too). */
  paymentConfirmed: boolean;
  /** Change requests the buyer has left (the offer's revisions minus those used). */
  revisionsLeft: number;
  /** The private job the order came from, if any: it is paid for once accepted, and a declined one is neither paid for nor delivered. */
  jobStatus?: JobStatus | null;
  /** When a completed order completed: a problem can be reported up to PROBLEM_REPORT_DAYS after. */
  completedAt?: Date | string | null;
};

type Rule = {
  by: OrderActor | readonly OrderActor[];
  /** Whether the move may start from these facts. */
  from: (order: OrderFacts) => boolean;
  to: (order: OrderFacts) => OrderStatus;
};

const awaitingConfirmation = (order: OrderFacts) => order.status === 'paid' && !order.paymentConfirmed;
const disputed = (order: OrderFacts) => order.status === 'disputed';

/** Whether a problem may still be reported on this order at `now`: from payment onward, and for a while after completion. */
function problemReportable(order: OrderFacts, now: Date): boolean {
  if (order.status === 'paid' || order.status === 'delivered') return true;
  if (order.status !== 'completed' || !order.completedAt) return false;
  return now.getTime() - new Date(order.completedAt).getTime() <= PROBLEM_REPORT_DAYS * 24 * 3600 * 1000;
}

export const ORDER_MOVES: Record<OrderMove, Rule> = {
  pay: { by: 'buyer', from: (o) => o.status === 'awaiting_payment', to: () => 'paid' },
  confirm_payment: { by: 'seller', from: awaitingConfirmation, to: () => 'paid' },
  reject_payment: { by: 'seller', from: awaitingConfirmation, to: () => 'awaiting_payment' },
  cancel: { by: 'buyer', from: (o) => o.status === 'awaiting_payment', to: () => 'cancelled' },
  decline: {
    by: 'seller',
    from: (o) => o.status === 'awaiting_payment' || awaitingConfirmation(o),
    to: () => 'cancelled',
  },
  deliver: { by: 'seller', from: (o) => o.status === 'paid', to: () => 'delivered' },
  replace_delivery: { by: 'seller', from: (o) => o.status === 'delivered', to: () => 'delivered' },
  request_changes: {
    by: 'buyer',
    from: (o) => o.status === 'delivered' && o.revisionsLeft > 0,
    to: () => 'paid',
  },
  complete: { by: 'buyer', from: (o) => o.status === 'delivered', to: () => 'completed' },
  auto_complete: { by: 'system', from: (o) => o.status === 'delivered', to: () => 'completed' },
  // A private job's order waits for its designer, not for payment, until they accept.
  expire: {
    by: 'system',
    from: (o) => o.status === 'awaiting_payment' && o.jobStatus !== 'pending',
    to: () => 'cancelled',
  },
  report_problem: { by: ['buyer', 'seller'], from: () => true, to: () => 'disputed' },
  resolve_complete: { by: 'admin', from: disputed, to: () => 'completed' },
  resolve_cancel: { by: 'admin', from: disputed, to: () => 'cancelled' },
  // Back to the seller, who delivers (again).
  resolve_redeliver: { by: 'admin', from: disputed, to: () => 'paid' },
};

export type MoveDecision = { ok: true; to: OrderStatus } | { ok: false; reason: 'role' | 'state'; message: string };

/**
 * Whether `role` (null: not a party to the order; 'system': its timers; 'admin': an admin resolving
 * a dispute) may make `move` on this order at `now`.
 */
export function decideOrderMove(
  order: OrderFacts,
  role: OrderActor | null,
  move: OrderMove,
  now: Date = new Date(),
): MoveDecision {
  const rule = ORDER_MOVES[move];
  const allowed = typeof rule.by === 'string' ? [rule.by] : rule.by;
  if (!role || !allowed.includes(role)) return { ok: false, reason: 'role', message: ordersTexts.wrongRole[move] };
  if (move === 'report_problem')
    return problemReportable(order, now)
      ? { ok: true, to: 'disputed' }
      : { ok: false, reason: 'state', message: ordersTexts.cannotReport(order.status) };
  // A private job is paid for only once the designer has accepted it.
  if (order.jobStatus === 'pending' && move === 'pay')
    return { ok: false, reason: 'state', message: ordersTexts.waitingForDesigner };
  if (order.jobStatus === 'declined' && (move === 'pay' || move === 'deliver'))
    return {
      ok: false,
      reason: 'state',
      message: move === 'pay' ? ordersTexts.jobDeclined : ordersTexts.jobDeclinedNoDelivery,
    };
  if (!rule.from(order)) return { ok: false, reason: 'state', message: stateRefusal(order, move) };
  return { ok: true, to: rule.to(order) };
}

function stateRefusal(order: OrderFacts, move: OrderMove): string {
  if (move === 'request_changes' && order.status === 'delivered') return ordersTexts.noRevisionsLeft;
  return ordersTexts.wrongState[move](order.status);
}

/** The moves open to `role` at `now`, in the order the order page shows them. */
export function availableOrderMoves(order: OrderFacts, role: OrderRole | 'admin' | null, now?: Date): OrderMove[] {
  return ORDER_MOVE_NAMES.filter((move) => decideOrderMove(order, role, move, now).ok);
}

/**
 * What an order's badge says: its status, except that a private job's order is "Waiting for the
 * designer" until the designer accepts, and "Declined" when they declined it.
 */
export function orderStatusLabel(status: OrderStatus, jobStatus?: JobStatus | null): string {
  if (jobStatus === 'pending' && status === 'awaiting_payment') return ordersTexts.waitingForDesignerLabel;
  if (jobStatus === 'declined' && status === 'cancelled') return ordersTexts.declinedLabel;
  return ordersTexts.statusLabel(status);
}
