/**
 * The order timers (issue 16): a delivery the buyer neither accepts nor questions completes by itself
 * after ORDER_AUTO_COMPLETE_AFTER, with a reminder a day before (or at half the time when that is
 * shorter), and an order left unpaid for ORDER_PAYMENT_EXPIRES_AFTER is cancelled as expired.
 *
 * Each timer is a job on the product's PostgreSQL queue (platform/queue.ts), written in the same
 * transaction as the move that starts it (platform/outbox.ts `later`), so it exists if and only if
 * the move commits, survives restarts, and is taken by one process however many run. A timer names
 * the move it follows (`after`: the id of the order's latest move then); when it fires it does
 * nothing if any other move came since, so an order acted on in the meantime is left alone, and a
 * race between a timer and a person is decided under the order's lock.
 */
import type { Tx } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';

export const ORDER_TIMER_JOB = 'orders.timer';
/** Unused NOTIFY channel: a timer is found by the worker's poll when it is due, never woken early. */
export const ORDER_TIMER_CHANNEL = 'gigreel_order_timers';

export type OrderTimer = {
  orderId: string;
  kind: 'remind' | 'auto_complete' | 'expire';
  /** The order's latest move when the timer was set (0: none yet). */
  after: number;
};

const DAY_MS = 24 * 3600 * 1000;

/** After a delivery (or a replaced file): the reminder, then completing by itself. */
export async function setDeliveryTimers(deps: AppDeps, tx: Tx, orderId: string, after: number) {
  const { autoCompleteMs } = deps.config.orderTimers;
  const remindAfterMs = Math.max(autoCompleteMs - DAY_MS, autoCompleteMs / 2);
  await setTimer(deps, tx, { orderId, kind: 'remind', after }, remindAfterMs);
  await setTimer(deps, tx, { orderId, kind: 'auto_complete', after }, autoCompleteMs);
}

/** When an order starts waiting for payment (bought, sent back by the seller, a job accepted). */
export async function setPaymentTimer(deps: AppDeps, tx: Tx, orderId: string, after: number) {
  await setTimer(deps, tx, { orderId, kind: 'expire', after }, deps.config.orderTimers.paymentExpiresMs);
}

function setTimer(deps: AppDeps, tx: Tx, timer: OrderTimer, delayMs: number) {
  return deps.outbox.later(tx, ORDER_TIMER_JOB, timer, delayMs);
}

/** When the auto-completion falls, said in the reminder ("in 1 day", "in 12 hours", "in 30 minutes"). */
export function autoCompleteIn(deps: AppDeps): string {
  const { autoCompleteMs } = deps.config.orderTimers;
  const left = autoCompleteMs - Math.max(autoCompleteMs - DAY_MS, autoCompleteMs / 2);
  const [amount, unit] =
    left >= DAY_MS
      ? [Math.round(left / DAY_MS), 'day']
      : left >= 3600_000
        ? [Math.round(left / 3600_000), 'hour']
        : left >= 60_000
          ? [Math.round(left / 60_000), 'minute']
          : [Math.max(1, Math.round(left / 1000)), 'second'];
  return `in ${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
