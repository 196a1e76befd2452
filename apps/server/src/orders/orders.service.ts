/**
 * The rules of orders (SPEC sections 4 to 7, and the lifecycle of orders.machine.ts): buying a paid
 * offer, every move of the one state machine, canned messages, and the delivered files. Every move
 * runs in one transaction with the row locked, checked against decideOrderMove, written only if the
 * order is still where it was, recorded in the order's history, and told to the other side (a
 * notification, and a mail through the outbox when it commits); the times are the server's.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  decideOrderMove,
  DISPUTE_OUTCOMES,
  isMessageKeyFor,
  PROBLEM_LABELS,
  PROBLEM_REASONS,
  type DisputeList,
  type DisputeOutcome,
  type ProblemReason,
  jobsTexts,
  messageKeysFor,
  orderMessageText,
  ordersTexts,
  sellerPaymentLink,
  type DeliveryLink,
  type NotificationKindName,
  type OrderDetail,
  type OrderEventKind,
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
import { claimUploads, holdUploads, removeStoredFiles } from '../platform/unclaimed-files.ts';
import { createNotification, mailOfTopic } from '../notifications/index.ts';
import { mailHtml } from '../platform/mailer.ts';
import type { ReceivedFile } from '../platform/uploads.ts';
import { signDeliveryLink, verifyDeliveryLink } from './delivery-links.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import * as q from './orders.queries.ts';
import { openOrder } from './orders.quota.ts';
import {
  autoCompleteIn,
  ORDER_TIMER_CHANNEL,
  ORDER_TIMER_JOB,
  setDeliveryTimers,
  setPaymentTimer,
  type OrderTimer,
} from './order-timers.ts';
import type { DataJob } from '../platform/queue.ts';
import type { Actor } from '../auth/index.ts';
import { canReadOrder, orderRoleOf } from './orders.policy.ts';
import { deleteReviewOfOrder } from './reviews.queries.ts';
import { reviewOfOrder } from './reviews.service.ts';
import { adminIds } from '../auth/index.ts';
import { blockedBetween } from '../blocks/index.ts';

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
  const { db } = ctx.deps.database;
  const [messages, deliveries, events, problem, review] = await Promise.all([
    q.listMessages(db, row.id),
    q.listDeliveries(db, row.id),
    q.listEvents(db, row.id),
    // only a disputed order has an open problem, only a completed one (or one disputed after) a review
    row.status === 'disputed' ? q.findOpenProblem(db, row.id) : null,
    row.completedAt ? reviewOfOrder(ctx.deps, row.id) : null,
  ]);
  return q.toOrderDetail(row, orderRoleOf(ctx.actor, row) ?? 'admin', {
    messages: messages.map(q.toOrderMessage),
    deliveries: deliveries.map(q.toOrderDelivery),
    events,
    problem,
    review,
  });
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
    // blocked either way: the offer is not for sale to them, with the text any unavailable offer gets
    if (await blockedBetween(tx, actor.id, offer.sellerId)) throw notFound(ordersTexts.notForSale);
    await q.lockBuyer(tx, actor.id);
    const existing = await q.findUnpaidOrder(tx, actor.id, offer.id);
    if (existing) return existing;
    const paypalLink = sellerPaymentLink(offer.offerPaypalLink);
    if (!paypalLink) throw new AppError('no_payment_link', ordersTexts.noPaymentLink);
    const now = deps.clock.now();
    const id = await openOrder(tx, {
      buyerId: actor.id,
      sellerId: offer.sellerId,
      offerId: offer.id,
      title: offer.title,
      pricePence: offer.pricePence,
      currency: offer.currency,
      paypalLink,
      revisionsAllowed: Math.max(0, offer.revisions),
      createdAt: now,
    });
    await setPaymentTimer(deps, tx, id, 0);
    return id;
  });
  return getOrder({ ...ctx, orderId });
}

/** What a move writes: the order's other columns, and the line it adds to the order's history. */
type MoveWrite = { set?: q.OrderChanges; event: { kind: OrderEventKind; note?: string | null } };

/** What the machine knows of an order (locked for a move, or read to refuse early). */
async function factsOf(
  db: Tx | AppDeps['database']['db'],
  order: Pick<q.LockedOrder, 'status' | 'paymentConfirmedAt' | 'jobId' | 'completedAt'> & {
    revisionsAllowed: number | null;
    revisionsUsed: number | null;
  },
) {
  return {
    status: order.status,
    paymentConfirmed: order.paymentConfirmedAt !== null,
    revisionsLeft: (order.revisionsAllowed ?? 0) - (order.revisionsUsed ?? 0),
    jobStatus: order.jobId ? ((await q.jobStatusOf(db, order.jobId)) as 'declined' | null) : null,
    completedAt: order.completedAt,
  };
}

/** Throws the refusal of a move the machine does not allow. */
function refuse(
  decision: ReturnType<typeof decideOrderMove>,
): asserts decision is { ok: true; to: q.OrderRow['status'] } {
  if (!decision.ok) throw decision.reason === 'role' ? forbidden(decision.message) : conflict(decision.message);
}

/**
 * One move of the state machine, in one transaction: lock the row, ask decideOrderMove, write only
 * if the status is still the one decided on, add it to the history and tell the other side in the
 * same transaction.
 */
async function move(
  ctx: Ctx & { orderId: string; asAdmin?: boolean },
  which: OrderMove,
  write: (now: Date, order: q.LockedOrder, tx: Tx) => MoveWrite | Promise<MoveWrite>,
  tell?: (tx: Tx, row: q.OrderRow, eventId: number) => Promise<void>,
): Promise<q.OrderRow> {
  const { deps, actor, orderId } = ctx;
  return deps.database.db.transaction(async (tx) => {
    const locked = await q.lockOrder(tx, orderId);
    if (!locked || !canReadOrder(actor, locked)) throw orderNotFound();
    // an admin resolving a dispute acts as the admin, even on an order they are a party to
    const role = ctx.asAdmin && actor.isAdmin ? 'admin' : orderRoleOf(actor, locked);
    const now = deps.clock.now();
    const decision = decideOrderMove(await factsOf(tx, locked), role, which, now);
    refuse(decision);
    const { set = {}, event } = await write(now, locked, tx);
    const moved = await q.moveOrder(tx, orderId, locked.status, decision.to, set);
    if (!moved) throw conflict(ordersTexts.wrongState[which](decision.to));
    const eventId = await q.insertEvent(tx, { orderId, kind: event.kind, by: role!, note: event.note, at: now });
    const row = (await q.findOrder(tx, orderId))!;
    await tell?.(tx, row, eventId);
    return row;
  });
}

/** The mail to one side of an order, sent by the outbox when the move commits. */
function orderMail(
  deps: AppDeps,
  row: q.OrderRow,
  to: OrderRole,
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

/** Tells one side of the order what happened, in the move's transaction: a notification, and a mail when `mail` is given. */
async function tellParty(
  deps: AppDeps,
  tx: Tx,
  row: q.OrderRow,
  to: OrderRole,
  notice: { kind: NotificationKindName; title: string; body: string },
  mail?: { subject: string; body: string },
): Promise<void> {
  const userId = to === 'seller' ? row.sellerId : row.buyerId;
  if (userId) await createNotification(tx, { userId, ...notice, link: `/order/${row.id}` });
  const message = mail && orderMail(deps, row, to, mail.subject, mail.body);
  // unless they turned emails about orders off; it carries the one-click unsubscribe for them
  if (message && userId) await mailOfTopic(deps, tx, { userId, topic: 'orders', mail: message });
}

const buyerName = (row: q.OrderRow) => row.buyerName ?? 'The buyer';
const sellerName = (row: q.OrderRow) => row.sellerName ?? 'The seller';

/** The buyer says they have paid (SPEC section 4): a claim the seller confirms; the seller is told in the app and by mail. */
export async function markOrderPaid(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  const { deps } = ctx;
  const row = await move(
    ctx,
    'pay',
    (now) => ({ set: { paidAt: now, paymentConfirmedAt: null }, event: { kind: 'payment_claimed' } }),
    (tx, order) =>
      tellParty(
        deps,
        tx,
        order,
        'seller',
        {
          kind: 'order_paid',
          title: ordersTexts.notification.paid(order.title),
          body: `${order.buyerName ?? 'A buyer'} has paid.`,
        },
        {
          subject: ordersTexts.mail.paidSubject(order.title),
          body: ordersTexts.mail.paidBody(order.buyerName ?? 'A buyer', order.title),
        },
      ),
  );
  return detailOf(ctx, row);
}

/** The seller confirms the money arrived; the buyer is told. */
export async function confirmPayment(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  const row = await move(
    ctx,
    'confirm_payment',
    (now) => ({ set: { paymentConfirmedAt: now }, event: { kind: 'payment_confirmed' } }),
    (tx, order) =>
      tellParty(ctx.deps, tx, order, 'buyer', {
        kind: 'order_payment_confirmed',
        title: ordersTexts.notification.paymentConfirmed(order.title),
        body: `${sellerName(order)} confirmed your payment and will deliver here.`,
      }),
  );
  return detailOf(ctx, row);
}

/** The seller says the claimed money has not arrived: back to awaiting payment, and the buyer is told why. */
export async function rejectPayment(ctx: Ctx & { orderId: string; note?: string | undefined }): Promise<OrderDetail> {
  const row = await move(
    ctx,
    'reject_payment',
    () => ({
      set: { paidAt: null, paymentConfirmedAt: null },
      event: { kind: 'payment_not_received', note: ctx.note },
    }),
    async (tx, order, eventId) => {
      await setPaymentTimer(ctx.deps, tx, order.id, eventId);
      await tellParty(
        ctx.deps,
        tx,
        order,
        'buyer',
        {
          kind: 'order_payment_not_received',
          title: ordersTexts.notification.paymentNotReceived(order.title),
          body: ctx.note || `${sellerName(order)} has not received your payment yet.`,
        },
        {
          subject: ordersTexts.mail.notReceivedSubject(order.title),
          body: ordersTexts.mail.notReceivedBody(sellerName(order), order.title),
        },
      );
    },
  );
  return detailOf(ctx, row);
}

/** The buyer cancels an order awaiting payment; the seller is told. */
export async function cancelOrder(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  const row = await move(
    ctx,
    'cancel',
    (now) => ({ set: { cancelledAt: now, cancelledBy: 'buyer', cancelReason: null }, event: { kind: 'cancelled' } }),
    (tx, order) =>
      tellParty(
        ctx.deps,
        tx,
        order,
        'seller',
        {
          kind: 'order_cancelled',
          title: ordersTexts.notification.cancelled(order.title),
          body: `${buyerName(order)} cancelled the order.`,
        },
        {
          subject: ordersTexts.mail.cancelledSubject(order.title),
          body: ordersTexts.mail.cancelledBody(buyerName(order), order.title),
        },
      ),
  );
  return detailOf(ctx, row);
}

/** The seller declines an order before its payment is confirmed, with a reason; the buyer is told. */
export async function declineOrder(ctx: Ctx & { orderId: string; reason: string }): Promise<OrderDetail> {
  const row = await move(
    ctx,
    'decline',
    (now) => ({
      set: { cancelledAt: now, cancelledBy: 'seller', cancelReason: ctx.reason },
      event: { kind: 'declined', note: ctx.reason },
    }),
    async (tx, order) => {
      // A private job's order declined declines the job: nothing is left for the designer to do.
      if (order.jobId) await q.markJobDeclined(tx, order.jobId);
      await tellParty(
        ctx.deps,
        tx,
        order,
        'buyer',
        {
          kind: 'order_cancelled',
          title: ordersTexts.notification.declined(order.title),
          body: ctx.reason,
        },
        {
          subject: ordersTexts.mail.cancelledSubject(order.title),
          body: ordersTexts.mail.declinedBody(sellerName(order), order.title),
        },
      );
    },
  );
  return detailOf(ctx, row);
}

/**
 * A private job declined by its designer cancels its order in the same transaction, as the seller
 * declining it would: the buyer has nothing to pay. Once the designer confirmed the payment the job
 * can no longer be declined (the machine's rule for declining an order).
 */
export async function declineOrderOfJob(tx: Tx, jobId: string, now: Date): Promise<void> {
  const order = await q.lockOrderOfJob(tx, jobId);
  if (!order || order.status === 'cancelled') return;
  const decision = decideOrderMove(await factsOf(tx, order), 'seller', 'decline');
  if (!decision.ok) throw conflict(jobsTexts.cannotDeclineConfirmed);
  const reason = ordersTexts.jobDeclinedReason;
  if (
    !(await q.moveOrder(tx, order.id, order.status, 'cancelled', {
      cancelledAt: now,
      cancelledBy: 'seller',
      cancelReason: reason,
    }))
  )
    throw conflict(jobsTexts.cannotDeclineConfirmed);
  await q.insertEvent(tx, { orderId: order.id, kind: 'declined', by: 'seller', note: reason, at: now });
}

/** A private job accepted by its designer: its order now waits for payment, with the expiry timer. */
export async function startPaymentTimerOfJob(deps: AppDeps, tx: Tx, jobId: string): Promise<void> {
  const order = await q.lockOrderOfJob(tx, jobId);
  if (order?.status === 'awaiting_payment')
    await setPaymentTimer(deps, tx, order.id, await q.latestMoveOf(tx, order.id));
}

/**
 * A timer come due (order-timers.ts): under the order's lock, and only if no move came since it was
 * set. The reminder tells the buyer; completing and expiring are the machine's 'system' moves.
 */
export async function runOrderTimer(deps: AppDeps, timer: OrderTimer): Promise<'moved' | 'reminded' | 'left alone'> {
  return deps.database.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, timer.orderId);
    if (!order || (await q.latestMoveOf(tx, order.id)) !== timer.after) return 'left alone';
    const now = deps.clock.now();
    if (timer.kind === 'remind') {
      if (order.status !== 'delivered') return 'left alone';
      await q.insertEvent(tx, { orderId: order.id, kind: 'reminded', by: 'system', at: now });
      const row = (await q.findOrder(tx, order.id))!;
      await tellParty(deps, tx, row, 'buyer', {
        kind: 'order_reminder',
        title: ordersTexts.notification.reminder(row.title),
        body: ordersTexts.notification.reminderBody(autoCompleteIn(deps)),
      });
      return 'reminded';
    }
    const decision = decideOrderMove(await factsOf(tx, order), 'system', timer.kind);
    if (!decision.ok) return 'left alone';
    const expired = timer.kind === 'expire';
    const set: q.OrderChanges = expired
      ? { cancelledAt: now, cancelledBy: 'system', cancelReason: null }
      : { completedAt: now };
    if (!(await q.moveOrder(tx, order.id, order.status, decision.to, set))) return 'left alone';
    await q.insertEvent(tx, { orderId: order.id, kind: expired ? 'expired' : 'auto_completed', by: 'system', at: now });
    const row = (await q.findOrder(tx, order.id))!;
    if (expired) {
      const notice = {
        kind: 'order_cancelled',
        title: ordersTexts.notification.expired(row.title),
        body: ordersTexts.notification.expiredBody,
      } as const;
      const mail = {
        subject: ordersTexts.mail.cancelledSubject(row.title),
        body: ordersTexts.mail.expiredBody(row.title),
      };
      await tellParty(deps, tx, row, 'buyer', notice, mail);
      await tellParty(deps, tx, row, 'seller', notice);
    } else {
      const notice = {
        kind: 'order_completed',
        title: ordersTexts.notification.autoCompleted(row.title),
        body: ordersTexts.mail.autoCompletedBody(row.title),
      } as const;
      await tellParty(deps, tx, row, 'seller', notice, {
        subject: ordersTexts.mail.completedSubject(row.title),
        body: ordersTexts.mail.autoCompletedBody(row.title),
      });
      await tellParty(deps, tx, row, 'buyer', notice);
    }
    return 'moved';
  });
}

/** Refuses early, before the upload is read, when this person may not deliver (or replace) this order now. */
export async function assertCanDeliver(ctx: Ctx & { orderId: string; replace?: boolean }): Promise<void> {
  const row = await readable(ctx, ctx.orderId);
  const facts = await factsOf(ctx.deps.database.db, row);
  refuse(decideOrderMove(facts, orderRoleOf(ctx.actor, row), ctx.replace ? 'replace_delivery' : 'deliver'));
}

/** Where a delivered file is stored: under its order, unique per upload. */
const deliveryKeyFor = (deps: AppDeps, orderId: string, file: ReceivedFile) =>
  `deliveries/orders/${orderId}/${deps.clock.now().getTime()}-${randomUUID().slice(0, 8)}.${file.ext}`;

/**
 * The seller's file goes to storage first; the order moves only if it still may, else the file is
 * removed. Delivering confirms the payment; a private job's order delivered marks the job delivered.
 */
export async function deliverOrder(ctx: Ctx & { orderId: string; file: ReceivedFile }): Promise<OrderDetail> {
  const { deps, orderId, file } = ctx;
  const key = deliveryKeyFor(deps, orderId, file);
  const row = await storeThen(deps, key, file, () =>
    move(
      ctx,
      'deliver',
      async (now, order, tx) => {
        await claimUploads(tx, [key]);
        await q.insertDelivery(tx, {
          orderId,
          storageKey: key,
          fileName: file.fileName,
          contentType: file.mime,
          at: now,
        });
        return {
          set: {
            deliveredAt: now,
            paymentConfirmedAt: order.paymentConfirmedAt ?? now,
            deliveryKey: key,
            deliveryFileName: file.fileName,
            deliveryContentType: file.mime,
          },
          event: { kind: 'delivered' },
        };
      },
      async (tx, order, eventId) => {
        if (order.jobId) await q.markJobDelivered(tx, order.jobId);
        await setDeliveryTimers(deps, tx, order.id, eventId);
        await tellParty(
          deps,
          tx,
          order,
          'buyer',
          {
            kind: 'order_delivered',
            title: ordersTexts.notification.delivered(order.title),
            body: `${sellerName(order)} has delivered your order.`,
          },
          {
            subject: ordersTexts.mail.deliveredSubject(order.title),
            body: ordersTexts.mail.deliveredBody(sellerName(order), order.title),
          },
        );
      },
    ),
  );
  return detailOf(ctx, row);
}

/**
 * The seller replaces the delivered file before the buyer acts: the new file takes the old one's
 * place in the order's files, and the old one is removed from storage once the change commits.
 */
export async function replaceDelivery(ctx: Ctx & { orderId: string; file: ReceivedFile }): Promise<OrderDetail> {
  const { deps, orderId, file } = ctx;
  const key = deliveryKeyFor(deps, orderId, file);
  let replaced: string | null = null;
  const row = await storeThen(deps, key, file, () =>
    move(
      ctx,
      'replace_delivery',
      async (now, order, tx) => {
        replaced = order.deliveryKey;
        if (replaced) await q.deleteDelivery(tx, orderId, replaced);
        await claimUploads(tx, [key]);
        await q.insertDelivery(tx, {
          orderId,
          storageKey: key,
          fileName: file.fileName,
          contentType: file.mime,
          at: now,
        });
        return {
          set: { deliveredAt: now, deliveryKey: key, deliveryFileName: file.fileName, deliveryContentType: file.mime },
          event: { kind: 'delivery_replaced' },
        };
      },
      async (tx, order, eventId) => {
        // The buyer gets the whole time again for the new file.
        await setDeliveryTimers(deps, tx, order.id, eventId);
        await tellParty(deps, tx, order, 'buyer', {
          kind: 'order_delivered',
          title: ordersTexts.notification.deliveryReplaced(ctx.file.fileName),
          body: 'The seller replaced the delivered file. Download the new one from the order.',
        });
      },
    ),
  );
  if (replaced) await removeStoredFiles(deps, [replaced]);
  return detailOf(ctx, row);
}

/**
 * Stores the upload, then runs the move, which claims the file in its transaction; a refused move (or a
 * storage that refused the file) removes it, now or, if storage refuses that too, later by the queue.
 * The temp file always goes.
 */
async function storeThen<T>(deps: AppDeps, key: string, file: ReceivedFile, work: () => Promise<T>): Promise<T> {
  try {
    await holdUploads(deps.database, [key]);
    try {
      await deps.storage.put(key, createReadStream(file.tempPath), file.mime);
      return await work();
    } catch (error) {
      await removeStoredFiles(deps, [key]);
      throw error;
    }
  } finally {
    await rm(file.tempPath, { force: true });
  }
}

/** The buyer asks for changes with a note, within the offer's revisions: back to the seller (paid). */
export async function requestChanges(ctx: Ctx & { orderId: string; note: string }): Promise<OrderDetail> {
  const row = await move(
    ctx,
    'request_changes',
    (_now, order) => ({
      set: { revisionsUsed: order.revisionsUsed + 1 },
      event: { kind: 'changes_requested', note: ctx.note },
    }),
    (tx, order) =>
      tellParty(
        ctx.deps,
        tx,
        order,
        'seller',
        {
          kind: 'order_changes_requested',
          title: ordersTexts.notification.changesRequested(order.title),
          body: ctx.note,
        },
        {
          subject: ordersTexts.mail.changesSubject(order.title),
          body: ordersTexts.mail.changesBody(buyerName(order), order.title),
        },
      ),
  );
  return detailOf(ctx, row);
}

/** The buyer accepts the delivery ("Accept & Complete Order"); the seller is told in the app and by mail. */
export async function completeOrder(ctx: Ctx & { orderId: string }): Promise<OrderDetail> {
  const row = await move(
    ctx,
    'complete',
    (now) => ({ set: { completedAt: now }, event: { kind: 'completed' } }),
    (tx, order) =>
      tellParty(
        ctx.deps,
        tx,
        order,
        'seller',
        {
          kind: 'order_completed',
          title: ordersTexts.notification.completed(order.title),
          body: `${buyerName(order)} accepted the delivery.`,
        },
        {
          subject: ordersTexts.mail.completedSubject(order.title),
          body: ordersTexts.mail.completedBody(buyerName(order), order.title),
        },
      ),
  );
  return detailOf(ctx, row);
}

/**
 * Either side reports a problem (from payment onward, and for PROBLEM_REPORT_DAYS after completion):
 * the order is disputed, which stops its timers (a timer runs only if no move came since it was
 * set). The other side is told in the app and by mail, the admins in the app.
 */
export async function reportProblem(
  ctx: Ctx & { orderId: string; reason: ProblemReason; details: string },
): Promise<OrderDetail> {
  const { deps } = ctx;
  // the machine let only the buyer or the seller through
  const reporterOf = (order: { buyerId: string | null; sellerId: string | null }) => orderRoleOf(ctx.actor, order)!;
  const row = await move(
    ctx,
    'report_problem',
    async (now, order, tx) => {
      await q.insertProblem(tx, {
        orderId: order.id,
        reportedBy: reporterOf(order),
        reason: ctx.reason,
        details: ctx.details,
        at: now,
        fromStatus: order.status,
      });
      return { event: { kind: 'problem_reported', note: `${PROBLEM_REASONS[ctx.reason]}: ${ctx.details}` } };
    },
    async (tx, order) => {
      const reporter = reporterOf(order);
      const other: OrderRole = reporter === 'buyer' ? 'seller' : 'buyer';
      const who = reporter === 'buyer' ? buyerName(order) : sellerName(order);
      const notice = {
        kind: 'order_problem',
        title: ordersTexts.notification.problem(order.title),
        body: `${who}: ${PROBLEM_REASONS[ctx.reason]}`,
      } as const;
      const mail = {
        subject: ordersTexts.mail.problemSubject(order.title),
        body: ordersTexts.mail.problemBody(who, order.title),
      };
      await tellParty(deps, tx, order, other, notice, mail);
      await tellParty(deps, tx, order, reporter, notice, mail);
      const parties = new Set([order.buyerId, order.sellerId]);
      for (const admin of await adminIds(tx))
        if (!parties.has(admin)) await createNotification(tx, { userId: admin, ...notice, link: `/order/${order.id}` });
    },
  );
  return detailOf(ctx, row);
}

/** One page of the open disputes for the admins, the longest waiting first (a damaged cursor starts from the top). */
export async function listDisputes({
  deps,
  cursor,
}: {
  deps: AppDeps;
  cursor?: string | undefined;
}): Promise<DisputeList> {
  const position = decodeTimeCursor(cursor, 'text');
  const page = await q.listOpenDisputes(
    deps.database.db,
    position && /^[1-9][0-9]{0,17}$/.test(position.id) ? position : null,
  );
  return {
    disputes: page.rows.map((row) => ({ ...q.toOrderSummary(row), problem: row.problem })),
    nextCursor: page.nextCursor,
  };
}

const RESOLUTIONS = {
  complete: { move: 'resolve_complete', event: 'resolved_completed' },
  cancel: { move: 'resolve_cancel', event: 'resolved_cancelled' },
  redeliver: { move: 'resolve_redeliver', event: 'resolved_redeliver' },
} as const satisfies Record<DisputeOutcome, { move: OrderMove; event: OrderEventKind }>;

/**
 * An admin resolves a dispute: completes the order, cancels it (a refund, if any, is agreed outside
 * GigReel and said in the note; a cancelled order loses its review) or sends it back to the seller to
 * deliver. Both sides receive the note in the app and by mail.
 */
export async function resolveDispute(
  ctx: Ctx & { orderId: string; outcome: DisputeOutcome; note: string },
): Promise<OrderDetail> {
  const { deps, outcome, note } = ctx;
  const resolution = RESOLUTIONS[outcome];
  const row = await move(
    { ...ctx, asAdmin: true },
    resolution.move,
    async (now, order, tx) => {
      if (!(await q.resolveProblem(tx, order.id, { by: ctx.actor.id, outcome, note, at: now })))
        throw conflict(ordersTexts.wrongState[resolution.move](order.status));
      if (outcome === 'cancel') await deleteReviewOfOrder(tx, order.id);
      const set: q.OrderChanges =
        outcome === 'complete'
          ? { completedAt: order.completedAt ?? now }
          : outcome === 'cancel'
            ? { cancelledAt: now, cancelledBy: 'admin', cancelReason: note }
            : // back to the seller: an order reported after it completed is no longer complete
              { completedAt: null };
      return { set, event: { kind: resolution.event, note } };
    },
    async (tx, order) => {
      const done = DISPUTE_OUTCOMES[outcome].done;
      const notice = {
        kind: 'order_resolved',
        title: ordersTexts.notification.resolved(order.title),
        body: note,
      } as const;
      const mail = {
        subject: ordersTexts.mail.resolvedSubject(order.title),
        body: ordersTexts.mail.resolvedBody(order.title, done, note),
      };
      await tellParty(deps, tx, order, 'buyer', notice, mail);
      await tellParty(deps, tx, order, 'seller', notice, mail);
    },
  );
  return detailOf(ctx, row);
}

/**
 * A person is suspended (issue 17): each of their orders still under way is held for an admin as a
 * problem the admins file themselves, so it reaches the Disputes tab and waits there; the other side
 * is told in the app and by mail. Not a move either side asks for, so not one of the machine's: the
 * suspension itself decides it, in the suspension's transaction.
 */
export async function holdOrdersOfSuspended(deps: AppDeps, tx: Tx, userId: string, now: Date): Promise<number> {
  const open = await q.lockOpenOrdersOf(tx, userId);
  for (const order of open) {
    const side: OrderRole = order.sellerId === userId ? 'seller' : 'buyer';
    const details = ordersTexts.problem.heldDetails(side);
    await q.moveOrder(tx, order.id, order.status, 'disputed', {});
    await q.insertProblem(tx, {
      orderId: order.id,
      reportedBy: 'admin',
      reason: 'account_suspended',
      details,
      at: now,
      fromStatus: order.status,
    });
    await q.insertEvent(tx, { orderId: order.id, kind: 'problem_reported', by: 'admin', note: details, at: now });
    const row = (await q.findOrder(tx, order.id))!;
    await tellParty(
      deps,
      tx,
      row,
      side === 'seller' ? 'buyer' : 'seller',
      {
        kind: 'order_problem',
        title: ordersTexts.notification.problem(row.title),
        body: PROBLEM_LABELS.account_suspended,
      },
      { subject: ordersTexts.mail.heldSubject(row.title), body: ordersTexts.mail.heldBody(row.title) },
    );
  }
  return open.length;
}

/**
 * A message from the viewer's side of the order: one of that side's canned keys that fits the order's
 * state, or their own text (already checked and stripped of markup by the route's schema), on any
 * order that is not cancelled. The other side is told, which reaches their open order page live.
 */
export async function sendOrderMessage(
  ctx: Ctx & { orderId: string; key?: string | undefined; text?: string | undefined },
): Promise<OrderMessage> {
  const row = await readable(ctx, ctx.orderId);
  const role = orderRoleOf(ctx.actor, row);
  if (!role) throw forbidden(ordersTexts.notAParty);
  if (ctx.key !== undefined) {
    if (!isMessageKeyFor(role, ctx.key)) throw new AppError('bad_request', ordersTexts.wrongMessageKey, 'key');
    if (!messageKeysFor(role, row.status).includes(ctx.key)) throw conflict(ordersTexts.messageDoesNotFit(row.status));
  } else if (row.status === 'cancelled') throw conflict(ordersTexts.messageDoesNotFit(row.status));
  const { deps } = ctx;
  const message = await deps.database.db.transaction(async (tx) => {
    const stored = await q.insertMessage(tx, {
      orderId: row.id,
      senderRole: role,
      ...(ctx.key !== undefined ? { key: ctx.key } : { text: ctx.text! }),
      sentAt: deps.clock.now(),
    });
    const to = role === 'buyer' ? 'seller' : 'buyer';
    const from = role === 'buyer' ? buyerName(row) : sellerName(row);
    await tellParty(deps, tx, row, to, {
      kind: 'order_message',
      title: ordersTexts.notification.message(row.title),
      body: `${from}: ${ctx.text ?? orderMessageText(ctx.key!)}`.slice(0, 200),
    });
    return stored;
  });
  return q.toOrderMessage(message);
}

/** A link to a delivered file (the latest, or the one asked for) that works for one hour, for the buyer, the seller and admins. */
export async function createDeliveryLink(ctx: Ctx & { orderId: string; deliveryId?: string }): Promise<DeliveryLink> {
  const row = await readable(ctx, ctx.orderId);
  const delivery = await q.findDelivery(ctx.deps.database.db, row.id, ctx.deliveryId);
  if (!delivery) throw notFound(ordersTexts.noDelivery);
  const link = signDeliveryLink(ctx.deps.config.authSecret, row.id, delivery, ctx.deps.clock.now());
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** Follows a signed link: the signature is the permission, the clock decides expiry. */
export async function openDelivery({
  deps,
  orderId,
  deliveryId,
  expires,
  sig,
}: {
  deps: AppDeps;
  orderId: string;
  deliveryId?: string | undefined;
  expires: number;
  sig: string;
}): Promise<{ body: Readable; fileName: string; contentType: string; size: number }> {
  const delivery = await q.findDelivery(deps.database.db, orderId, deliveryId);
  if (
    !delivery ||
    !verifyDeliveryLink(deps.config.authSecret, orderId, delivery.storageKey, expires, sig, deps.clock.now())
  ) {
    throw new AppError('link_expired', ordersTexts.linkExpired);
  }
  const object = await deps.storage.head(delivery.storageKey);
  if (!object) throw notFound(ordersTexts.noDelivery);
  return {
    body: await deps.storage.get(delivery.storageKey),
    fileName: delivery.fileName,
    contentType: delivery.contentType,
    size: object.size,
  };
}

/** The timers' worker, started with the background work (and by the API tests' harness). */
export function orderTimerJob(deps: AppDeps): DataJob<OrderTimer> {
  return {
    name: ORDER_TIMER_JOB,
    wakeChannel: ORDER_TIMER_CHANNEL,
    handle: async (timer) => {
      await runOrderTimer(deps, timer);
    },
  };
}
