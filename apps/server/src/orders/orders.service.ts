/**
 * The rules of orders (SPEC sections 4 to 7): buying a paid offer, the one state machine
 * awaiting_payment -> paid -> delivered -> completed, canned messages, and the delivery file.
 * Every move runs in one transaction with the row locked, checked against decideOrderMove, and
 * written only if the order is still where it was; the times are the server's.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  decideOrderMove,
  isMessageKeyFor,
  ordersTexts,
  sellerPaymentLink,
  type DeliveryLink,
  type OrderDetail,
  type OrderList,
  type OrderMessage,
  type OrderMove,
  type OrderRole,
  AppError,
  conflict,
  forbidden,
  notFound,
} from '@gigreel/core';
import type { Tx } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';
import { createNotification } from '../notifications/index.ts';
import { mailHtml } from '../platform/mailer.ts';
import type { ReceivedFile } from '../platform/uploads.ts';
import { signDeliveryLink, verifyDeliveryLink } from './delivery-links.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import * as q from './orders.queries.ts';
import { openOrder } from './orders.quota.ts';
import type { Actor } from '../auth/index.ts';
import { canReadOrder, orderRoleOf } from './orders.policy.ts';

type Ctx = { deps: AppDeps; actor: Actor };
const orderNotFound = () => notFound(ordersTexts.notFound);

/** Reads an order the actor may see, or the same 404 whether it is missing or someone else's. */
async function readable({ deps, actor }: Ctx, orderId: string): Promise<q.OrderRow> {
  const row = await q.findOrder(deps.database.db, orderId);
  if (!row || !canReadOrder(actor, row)) throw orderNotFound();
  return row;
}

export async function getOrder(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  return detailOf(ctx, await readable(ctx, ctx.orderId));
}

/** The order as its viewer sees it, with its messages; after a move, from the row the move read back. */
async function detailOf(ctx: Ctx, row: q.OrderRow): Promise<OrderDetail> {
  const messages = await q.listMessages(ctx.deps.database.db, row.id);
  return q.toOrderDetail(row, orderRoleOf(ctx.actor, row) ?? 'admin', messages.map(q.toOrderMessage));
}

/** One page of the viewer's orders as buyer or seller (a damaged cursor starts from the top), with both counts. */
export async function listOrders({
  deps,
  actor,
  role,
  cursor,
}: Ctx & { role: OrderRole; cursor?: string }): Promise<OrderList> {
  const [page, counts] = await Promise.all([
    q.listOrdersOf(deps.database.db, actor.id, role, decodeTimeCursor(cursor)),
    q.countOrdersOf(deps.database, actor.id),
  ]);
  return { orders: page.rows.map(q.toOrderSummary), counts, nextCursor: page.nextCursor };
}

/**
 * Buying a paid offer: one unpaid order per buyer and offer, reused when the buyer comes back; a new
 * one only within the order quotas, and only with the payment link the seller entered on the offer.
 */
export async function createOrder(ctx: Ctx & { offerId: string }): Promise<OrderDetail> {
  const { deps, actor, offerId } = ctx;
  const orderId = await deps.database.db.transaction(async (tx) => {
    const offer = await q.findOfferForSale(tx, offerId);
    if (!offer || !offer.isPaidOffer || !offer.pricePence || (!offer.isApproved && !actor.isAdmin))
      throw notFound(ordersTexts.notForSale);
    if (offer.sellerId === actor.id) throw forbidden(ordersTexts.ownOffer);
    await q.lockBuyer(tx, actor.id);
    const existing = await q.findUnpaidOrder(tx, actor.id, offer.id);
    if (existing) return existing;
    const paypalLink = sellerPaymentLink(offer.offerPaypalLink);
    if (!paypalLink) throw new AppError('no_payment_link', ordersTexts.noPaymentLink);
    return openOrder(tx, {
      buyerId: actor.id,
      sellerId: offer.sellerId,
      offerId: offer.id,
      title: offer.title,
      pricePence: offer.pricePence,
      currency: offer.currency,
      paypalLink,
      createdAt: deps.clock.now(),
    });
  });
  return getOrder({ ...ctx, orderId });
}

/**
 * One move of the state machine, in one transaction: lock the row, ask decideOrderMove, write only
 * if the status is still the one decided on, and tell the other side in the same transaction.
 */
async function move(
  ctx: Ctx & { orderId: string },
  which: OrderMove,
  extra: (tx: Tx, now: Date, order: q.LockedOrder) => Promise<Record<string, unknown>> = async () => ({}),
  after?: (tx: Tx, row: q.OrderRow) => Promise<void>,
): Promise<q.OrderRow> {
  const { deps, actor, orderId } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const locked = await q.lockOrder(tx, orderId);
    if (!locked || !canReadOrder(actor, locked)) throw orderNotFound();
    const decision = decideOrderMove(locked.status, orderRoleOf(actor, locked), which);
    if (!decision.ok) throw decision.reason === 'role' ? forbidden(decision.message) : conflict(decision.message);
    const now = deps.clock.now();
    const stamp = which === 'pay' ? { paidAt: now } : which === 'deliver' ? { deliveredAt: now } : { completedAt: now };
    const moved = await q.moveOrder(tx, orderId, locked.status, decision.to, {
      ...stamp,
      ...(await extra(tx, now, locked)),
    });
    if (!moved) throw conflict(ordersTexts.wrongState[which](decision.to));
    const row = (await q.findOrder(tx, orderId))!;
    await after?.(tx, row);
    return row;
  });
}

/** The mail to the other side of a move, sent by the outbox when the move commits. */
function orderMail(
  deps: AppDeps,
  row: q.OrderRow,
  to: 'seller' | 'buyer',
  subject: string,
  body: string,
): Parameters<AppDeps['outbox']['mail']>[1] | null {
  const email = to === 'seller' ? row.sellerEmail : row.buyerEmail;
  const name = to === 'seller' ? row.sellerName : row.buyerName;
  if (!email) return null;
  const url = `${deps.config.publicUrl}/order/${row.id}`;
  return {
    to: email,
    subject,
    text: `Hi ${name},\n\n${body}\n\n${url}`,
    html: mailHtml([`Hi ${name},`, body], { label: 'Open the order', url }),
    link: url,
  };
}

/** The buyer confirms having paid (SPEC section 4); the seller is told in the app and by mail. */
export async function markOrderPaid(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  const refuseDeclinedJob = async (tx: Tx, _now: Date, order: q.LockedOrder) => {
    if (order.jobId && (await q.jobStatusOf(tx, order.jobId)) === 'declined') throw conflict(ordersTexts.jobDeclined);
    return {};
  };
  const row = await move(ctx, 'pay', refuseDeclinedJob, async (tx, order) => {
    if (order.sellerId)
      await createNotification(tx, {
        userId: order.sellerId,
        kind: 'order_paid',
        title: ordersTexts.notification.paid(order.title),
        body: `${order.buyerName ?? 'A buyer'} has paid.`,
        link: `/order/${order.id}`,
      });
    const mail = orderMail(
      ctx.deps,
      order,
      'seller',
      ordersTexts.mail.paidSubject(order.title),
      ordersTexts.mail.paidBody(order.buyerName ?? 'A buyer', order.title),
    );
    if (mail) await ctx.deps.outbox.mail(tx, mail);
  });
  return detailOf(ctx, row);
}

/** Refuses early, before the upload is read, when this person may not deliver this order now. */
export async function assertCanDeliver(ctx: Ctx & { orderId: string }): Promise<void> {
  const row = await readable(ctx, ctx.orderId);
  const decision = decideOrderMove(row.status, orderRoleOf(ctx.actor, row), 'deliver');
  if (!decision.ok) throw decision.reason === 'role' ? forbidden(decision.message) : conflict(decision.message);
  if (row.jobStatus === 'declined') throw conflict(ordersTexts.jobDeclinedNoDelivery);
}

/** The seller's file goes to storage first; the order moves only if it is still paid, else the file is removed. */
export async function deliverOrder(ctx: Ctx & { orderId: string; file: ReceivedFile }): Promise<OrderDetail> {
  const { deps, orderId, file } = ctx;
  const key = `deliveries/orders/${orderId}/${deps.clock.now().getTime()}-${randomUUID().slice(0, 8)}.${file.ext}`;
  await deps.storage.put(key, createReadStream(file.tempPath), file.mime);
  try {
    await move(
      ctx,
      'deliver',
      async (tx, _now, order) => {
        // a job declined while its file was uploading is not delivered after all
        if (order.jobId && (await q.jobStatusOf(tx, order.jobId)) === 'declined')
          throw conflict(ordersTexts.jobDeclinedNoDelivery);
        return { deliveryKey: key, deliveryFileName: file.fileName, deliveryContentType: file.mime };
      },
      async (tx, order) => {
        if (order.jobId) await q.markJobDelivered(tx, order.jobId);
        if (order.buyerId)
          await createNotification(tx, {
            userId: order.buyerId,
            kind: 'order_delivered',
            title: ordersTexts.notification.delivered(order.title),
            body: `${order.sellerName ?? 'The seller'} has delivered your order.`,
            link: `/order/${order.id}`,
          });
        const mail = orderMail(
          deps,
          order,
          'buyer',
          ordersTexts.mail.deliveredSubject(order.title),
          ordersTexts.mail.deliveredBody(order.sellerName ?? 'The seller', order.title),
        );
        if (mail) await deps.outbox.mail(tx, mail);
      },
    );
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  } finally {
    await rm(file.tempPath, { force: true });
  }
  return getOrder(ctx);
}

/** The buyer accepts the delivery ("Accept & Complete Order"); the seller is told. */
export async function completeOrder(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  await move(ctx, 'complete', undefined, async (tx, order) => {
    if (order.sellerId)
      await createNotification(tx, {
        userId: order.sellerId,
        kind: 'order_completed',
        title: ordersTexts.notification.completed(order.title),
        body: `${order.buyerName ?? 'The buyer'} accepted the delivery.`,
        link: `/order/${order.id}`,
      });
  });
  return getOrder(ctx);
}

/** A canned message from the viewer's side of the order, with one of that side's four keys. */
export async function sendOrderMessage(ctx: Ctx & { orderId: string; key: string }): Promise<OrderMessage> {
  const row = await readable(ctx, ctx.orderId);
  const role = orderRoleOf(ctx.actor, row);
  if (!role) throw forbidden(ordersTexts.notAParty);
  if (!isMessageKeyFor(role, ctx.key)) throw new AppError('bad_request', ordersTexts.wrongMessageKey, 'key');
  const message = await q.insertMessage(ctx.deps.database.db, {
    orderId: row.id,
    senderRole: role,
    key: ctx.key,
    sentAt: ctx.deps.clock.now(),
  });
  return q.toOrderMessage(message);
}

/** A link to the delivery that works for one hour, for the buyer, the seller and admins. */
export async function createDeliveryLink(ctx: Ctx & { orderId: string }): Promise<DeliveryLink> {
  const row = await readable(ctx, ctx.orderId);
  if (!row.deliveryKey) throw notFound(ordersTexts.noDelivery);
  const link = signDeliveryLink(ctx.deps.config.authSecret, row.id, row.deliveryKey, ctx.deps.clock.now());
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** Follows a signed link: the signature is the permission, the clock decides expiry. */
export async function openDelivery({
  deps,
  orderId,
  expires,
  sig,
}: {
  deps: AppDeps;
  orderId: string;
  expires: number;
  sig: string;
}): Promise<{ body: Readable; fileName: string; contentType: string; size: number }> {
  const row = await q.findOrder(deps.database.db, orderId);
  if (
    !row?.deliveryKey ||
    !verifyDeliveryLink(deps.config.authSecret, row.id, row.deliveryKey, expires, sig, deps.clock.now())
  ) {
    throw new AppError('link_expired', ordersTexts.linkExpired);
  }
  const object = await deps.storage.head(row.deliveryKey);
  if (!object) throw notFound(ordersTexts.noDelivery);
  return {
    body: await deps.storage.get(row.deliveryKey),
    fileName: row.deliveryFileName ?? 'delivery',
    contentType: row.deliveryContentType ?? 'application/octet-stream',
    size: object.size,
  };
}
