/**
 * The one way an order is opened, from an offer or with a private job: under the buyer's lock, and
 * only within the quotas, so "paid" (which mails the seller) cannot be turned into a flood. Every
 * order counts toward the buyer's orders a day; buying an offer is also held to a few open orders
 * with that seller (a private job has its own daily quota instead). Refusals are 429 with a text
 * that says what to do.
 */
import { NEW_ORDERS_PER_DAY, OPEN_ORDERS_PER_SELLER, ordersTexts, QUOTA_WINDOW_MS, AppError } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { insertOrder, lockBuyer, orderQuotaOf, type NewOrder } from './orders.queries.ts';

/** Throws the 429 the buyer would get for one more order (of an offer, when `ofOffer`) with this seller now. */
export async function assertOrderQuota(
  db: Db | Tx,
  order: { buyerId: string; sellerId: string; ofOffer: boolean },
  now: Date,
): Promise<void> {
  const quota = await orderQuotaOf(db, order.buyerId, order.sellerId, new Date(now.getTime() - QUOTA_WINDOW_MS));
  if (quota.openedSince >= NEW_ORDERS_PER_DAY)
    throw new AppError('too_many_orders', ordersTexts.tooManyNewOrders(NEW_ORDERS_PER_DAY));
  if (order.ofOffer && quota.openWithSeller >= OPEN_ORDERS_PER_SELLER)
    throw new AppError('too_many_open_orders', ordersTexts.tooManyOpenOrders(OPEN_ORDERS_PER_SELLER));
}

export async function openOrder(tx: Tx, order: NewOrder): Promise<string> {
  await lockBuyer(tx, order.buyerId);
  await assertOrderQuota(
    tx,
    { buyerId: order.buyerId, sellerId: order.sellerId, ofOffer: !order.jobId },
    order.createdAt,
  );
  return insertOrder(tx, order);
}
