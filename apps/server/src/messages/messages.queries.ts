/**
 * Only these functions touch gig_messages. Every read is scoped to the viewer as sender or
 * receiver (SPEC section 6: users read messages where they are sender or receiver).
 */
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/connection.ts';
import { gigMessages, offers, users } from '../db/schema.ts';

export type MessageRow = typeof gigMessages.$inferSelect;

/** The latest messages of a thread that are shown (oldest first on screen). */
const THREAD_LIMIT = 500;
const CONVERSATION_LIMIT = 200;

export async function findOfferForMessage(tx: Db | Tx, offerId: string) {
  const [row] = await tx.select({ id: offers.id, userId: offers.userId, title: offers.title, isApproved: offers.isApproved, mediaKey: offers.mediaKey }).from(offers).where(eq(offers.id, offerId)).limit(1);
  return row ?? null;
}

export async function findPerson(db: Db | Tx, userId: string) {
  const [row] = await db.select({ id: users.id, displayName: users.name, profileImage: users.image }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function insertMessage(tx: Db | Tx, values: { senderId: string; receiverId: string; offerId: string | null; offerTitle: string | null; message: string; createdAt: Date }): Promise<MessageRow> {
  const [row] = await tx.insert(gigMessages).values(values).returning();
  if (!row) throw new Error('message not stored');
  return row;
}

/** How many messages a person has sent since a moment (the send limit). */
export async function sentSince(tx: Db | Tx, senderId: string, since: Date): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(gigMessages).where(and(eq(gigMessages.senderId, senderId), gt(gigMessages.createdAt, since)));
  return Number(row?.n ?? 0);
}

const between = (me: string, other: string) =>
  or(and(eq(gigMessages.senderId, me), eq(gigMessages.receiverId, other)), and(eq(gigMessages.senderId, other), eq(gigMessages.receiverId, me)));

/** The thread between the viewer and one other person, newest first (the caller reverses it). */
export function threadNewestFirst(db: Db | Tx, me: string, other: string, limit = THREAD_LIMIT): Promise<MessageRow[]> {
  return db.select().from(gigMessages).where(between(me, other)).orderBy(desc(gigMessages.createdAt), desc(gigMessages.id)).limit(limit);
}

export async function markThreadRead(tx: Db | Tx, me: string, other: string, now: Date): Promise<number> {
  const rows = await tx.update(gigMessages).set({ readAt: now })
    .where(and(eq(gigMessages.receiverId, me), eq(gigMessages.senderId, other), isNull(gigMessages.readAt))).returning({ id: gigMessages.id });
  return rows.length;
}

export type ConversationRow = {
  other_id: string;
  display_name: string;
  profile_image: string | null;
  message: string;
  created_at: Date | string;
  from_me: boolean;
  offer_title: string | null;
  unread: number;
  total: number;
};

/**
 * One row per other person: their latest message with the viewer and how many from them are unread.
 * Messages whose other side has left (null) have no thread to open and are left out.
 */
export function conversations(database: Database, me: string): Promise<ConversationRow[]> {
  return database.query<ConversationRow>(
    `with mine as (
       select m.id, m.message, m.created_at, m.offer_title, m.sender_id, m.receiver_id, m.read_at,
              case when m.sender_id = $1 then m.receiver_id else m.sender_id end as other_id
         from gig_messages m
        where m.sender_id = $1 or m.receiver_id = $1
     ), latest as (
       select distinct on (other_id) * from mine where other_id is not null order by other_id, created_at desc, id desc
     ), unread as (
       select other_id, count(*)::int as n from mine where receiver_id = $1 and read_at is null group by other_id
     )
     select l.other_id, u.display_name, u.profile_image, l.message, l.created_at, (l.sender_id = $1) as from_me,
            l.offer_title, coalesce(r.n, 0)::int as unread, (count(*) over ())::int as total
       from latest l
       join users u on u.id = l.other_id
       left join unread r on r.other_id = l.other_id
      order by l.created_at desc, l.id desc
      limit ${CONVERSATION_LIMIT}`,
    [me],
  );
}
