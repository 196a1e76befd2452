/**
 * Only these functions touch gig_messages and conversation_summaries. Every read is scoped to the
 * viewer as sender or receiver (SPEC section 6: users read messages where they are sender or receiver).
 * Each pair's summary row (its latest message, each side's unread count) is written in the same
 * transaction as the message or the read that changes it, so lists and badges read it alone.
 */
import { and, count, desc, eq, getTableColumns, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db, Tx } from '../db/connection.ts';
import { cursorValues, type TimeCursor } from '../db/page-cursor.ts';
import { preparedOnce, preparedPages } from '../db/prepared.ts';
import { conversationSummaries, gigMessages, offers, users } from '../db/schema.ts';

export type MessageRow = typeof gigMessages.$inferSelect;

/** Messages of a thread per page (the newest page first; oldest first on screen). */
export const THREAD_PAGE = 40;
/** Conversations per page, newest first. */
export const CONVERSATIONS_PAGE = 30;

const offerForMessage = preparedOnce((db) =>
  db
    .select({
      id: offers.id,
      userId: offers.userId,
      title: offers.title,
      isApproved: offers.isApproved,
      mediaKey: offers.mediaKey,
    })
    .from(offers)
    .where(eq(offers.id, sql.placeholder('offerId')))
    .limit(1)
    .prepare('offer_for_message'),
);

export async function findOfferForMessage(tx: Db | Tx, offerId: string) {
  const [row] = await offerForMessage(tx).execute({ offerId });
  return row ?? null;
}

/**
 * The other person of a thread, looked up on every open of it: prepared once (db/prepared.ts). A
 * suspended person is not there for anyone else (issue 17): their thread cannot be opened or answered.
 */
export async function findPerson(db: Db | Tx, userId: string) {
  const [row] = await personById(db).execute({ userId });
  return row ?? null;
}

const personById = preparedOnce((db) =>
  db
    .select({
      id: users.id,
      displayName: users.name,
      profileImage: users.image,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.suspendedUntil)))
    .limit(1)
    .prepare('thread_person'),
);

const messageInsert = preparedOnce((db) =>
  db
    .insert(gigMessages)
    .values({
      senderId: sql.placeholder('senderId'),
      receiverId: sql.placeholder('receiverId'),
      offerId: sql.placeholder('offerId'),
      offerTitle: sql.placeholder('offerTitle'),
      message: sql.placeholder('message'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning()
    .prepare('insert_message'),
);

export async function insertMessage(
  tx: Db | Tx,
  values: {
    senderId: string;
    receiverId: string;
    offerId: string | null;
    offerTitle: string | null;
    message: string;
    createdAt: Date;
  },
): Promise<MessageRow> {
  const [row] = await messageInsert(tx).execute(values);
  if (!row) throw new Error('message not stored');
  await summarise(tx, row);
  return row;
}

const summary = conversationSummaries;
/** A message newer than the pair's latest, in the order the list has always used (created_at, then id). */
const newer = sql`(excluded.last_at, excluded.last_message_id) > (${summary.lastAt}, ${summary.lastMessageId})`;
const latestOr = (column: AnyPgColumn) =>
  sql`case when ${newer} then excluded.${sql.identifier(column.name)} else ${column} end`;

const from = sql`${sql.placeholder('from')}::text`;
const to = sql`${sql.placeholder('to')}::text`;
const summaryUpsert = preparedOnce((db) =>
  db
    .insert(summary)
    .values({
      userLow: sql`least(${from}, ${to})`,
      userHigh: sql`greatest(${from}, ${to})`,
      lastMessageId: sql.placeholder('messageId'),
      lastSenderId: sql.placeholder('from'),
      lastMessage: sql.placeholder('message'),
      lastOfferTitle: sql.placeholder('offerTitle'),
      lastAt: sql.placeholder('at'),
      unreadLow: sql`(${to} < ${from})::int`,
      unreadHigh: sql`(${to} > ${from})::int`,
    })
    .onConflictDoUpdate({
      target: [summary.userLow, summary.userHigh],
      set: {
        lastMessageId: latestOr(summary.lastMessageId),
        lastSenderId: latestOr(summary.lastSenderId),
        lastMessage: latestOr(summary.lastMessage),
        lastOfferTitle: latestOr(summary.lastOfferTitle),
        lastAt: latestOr(summary.lastAt),
        unreadLow: sql`${summary.unreadLow} + excluded.unread_low`,
        unreadHigh: sql`${summary.unreadHigh} + excluded.unread_high`,
      },
    })
    .prepare('summarise_message'),
);

/**
 * The pair's row (low and high id in the database's own order) takes the message as its latest if
 * it is newer, and one more unread for the receiver. One upsert on the pair's primary key; two
 * messages of a pair at once wait for each other here, whatever order they commit in.
 */
async function summarise(tx: Db | Tx, message: MessageRow): Promise<void> {
  const { senderId: sender, receiverId: receiver } = message;
  if (!sender || !receiver || sender === receiver) return;
  await summaryUpsert(tx).execute({
    from: sender,
    to: receiver,
    messageId: message.id,
    message: message.message,
    offerTitle: message.offerTitle,
    at: message.createdAt,
  });
}

/** How many messages a person has sent since a moment (the send limit). */
export async function sentSince(tx: Db | Tx, senderId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(gigMessages)
    .where(and(eq(gigMessages.senderId, senderId), gt(gigMessages.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * The people a person started writing to since a moment (not counting replies to someone who wrote
 * to them first), at most `max` of them: the fresh-account limit. A fresh account's messages are at
 * most a day of its sender index.
 */
export async function peopleApproachedSince(
  tx: Db | Tx,
  senderId: string,
  since: Date,
  max: number,
): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: gigMessages.receiverId })
    .from(gigMessages)
    .where(
      and(
        eq(gigMessages.senderId, senderId),
        gt(gigMessages.createdAt, since),
        sql`not exists (select 1 from gig_messages r where r.sender_id = ${gigMessages.receiverId} and r.receiver_id = ${senderId})`,
      ),
    )
    .limit(max);
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/** Whether `from` ever wrote to `to` (a fresh account may always answer them). */
export async function hasWrittenTo(tx: Db | Tx, from: string, to: string): Promise<boolean> {
  const rows = await tx
    .select({ id: gigMessages.id })
    .from(gigMessages)
    .where(and(eq(gigMessages.senderId, from), eq(gigMessages.receiverId, to)))
    .limit(1);
  return rows.length > 0;
}

export type ThreadRow = MessageRow & { cursorAt: string };

/**
 * The thread between the viewer and one other person, newest first (the caller reverses it): the
 * newest of each side from gig_messages_pair_idx, merged, so a long thread costs one page, not its length.
 */
export async function threadNewestFirst(db: Db | Tx, me: string, other: string, limit: number): Promise<ThreadRow[]> {
  return threadStatement(db, limit, () => undefined, me, other);
}

/**
 * A page of the thread as a person opens it, THREAD_PAGE + 1 messages newest first (one more tells
 * whether there is an older page); after a cursor, only what is older, (created_at, id) < cursor on
 * each side. Prepared once (db/prepared.ts).
 */
export async function threadPage(db: Db, me: string, other: string, cursor: TimeCursor | null): Promise<ThreadRow[]> {
  return threadPages(db, cursor).execute({ me, other, ...cursorValues(cursor) });
}

function threadStatement(
  db: Db | Tx,
  limit: number,
  after: (createdAt: PgColumn, id: PgColumn) => SQL | undefined,
  me: string | Placeholder = sql.placeholder('me'),
  other: string | Placeholder = sql.placeholder('other'),
) {
  const side = (from: string | Placeholder, to: string | Placeholder) =>
    db
      .select({
        ...getTableColumns(gigMessages),
        cursorAt: sql<string>`${gigMessages.createdAt}::text`.as('cursor_at'),
      })
      .from(gigMessages)
      .where(
        and(
          eq(gigMessages.senderId, from),
          eq(gigMessages.receiverId, to),
          after(gigMessages.createdAt, gigMessages.id),
        ),
      )
      .orderBy(desc(gigMessages.createdAt), desc(gigMessages.id))
      .limit(limit);
  return side(me, other)
    .unionAll(side(other, me))
    .orderBy(desc(gigMessages.createdAt), desc(gigMessages.id))
    .limit(limit);
}

const threadPages = preparedPages((db, after) => threadStatement(db, THREAD_PAGE + 1, after).prepare('thread_page'));

/**
 * Marks what the other person sent as read (gig_messages_unread_idx), and takes exactly those off the
 * viewer's side of the pair's unread count. A message committed meanwhile is either among them or
 * still counted: it reaches the summary in its own transaction, with its +1.
 */
export async function markThreadRead(tx: Db | Tx, me: string, other: string, now: Date): Promise<number> {
  const rows = await tx
    .update(gigMessages)
    .set({ readAt: now })
    .where(and(eq(gigMessages.receiverId, me), eq(gigMessages.senderId, other), isNull(gigMessages.readAt)))
    .returning({ id: gigMessages.id });
  if (rows.length > 0 && me !== other) {
    await tx
      .update(summary)
      .set({
        unreadLow: sql`case when ${summary.userLow} = ${me}::text then greatest(${summary.unreadLow} - ${rows.length}::int, 0) else ${summary.unreadLow} end`,
        unreadHigh: sql`case when ${summary.userHigh} = ${me}::text then greatest(${summary.unreadHigh} - ${rows.length}::int, 0) else ${summary.unreadHigh} end`,
      })
      .where(
        and(
          eq(summary.userLow, sql`least(${me}::text, ${other}::text)`),
          eq(summary.userHigh, sql`greatest(${me}::text, ${other}::text)`),
        ),
      );
  }
  return rows.length;
}

export type ConversationRow = {
  other_id: string;
  last_message_id: string;
  /** last_at as PostgreSQL's text, for the next page's cursor. */
  cursor_at: string;
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
 * One row per other person: the pair's latest message and how many from them are unread, newest
 * first, from the summary rows where the viewer is either side (each side's index walked in order,
 * at most one page from each). People who have left have no summary row (no thread to open).
 * After a cursor, each side starts below (last_at, last_message_id). The first page and the pages
 * after a cursor are two statement texts, so each prepared plan starts its index scans where it should.
 */
export function conversations(
  database: Database,
  me: string,
  limit = CONVERSATIONS_PAGE,
  cursor: TimeCursor | null = null,
): Promise<ConversationRow[]> {
  const after = cursor ? 'and (c.last_at, c.last_message_id) < ($2::timestamptz, $3::uuid)' : '';
  return database.query<ConversationRow>(
    `with mine as (
       (select c.user_high as other_id, c.unread_low as unread, c.last_message_id, c.last_sender_id, c.last_message, c.last_offer_title, c.last_at
          from conversation_summaries c where c.user_low = $1 ${after}
         order by c.last_at desc, c.last_message_id desc limit ${limit})
       union all
       (select c.user_low as other_id, c.unread_high as unread, c.last_message_id, c.last_sender_id, c.last_message, c.last_offer_title, c.last_at
          from conversation_summaries c where c.user_high = $1 ${after}
         order by c.last_at desc, c.last_message_id desc limit ${limit})
     )
     select m.other_id, m.last_message_id, m.last_at::text as cursor_at, u.display_name, u.profile_image, m.last_message as message, m.last_at as created_at, (m.last_sender_id = $1) as from_me,
            m.last_offer_title as offer_title, m.unread,
            ((select coalesce(sum(count), 0) from tallies where topic = 'conversations' and subject = $1)
              + (select coalesce(sum(count), 0) from tally_changes where topic = 'conversations' and subject = $1))::int as total
       from mine m
       join users u on u.id = m.other_id and u.suspended_until is null
      order by m.last_at desc, m.last_message_id desc
      limit ${limit}`,
    cursor ? [me, cursor.at, cursor.id] : [me],
  );
}
