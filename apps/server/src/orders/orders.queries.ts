/** The only place the orders feature touches the database, and the presenters of what it reads. */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  sellerPaymentLink,
  type JobStatus,
  type OrderActor,
  type OrderDelivery,
  type OrderDetail,
  type OrderEvent,
  type OrderEventKind,
  type OrderMessage,
  type OrderProblem,
  type OrderRole,
  type OrderStatus,
  type OrderSummary,
} from '@gigreel/core';
import type { Database, Db, Tx } from '../db/connection.ts';
import { cursorValues, encodePageCursor, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedKeysetPages, preparedOnce, preparedPages } from '../db/prepared.ts';
import { establishedSql, moveRankedSql } from '../db/ranked.ts';
import { readTallies } from '../db/tallies.queries.ts';
import {
  offers,
  orderDeliveries,
  orderEvents,
  orderMessages,
  orderProblems,
  orders,
  privateJobs,
  reviews,
  users,
} from '../db/schema.ts';

type Conn = Db | Tx;
const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** What a list shows of an order (toOrderSummary): no offer, job or delivery, so no joins beyond the two people. */
const summaryColumns = {
  id: orders.id,
  buyerId: orders.buyerId,
  sellerId: orders.sellerId,
  jobId: orders.jobId,
  title: orders.title,
  pricePence: orders.pricePence,
  status: orders.status,
  createdAt: orders.createdAt,
  buyerName: buyer.name,
  sellerName: seller.name,
  jobStatus: privateJobs.status,
};

const orderColumns = {
  ...summaryColumns,
  offerId: orders.offerId,
  paypalLink: orders.paypalLink,
  deliveryKey: orders.deliveryKey,
  deliveryFileName: orders.deliveryFileName,
  deliveryContentType: orders.deliveryContentType,
  paidAt: orders.paidAt,
  paymentConfirmedAt: orders.paymentConfirmedAt,
  deliveredAt: orders.deliveredAt,
  completedAt: orders.completedAt,
  cancelledAt: orders.cancelledAt,
  cancelledBy: orders.cancelledBy,
  cancelReason: orders.cancelReason,
  revisionsAllowed: orders.revisionsAllowed,
  revisionsUsed: orders.revisionsUsed,
  buyerEmail: buyer.email,
  sellerEmail: seller.email,
  sellerPaypalLink: seller.paypalLink,
  offerMediaKey: offers.mediaKey,
  jobTitle: privateJobs.title,
  jobBudgetPence: privateJobs.budgetPence,
};

type Nullable<T extends Record<string, { _: { data: unknown } }>> = { [K in keyof T]: T[K]['_']['data'] | null };

/** An order as a list shows it. */
export type OrderSummaryRow = Omit<Nullable<typeof summaryColumns>, 'status'> & {
  id: string;
  status: OrderStatus;
  title: string;
  createdAt: Date;
};

/** An order with everything its page shows. */
export type OrderRow = Omit<Nullable<typeof orderColumns>, 'status'> & OrderSummaryRow;

/** The order as its reader gets it (core's orders.schemas.ts): the one place an order row is shaped for the client. */
export function toOrderSummary(row: OrderSummaryRow): OrderSummary {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    pricePence: row.pricePence,
    createdAt: row.createdAt.toISOString(),
    buyer: row.buyerId ? { id: row.buyerId, displayName: row.buyerName ?? 'Unknown' } : null,
    seller: row.sellerId ? { id: row.sellerId, displayName: row.sellerName ?? 'Unknown' } : null,
    jobId: row.jobId,
    jobStatus: row.jobId ? ((row.jobStatus ?? 'pending') as JobStatus) : null,
  };
}

/** What an order's page shows beside the row: its messages, every delivered file, its history, its open problem and its review. */
export type OrderExtras = {
  messages: OrderMessage[];
  deliveries: OrderDelivery[];
  events: OrderEvent[];
  problem: OrderProblem | null;
  review: OrderDetail['review'];
};

export function toOrderDetail(
  row: OrderRow,
  viewerRole: OrderRole | 'admin',
  { messages, deliveries, events, problem, review }: OrderExtras,
): OrderDetail {
  return {
    ...toOrderSummary(row),
    viewerRole,
    // The link stored with the order; a private job sent before the designer entered one takes theirs now.
    paypalLink: sellerPaymentLink(row.paypalLink) ?? (row.jobId ? sellerPaymentLink(row.sellerPaypalLink) : null),
    offer: row.offerId ? { id: row.offerId, mediaUrl: row.offerMediaKey ? `/media/${row.offerMediaKey}` : '' } : null,
    job: row.jobId
      ? {
          id: row.jobId,
          title: row.jobTitle ?? row.title,
          budgetPence: row.jobBudgetPence ?? null,
          status: (row.jobStatus ?? 'pending') as JobStatus,
        }
      : null,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentConfirmedAt: row.paymentConfirmedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: (row.cancelledBy as OrderActor | null) ?? null,
    cancelReason: row.cancelReason,
    revisions: { allowed: row.revisionsAllowed ?? 0, used: row.revisionsUsed ?? 0 },
    delivery: row.deliveryKey
      ? {
          fileName: row.deliveryFileName ?? 'delivery',
          contentType: row.deliveryContentType ?? 'application/octet-stream',
        }
      : null,
    deliveries,
    events,
    messages,
    problem,
    review,
  };
}

type MessageRow = { id: string; senderRole: string; key: string | null; text: string | null; sentAt: Date };
export const toOrderMessage = (m: MessageRow): OrderMessage => ({
  id: m.id,
  senderRole: m.senderRole as OrderRole,
  key: m.key,
  text: m.text,
  sentAt: m.sentAt.toISOString(),
});
const messageColumns = {
  id: orderMessages.id,
  senderRole: orderMessages.senderRole,
  key: orderMessages.messageKey,
  text: orderMessages.body,
  sentAt: orderMessages.sentAt,
};

/** Rows also carry created_at as PostgreSQL's text (microseconds kept), for a list's next-page cursor. */
function selectOrders(db: Conn) {
  return db
    .select({ ...orderColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .leftJoin(buyer, eq(buyer.id, orders.buyerId))
    .leftJoin(seller, eq(seller.id, orders.sellerId))
    .leftJoin(offers, eq(offers.id, orders.offerId))
    .leftJoin(privateJobs, eq(privateJobs.id, orders.jobId));
}

const orderById = preparedOnce((db) =>
  selectOrders(db)
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('order_by_id'),
);

export async function findOrder(db: Conn, id: string): Promise<OrderRow | null> {
  const [row] = await orderById(db).execute({ id });
  return (row as OrderRow | undefined) ?? null;
}

/** Locks the order row until the transaction ends, so two moves on one order run one after the other. */
export type LockedOrder = {
  id: string;
  status: OrderStatus;
  buyerId: string | null;
  sellerId: string | null;
  jobId: string | null;
  paymentConfirmedAt: Date | null;
  revisionsAllowed: number;
  revisionsUsed: number;
  deliveryKey: string | null;
  completedAt: Date | null;
  offerId: string | null;
  /** Whether the completed order counts for its offer's rank (moveOrder decides it). */
  countsForRank: boolean;
};
const lockedOrder = preparedOnce((db) =>
  db
    .select({
      id: orders.id,
      status: orders.status,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      jobId: orders.jobId,
      paymentConfirmedAt: orders.paymentConfirmedAt,
      revisionsAllowed: orders.revisionsAllowed,
      revisionsUsed: orders.revisionsUsed,
      deliveryKey: orders.deliveryKey,
      completedAt: orders.completedAt,
      offerId: orders.offerId,
      countsForRank: orders.countsForRank,
    })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update')
    .prepare('lock_order'),
);

export async function lockOrder(tx: Tx, id: string): Promise<LockedOrder | null> {
  const [row] = await lockedOrder(tx).execute({ id });
  return (row as LockedOrder | undefined) ?? null;
}

export async function jobStatusOf(db: Conn, jobId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: privateJobs.status })
    .from(privateJobs)
    .where(eq(privateJobs.id, jobId))
    .limit(1);
  return row?.status ?? null;
}

/** A person's orders come 30 to a page (the performance review: one big page cost too much per open). */
export const ORDERS_PAGE_SIZE = 30;

/**
 * One page of the person's orders as buyer or seller, newest first, after `cursor`. The cursor only
 * positions: the person's own column still decides which orders they see.
 */
export async function listOrdersOf(
  db: Db,
  userId: string,
  role: 'buyer' | 'seller',
  cursor: TimeCursor | null = null,
): Promise<{ rows: OrderSummaryRow[]; nextCursor: string | null }> {
  const rows = await orderPages[role](db, cursor).execute({ userId, ...cursorValues(cursor) });
  return pageOf(rows as Array<OrderSummaryRow & { cursorAt: string }>, ORDERS_PAGE_SIZE);
}

const orderPagesOf = (column: typeof orders.buyerId | typeof orders.sellerId, name: string) =>
  preparedPages((db, after) =>
    db
      .select({ ...summaryColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .leftJoin(buyer, eq(buyer.id, orders.buyerId))
      .leftJoin(seller, eq(seller.id, orders.sellerId))
      .leftJoin(privateJobs, eq(privateJobs.id, orders.jobId))
      .where(and(eq(column, sql.placeholder('userId')), after(orders.createdAt, orders.id)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE + 1)
      .prepare(name),
  );
const orderPages = {
  buyer: orderPagesOf(orders.buyerId, 'orders_bought'),
  seller: orderPagesOf(orders.sellerId, 'orders_sold'),
};

/** How many orders the person has bought and sold, from the tallies (not their whole history). */
export async function countOrdersOf(database: Database, userId: string): Promise<{ buyer: number; seller: number }> {
  const [bought, sold] = await readTallies(database, [
    { topic: 'bought', subject: userId },
    { topic: 'sold', subject: userId },
  ]);
  return { buyer: bought!.count, seller: sold!.count };
}

/** What buying needs to know about an offer and its seller. */
export async function findOfferForSale(db: Conn, offerId: string) {
  const [row] = await db
    .select({
      id: offers.id,
      sellerId: offers.userId,
      title: offers.title,
      isPaidOffer: offers.isPaidOffer,
      isApproved: offers.isApproved,
      pricePence: offers.pricePence,
      currency: offers.currency,
      revisions: offers.revisions,
      offerPaypalLink: offers.paypalLink,
      sellerName: users.name,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.userId))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises everything that opens an order or a private job for one buyer, inside the transaction,
 * on PGlite and PostgreSQL alike, so quotas are counted and used one request at a time.
 */
export async function lockBuyer(tx: Tx, buyerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders-of:${buyerId}`}))`);
}

/**
 * What the order quotas look at: the buyer's open orders of offers with this seller (awaiting
 * payment, or paid and not yet delivered) and every order the buyer opened since `since`.
 */
export async function orderQuotaOf(
  db: Conn,
  buyerId: string,
  sellerId: string,
  since: Date,
): Promise<{ openWithSeller: number; openedSince: number }> {
  const open = and(
    eq(orders.sellerId, sellerId),
    isNull(orders.jobId),
    inArray(orders.status, ['awaiting_payment', 'paid']),
  );
  const [row] = await db
    .select({
      openWithSeller: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
      openedSince:
        sql<number>`count(*) filter (where ${orders.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.buyerId, buyerId));
  return { openWithSeller: row?.openWithSeller ?? 0, openedSince: row?.openedSince ?? 0 };
}

export async function findUnpaidOrder(db: Conn, buyerId: string, offerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.offerId, offerId), eq(orders.status, 'awaiting_payment')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export type NewOrder = {
  buyerId: string;
  sellerId: string;
  offerId?: string | null;
  jobId?: string | null;
  title: string;
  pricePence: number | null;
  currency?: string;
  paypalLink: string | null;
  /** Change requests included: the offer's revisions (SPEC default 1). */
  revisionsAllowed?: number;
  createdAt: Date;
};

export async function insertOrder(db: Conn, order: NewOrder): Promise<string> {
  const [row] = await db
    .insert(orders)
    .values({ ...order, status: 'awaiting_payment' })
    .returning({ id: orders.id });
  if (!row) throw new Error('order not stored');
  return row.id;
}

/** What a move writes on the order row besides its status. */
export type OrderChanges = Partial<{
  paidAt: Date | null;
  paymentConfirmedAt: Date | null;
  deliveredAt: Date;
  completedAt: Date | null;
  cancelledAt: Date;
  cancelledBy: OrderActor;
  cancelReason: string | null;
  revisionsUsed: number;
  deliveryKey: string;
  deliveryFileName: string;
  deliveryContentType: string;
}>;

/**
 * Moves the order only if it is still in `from`; returns false when someone else moved it first.
 * Completing counts for the offer's rank (issue 17) when the buyer was established when the order
 * completed and is not its seller: counts_for_rank records it, and the order (with its review, if it
 * has one) is added to the offer's ranked columns. Leaving completed (a problem reported after, a
 * dispute resolved otherwise) takes off exactly what that mark says was added.
 */
export async function moveOrder(
  db: Conn,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  set: OrderChanges,
): Promise<boolean> {
  // Built only for the two moves that change the rank; the plain move is a prepared statement.
  const where = () => and(eq(orders.id, id), eq(orders.status, from));
  if (to === 'completed' && from !== 'completed') {
    if (!set.completedAt) throw new Error('an order completes with its completed_at');
    const counts = sql`${orders.buyerId} is distinct from ${orders.sellerId} and ${establishedSql(sql`${orders.buyerId}`, set.completedAt)}`;
    const [row] = await db
      .update(orders)
      .set({ status: to, ...set, countsForRank: counts })
      .where(where())
      .returning({ offerId: orders.offerId, counted: orders.countsForRank });
    if (row?.counted && row.offerId) await rankOrderOnOffer(db, id, row.offerId, 1);
    return !!row;
  }
  if (from === 'completed' && to !== 'completed') {
    // the statement's snapshot still holds the mark the order had before this update
    const before = db
      .$with('before')
      .as(db.select({ counted: orders.countsForRank }).from(orders).where(eq(orders.id, id)));
    const [row] = await db
      .with(before)
      .update(orders)
      .set({ status: to, ...set, countsForRank: false })
      .where(where())
      .returning({ offerId: orders.offerId, wasCounted: sql<boolean>`(select ${before.counted} from ${before})` });
    if (row?.wasCounted && row.offerId) await rankOrderOnOffer(db, id, row.offerId, -1);
    return !!row;
  }
  const rows = await plainMove(set)(db).execute({ ...set, id, from, to });
  return rows.length === 1;
}

type MoveStatement = (db: Conn) => { execute(values: Record<string, unknown>): Promise<Array<{ id: string }>> };

/**
 * A move that touches no rank, prepared once per kind of change: which columns it sets, and which of
 * them to null (written into the statement: a placeholder's value goes through the column's encoder,
 * which has no null).
 */
const plainMoves = new Map<string, MoveStatement>();

function plainMove(set: OrderChanges): MoveStatement {
  const changes = Object.entries(set)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => [column, value === null] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  const key = changes.map(([column, toNull]) => (toNull ? `${column}=null` : column)).join(',');
  let statement = plainMoves.get(key);
  if (!statement) {
    const values = changes.map(([column, toNull]) => [column, toNull ? sql`null` : sql.placeholder(column)]);
    statement = preparedOnce((db) =>
      db
        .update(orders)
        .set({ status: sql`${sql.placeholder('to')}`, ...Object.fromEntries(values) })
        .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.status, sql.placeholder('from'))))
        .returning({ id: orders.id })
        .prepare(`move_order_${key}`),
    ) as MoveStatement;
    plainMoves.set(key, statement);
  }
  return statement;
}

/** Adds (1) or takes off (-1) a counted order and its review's stars on the offer's rank, in one UPDATE. */
async function rankOrderOnOffer(db: Conn, orderId: string, offerId: string, sign: 1 | -1): Promise<void> {
  const moves = moveRankedSql({
    ranked_orders: sign,
    ranked_reviews: `${sign} * r.n`,
    ranked_rating_sum: `${sign} * r.stars`,
  });
  await db.execute(sql`
    update ${offers} set ${sql.raw(moves)}
    from (select count(*)::int as n, coalesce(sum(rating), 0)::int as stars from ${reviews} where order_id = ${orderId}) r
    where ${offers.id} = ${offerId}`);
}

const eventInsert = preparedOnce((db) =>
  db
    .insert(orderEvents)
    .values({
      orderId: sql.placeholder('orderId'),
      kind: sql.placeholder('kind'),
      byRole: sql.placeholder('by'),
      note: sql.placeholder('note'),
      createdAt: sql.placeholder('at'),
    })
    .returning({ id: orderEvents.id })
    .prepare('insert_order_event'),
);

export async function insertEvent(
  db: Conn,
  event: { orderId: string; kind: OrderEventKind; by: OrderActor; note?: string | null; at: Date },
): Promise<number> {
  const [row] = await eventInsert(db).execute({ ...event, note: event.note || null });
  return row!.id;
}

const eventsOfOrder = preparedOnce((db) =>
  db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      by: orderEvents.byRole,
      note: orderEvents.note,
      at: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, sql.placeholder('orderId')))
    .orderBy(orderEvents.id)
    .prepare('order_events'),
);

export async function listEvents(db: Conn, orderId: string): Promise<OrderEvent[]> {
  const rows = await eventsOfOrder(db).execute({ orderId });
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind as OrderEventKind,
    by: row.by as OrderActor,
    note: row.note,
    at: row.at.toISOString(),
  }));
}

export async function insertDelivery(
  db: Conn,
  delivery: { orderId: string; storageKey: string; fileName: string; contentType: string; at: Date },
): Promise<void> {
  await db.insert(orderDeliveries).values({
    orderId: delivery.orderId,
    storageKey: delivery.storageKey,
    fileName: delivery.fileName,
    contentType: delivery.contentType,
    deliveredAt: delivery.at,
  });
}

/** Removes the delivery stored under `storageKey` (a replaced file); returns whether there was one. */
export async function deleteDelivery(db: Conn, orderId: string, storageKey: string): Promise<boolean> {
  const rows = await db
    .delete(orderDeliveries)
    .where(and(eq(orderDeliveries.orderId, orderId), eq(orderDeliveries.storageKey, storageKey)))
    .returning({ id: orderDeliveries.id });
  return rows.length > 0;
}

const deliveryColumns = {
  id: orderDeliveries.id,
  storageKey: orderDeliveries.storageKey,
  fileName: orderDeliveries.fileName,
  contentType: orderDeliveries.contentType,
  deliveredAt: orderDeliveries.deliveredAt,
};
export type DeliveryRow = { id: number; storageKey: string; fileName: string; contentType: string; deliveredAt: Date };

/** Every delivered file of the order, oldest first. */
const deliveriesOfOrder = preparedOnce((db) =>
  db
    .select(deliveryColumns)
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, sql.placeholder('orderId')))
    .orderBy(orderDeliveries.id)
    .prepare('order_deliveries'),
);

export async function listDeliveries(db: Conn, orderId: string): Promise<DeliveryRow[]> {
  return deliveriesOfOrder(db).execute({ orderId });
}

/** One delivered file of the order: the one with this id, or without one the latest. */
export async function findDelivery(db: Conn, orderId: string, deliveryId?: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(orderDeliveries)
    .where(
      deliveryId
        ? and(eq(orderDeliveries.orderId, orderId), eq(orderDeliveries.id, Number(deliveryId)))
        : eq(orderDeliveries.orderId, orderId),
    )
    .orderBy(desc(orderDeliveries.id))
    .limit(1);
  return row ?? null;
}

export const toOrderDelivery = (row: DeliveryRow): OrderDelivery => ({
  id: String(row.id),
  fileName: row.fileName,
  contentType: row.contentType,
  deliveredAt: row.deliveredAt.toISOString(),
});

const messagesOfOrder = preparedOnce((db) =>
  db
    .select(messageColumns)
    .from(orderMessages)
    .where(eq(orderMessages.orderId, sql.placeholder('orderId')))
    .orderBy(orderMessages.sentAt, orderMessages.id)
    .prepare('order_messages'),
);

export async function listMessages(db: Conn, orderId: string): Promise<MessageRow[]> {
  return messagesOfOrder(db).execute({ orderId });
}

export async function insertMessage(
  db: Conn,
  message: { orderId: string; senderRole: 'buyer' | 'seller'; key?: string; text?: string; sentAt: Date },
): Promise<MessageRow> {
  const [row] = await db
    .insert(orderMessages)
    .values({
      orderId: message.orderId,
      senderRole: message.senderRole,
      messageKey: message.key ?? null,
      body: message.text ?? null,
      sentAt: message.sentAt,
    })
    .returning(messageColumns);
  if (!row) throw new Error('message not stored');
  return row;
}

/** A private job's order delivered marks the job delivered too (SPEC lists that status without its move). */
export async function markJobDelivered(db: Conn, jobId: string): Promise<void> {
  await db
    .update(privateJobs)
    .set({ status: 'delivered' })
    .where(and(eq(privateJobs.id, jobId), inArray(privateJobs.status, ['pending', 'accepted'])));
}

/** A private job's order declined by the designer declines the job too. */
export async function markJobDeclined(db: Conn, jobId: string): Promise<void> {
  await db
    .update(privateJobs)
    .set({ status: 'declined' })
    .where(and(eq(privateJobs.id, jobId), inArray(privateJobs.status, ['pending', 'accepted'])));
}

/** The order of a private job, locked, with what the machine needs; null when the job has none. */
export async function lockOrderOfJob(tx: Tx, jobId: string): Promise<LockedOrder | null> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.jobId, jobId)).limit(1);
  return row ? lockOrder(tx, row.id) : null;
}

/**
 * The id of the order's latest move (0 when none): a timer set after a move runs only if no other
 * move came since. A reminder is not a move: it does not stop the timer it reminds of.
 */
export async function latestMoveOf(db: Conn, orderId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${orderEvents.id})`.mapWith(Number) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.kind} <> 'reminded'`));
  return row?.id ?? 0;
}

// ---- problems and disputes ----

/** A person's orders still under way (at most `max`), locked: a suspension holds them for an admin. */
export async function lockOpenOrdersOf(
  tx: Tx,
  userId: string,
  max = 200,
): Promise<Array<{ id: string; status: OrderStatus; sellerId: string | null }>> {
  const rows = await tx
    .select({ id: orders.id, status: orders.status, sellerId: orders.sellerId })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        inArray(orders.status, ['awaiting_payment', 'paid', 'delivered']),
      ),
    )
    .limit(max)
    .for('update');
  return rows as Array<{ id: string; status: OrderStatus; sellerId: string | null }>;
}

export async function insertProblem(
  tx: Tx,
  problem: {
    orderId: string;
    reportedBy: OrderProblem['reportedBy'];
    reason: string;
    details: string;
    at: Date;
    fromStatus: OrderStatus;
  },
): Promise<void> {
  await tx.insert(orderProblems).values({
    orderId: problem.orderId,
    reportedBy: problem.reportedBy,
    reason: problem.reason,
    details: problem.details,
    reportedAt: problem.at,
    fromStatus: problem.fromStatus,
  });
}

const problemColumns = {
  reason: orderProblems.reason,
  details: orderProblems.details,
  reportedBy: orderProblems.reportedBy,
  reportedAt: orderProblems.reportedAt,
};
type ProblemRow = { reason: string; details: string; reportedBy: string; reportedAt: Date };
const toOrderProblem = (row: ProblemRow): OrderProblem => ({
  reason: row.reason as OrderProblem['reason'],
  details: row.details,
  reportedBy: row.reportedBy as OrderProblem['reportedBy'],
  reportedAt: row.reportedAt.toISOString(),
});

/** The order's open problem (one at most, by the partial unique index), or null. */
export async function findOpenProblem(db: Conn, orderId: string): Promise<OrderProblem | null> {
  const [row] = await db
    .select(problemColumns)
    .from(orderProblems)
    .where(and(eq(orderProblems.orderId, orderId), isNull(orderProblems.resolvedAt)))
    .limit(1);
  return row ? toOrderProblem(row) : null;
}

export async function resolveProblem(
  tx: Tx,
  orderId: string,
  resolution: { by: string; outcome: string; note: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(orderProblems)
    .set({
      resolvedAt: resolution.at,
      resolvedBy: resolution.by,
      outcome: resolution.outcome,
      resolutionNote: resolution.note,
    })
    .where(and(eq(orderProblems.orderId, orderId), isNull(orderProblems.resolvedAt)))
    .returning({ id: orderProblems.id });
  return rows.length === 1;
}

/** A disputes page starts after the last (reported_at, id) shown: the oldest report first. */
export type DisputeCursor = { at: string; id: string };
const DISPUTES_PAGE_SIZE = 30;

/** One page of open disputes, the longest waiting first, each with its order as a list shows it. */
export async function listOpenDisputes(
  db: Db,
  cursor: DisputeCursor | null,
): Promise<{ rows: Array<OrderSummaryRow & { problem: OrderProblem }>; nextCursor: string | null }> {
  const rows = await disputePages(db, cursor).execute(cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {});
  const page = rows.slice(0, DISPUTES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({ ...(row as unknown as OrderSummaryRow), problem: toOrderProblem(row) })),
    nextCursor:
      rows.length > DISPUTES_PAGE_SIZE && last ? encodePageCursor(last.cursorAt, String(last.problemId)) : null,
  };
}

/** The open disputes' first page and a page after a cursor, each built once (building cost more CPU than running it). */
const disputePages = preparedKeysetPages(
  sql`(${orderProblems.reportedAt}, ${orderProblems.id}) > (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::bigint)`,
  (db, after) => selectDisputes(db, after).prepare('disputes'),
);

function selectDisputes(db: Db | Tx, after: SQL | undefined) {
  return db
    .select({
      ...summaryColumns,
      ...problemColumns,
      problemId: orderProblems.id,
      cursorAt: sql<string>`${orderProblems.reportedAt}::text`,
    })
    .from(orderProblems)
    .innerJoin(orders, eq(orders.id, orderProblems.orderId))
    .leftJoin(buyer, eq(buyer.id, orders.buyerId))
    .leftJoin(seller, eq(seller.id, orders.sellerId))
    .leftJoin(privateJobs, eq(privateJobs.id, orders.jobId))
    .where(and(isNull(orderProblems.resolvedAt), after))
    .orderBy(orderProblems.reportedAt, orderProblems.id)
    .limit(DISPUTES_PAGE_SIZE + 1);
}
