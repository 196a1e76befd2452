/**
 * What a person's data download reads: each list a page at a time by keyset, oldest first, on the
 * index of the person's side (messages by sender and by receiver, orders by buyer and by seller,
 * jobs by sender and by recipient, favourites by person), and what belongs to a page of orders or
 * jobs by their ids. Each page is its own short statement, never one long read.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection.ts';
import {
  favorites,
  gigMessages,
  offers,
  orderDeliveries,
  orderEvents,
  orderMessages,
  orders,
  privateJobFiles,
  privateJobs,
  reviews,
  users,
} from '../db/schema.ts';
import { offerTagNames } from '../offers/index.ts';

/** Where the next page starts: the last row's time (as PostgreSQL's text, to the microsecond) and id. */
export type ExportCursor = { at: string; id: string };

/**
 * `(created_at, id) > cursor` in a list's (oldest first) order, or nothing on the first page; every id
 * here is a uuid. The plain `created_at >=` beside it starts the scan of an index without the id (a
 * person's sent or received messages) at the cursor, rather than at the person's first row.
 */
const after = (createdAt: PgColumn, id: PgColumn, cursor: ExportCursor | null): SQL | undefined =>
  cursor
    ? sql`${createdAt} >= ${cursor.at}::timestamptz and (${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

export async function readProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      bio: users.bio,
      paymentLink: users.paypalLink,
      location: users.location,
      profileImage: users.image,
      joinedAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function readOffer(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: offers.id,
      title: offers.title,
      description: offers.description,
      link: offers.link,
      isPaidOffer: offers.isPaidOffer,
      pricePence: offers.pricePence,
      currency: offers.currency,
      paymentLink: offers.paypalLink,
      purchaseNote: offers.purchaseNote,
      musicTrackName: offers.musicTrackName,
      musicCreditLink: offers.musicCreditLink,
      deliveryTime: offers.deliveryTime,
      revisions: offers.revisions,
      tags: offerTagNames,
      mediaKey: offers.mediaKey,
      posterKey: offers.posterKey,
      isApproved: offers.isApproved,
      boosts: offers.boostCount,
      favourites: offers.favoriteCount,
      reactions: offers.reactionCount,
      shares: offers.shareCount,
      reviews: offers.reviewCount,
      createdAt: offers.createdAt,
      updatedAt: offers.updatedAt,
    })
    .from(offers)
    .where(eq(offers.userId, userId))
    .limit(1);
  return row ?? null;
}

const otherPerson = alias(users, 'other_person');

/** One page of the messages the person sent (`side` sender) or received (receiver), oldest first. */
export async function readMessages(
  db: Db,
  userId: string,
  side: 'sender' | 'receiver',
  cursor: ExportCursor | null,
  size: number,
) {
  const mine = side === 'sender' ? gigMessages.senderId : gigMessages.receiverId;
  const theirs = side === 'sender' ? gigMessages.receiverId : gigMessages.senderId;
  return db
    .select({
      id: gigMessages.id,
      withId: otherPerson.id,
      withName: otherPerson.name,
      offerTitle: gigMessages.offerTitle,
      message: gigMessages.message,
      createdAt: gigMessages.createdAt,
      readAt: gigMessages.readAt,
      cursorAt: sql<string>`${gigMessages.createdAt}::text`,
    })
    .from(gigMessages)
    .leftJoin(otherPerson, eq(otherPerson.id, theirs))
    .where(and(eq(mine, userId), after(gigMessages.createdAt, gigMessages.id, cursor)))
    .orderBy(asc(gigMessages.createdAt), asc(gigMessages.id))
    .limit(size);
}

/** One page of the person's orders as buyer or as seller, oldest first, with the other side's name. */
export async function readOrders(
  db: Db,
  userId: string,
  role: 'buyer' | 'seller',
  cursor: ExportCursor | null,
  size: number,
) {
  const mine = role === 'buyer' ? orders.buyerId : orders.sellerId;
  const theirs = role === 'buyer' ? orders.sellerId : orders.buyerId;
  return db
    .select({
      id: orders.id,
      title: orders.title,
      pricePence: orders.pricePence,
      currency: orders.currency,
      status: orders.status,
      withId: otherPerson.id,
      withName: otherPerson.name,
      offerId: orders.offerId,
      privateJobId: orders.jobId,
      paymentLink: orders.paypalLink,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      paymentConfirmedAt: orders.paymentConfirmedAt,
      deliveredAt: orders.deliveredAt,
      completedAt: orders.completedAt,
      cancelledAt: orders.cancelledAt,
      cancelledBy: orders.cancelledBy,
      cancelReason: orders.cancelReason,
      deliveryMessage: orders.deliveryMessage,
      revisionsAllowed: orders.revisionsAllowed,
      revisionsUsed: orders.revisionsUsed,
      cursorAt: sql<string>`${orders.createdAt}::text`,
    })
    .from(orders)
    .leftJoin(otherPerson, eq(otherPerson.id, theirs))
    .where(and(eq(mine, userId), after(orders.createdAt, orders.id, cursor)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(size);
}

/** What belongs to a page of orders: each one's history, messages, delivered files and review. */
export async function readOrderDetails(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return { events: [], messages: [], deliveries: [], reviews: [] };
  const [events, messages, deliveries, reviewRows] = await Promise.all([
    db
      .select({
        orderId: orderEvents.orderId,
        kind: orderEvents.kind,
        by: orderEvents.byRole,
        note: orderEvents.note,
        at: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, orderIds))
      .orderBy(asc(orderEvents.orderId), asc(orderEvents.id)),
    db
      .select({
        orderId: orderMessages.orderId,
        from: orderMessages.senderRole,
        messageKey: orderMessages.messageKey,
        body: orderMessages.body,
        at: orderMessages.sentAt,
      })
      .from(orderMessages)
      .where(inArray(orderMessages.orderId, orderIds))
      .orderBy(asc(orderMessages.orderId), asc(orderMessages.sentAt)),
    db
      .select({
        orderId: orderDeliveries.orderId,
        fileName: orderDeliveries.fileName,
        deliveredAt: orderDeliveries.deliveredAt,
      })
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, orderIds))
      .orderBy(asc(orderDeliveries.orderId), asc(orderDeliveries.id)),
    db
      .select({
        orderId: reviews.orderId,
        rating: reviews.rating,
        text: reviews.body,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
      })
      .from(reviews)
      .where(inArray(reviews.orderId, orderIds)),
  ]);
  return { events, messages, deliveries, reviews: reviewRows };
}

/** One page of the private jobs the person sent (`side` from) or received (to), oldest first. */
export async function readJobs(db: Db, userId: string, side: 'from' | 'to', cursor: ExportCursor | null, size: number) {
  const mine = side === 'from' ? privateJobs.fromUserId : privateJobs.toUserId;
  const theirs = side === 'from' ? privateJobs.toUserId : privateJobs.fromUserId;
  return db
    .select({
      id: privateJobs.id,
      title: privateJobs.title,
      description: privateJobs.description,
      deliveryTime: privateJobs.deliveryTime,
      budgetPence: privateJobs.budgetPence,
      status: privateJobs.status,
      withId: otherPerson.id,
      withName: otherPerson.name,
      createdAt: privateJobs.createdAt,
      cursorAt: sql<string>`${privateJobs.createdAt}::text`,
    })
    .from(privateJobs)
    .leftJoin(otherPerson, eq(otherPerson.id, theirs))
    .where(and(eq(mine, userId), after(privateJobs.createdAt, privateJobs.id, cursor)))
    .orderBy(asc(privateJobs.createdAt), asc(privateJobs.id))
    .limit(size);
}

/** The names of the files attached to a page of jobs. */
export async function readJobFiles(db: Db, jobIds: string[]) {
  if (jobIds.length === 0) return [];
  return db
    .select({ jobId: privateJobFiles.jobId, fileName: privateJobFiles.fileName, sizeBytes: privateJobFiles.sizeBytes })
    .from(privateJobFiles)
    .where(inArray(privateJobFiles.jobId, jobIds))
    .orderBy(asc(privateJobFiles.jobId), asc(privateJobFiles.createdAt));
}

/** One page of the offers the person saved (favourited), oldest first. */
export async function readSaved(db: Db, userId: string, cursor: ExportCursor | null, size: number) {
  return db
    .select({
      id: favorites.offerId,
      title: offers.title,
      savedAt: favorites.createdAt,
      cursorAt: sql<string>`${favorites.createdAt}::text`,
    })
    .from(favorites)
    .innerJoin(offers, eq(offers.id, favorites.offerId))
    .where(and(eq(favorites.userId, userId), after(favorites.createdAt, favorites.offerId, cursor)))
    .orderBy(asc(favorites.createdAt), asc(favorites.offerId))
    .limit(size);
}
