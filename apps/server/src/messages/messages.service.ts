/**
 * Messages between a supporter and a seller (SPEC sections 2, 5, 6, 7). Each write is one
 * transaction holding the message, the receiver's notification and the live announcement, so either
 * all of it happens or none.
 */
import type { ConversationList, MarkReadResult, Thread, ThreadMessage } from '@gigreel/core';
import {
  AppError,
  FRESH_MESSAGE_PEOPLE_PER_DAY,
  isFreshAccount,
  MESSAGE_PREVIEW_CHARS,
  messageTexts,
  notificationTexts,
  threadLink,
  notFound,
} from '@gigreel/core';
import { findAccountStanding, type Actor } from '../auth/index.ts';
import { blockedBetween } from '../blocks/index.ts';
import type { AppDeps } from '../deps.ts';
import type { Tx } from '../db/connection.ts';
import { createNotification, markMessageNotificationsRead } from '../notifications/index.ts';
import { announce, unreadCounts } from '../realtime/index.ts';
import { checkCanMessageAbout, checkCanReply, checkSendRate } from './messages.policy.ts';
import { decodeTimeCursor, encodePageCursor } from '../db/page-cursor.ts';
import {
  CONVERSATIONS_PAGE,
  THREAD_PAGE,
  conversations,
  findOfferForMessage,
  findPerson,
  insertMessage,
  markThreadRead,
  hasWrittenTo,
  peopleApproachedSince,
  sentSince,
  threadNewestFirst,
  threadPage,
  type MessageRow,
} from './messages.queries.ts';

type Ctx = { deps: AppDeps; actor: Actor };

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: MessageRow, viewerId: string, names: { me: string; other: string }): ThreadMessage {
  const fromMe = row.senderId === viewerId;
  return {
    id: row.id,
    text: row.message,
    createdAt: iso(row.createdAt),
    fromMe,
    senderName: fromMe ? names.me : names.other,
    offerId: row.offerId,
    offerTitle: row.offerTitle,
    readAt: row.readAt ? iso(row.readAt) : null,
  };
}

const preview = (text: string) =>
  text.length > MESSAGE_PREVIEW_CHARS ? `${text.slice(0, MESSAGE_PREVIEW_CHARS)}…` : text;

/** What the checks on a sender read: their messages in the last minute, and their account's standing. */
type SenderStanding = {
  sentLastMinute: number;
  account: Awaited<ReturnType<typeof findAccountStanding>>;
};

/**
 * The sender's standing, read beside the caller's own check: statements sent together on the
 * transaction's connection go out in one write and come back in one wait (pipelined), where one
 * after another each cost the server a round trip (a profile of sending a message at 1M).
 */
async function readStanding(tx: Tx, senderId: string, now: Date): Promise<SenderStanding> {
  const [sentLastMinute, account] = await Promise.all([
    sentSince(tx, senderId, new Date(now.getTime() - 60_000)),
    findAccountStanding(tx, senderId),
  ]);
  return { sentLastMinute, account };
}

async function deliver(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  receiverId: string,
  offer: { id: string | null; title: string | null },
  text: string,
  standing: SenderStanding,
  now: Date,
): Promise<MessageRow> {
  checkSendRate(standing.sentLastMinute);
  await checkFreshAccountReach(tx, standing.account, actor.id, receiverId, now);
  const row = await insertMessage(tx, {
    senderId: actor.id,
    receiverId,
    offerId: offer.id,
    offerTitle: offer.title,
    message: text,
    createdAt: now,
  });
  // Pipelined too: the notification's first statement and the message's announcement go out together.
  await Promise.all([
    createNotification(tx, {
      userId: receiverId,
      kind: 'message',
      title: notificationTexts.newMessage(actor.displayName),
      body: preview(text),
      link: threadLink(actor.id),
    }),
    announce(tx, {
      users: [receiverId, actor.id],
      type: 'message',
      id: row.id,
      from: actor.id,
      to: receiverId,
      createdAt: iso(row.createdAt),
    }),
  ]);
  return row;
}

/**
 * A fresh account (core's isFreshAccount) starts conversations with at most FRESH_MESSAGE_PEOPLE_PER_DAY
 * people a day; writing again to one of them, or answering someone who wrote first, is always allowed.
 */
async function checkFreshAccountReach(
  tx: Tx,
  account: SenderStanding['account'],
  senderId: string,
  receiverId: string,
  now: Date,
): Promise<void> {
  if (!account || !isFreshAccount(account, now)) return;
  const approached = await peopleApproachedSince(
    tx,
    senderId,
    new Date(now.getTime() - 24 * 3600_000),
    FRESH_MESSAGE_PEOPLE_PER_DAY,
  );
  if (approached.length < FRESH_MESSAGE_PEOPLE_PER_DAY || approached.includes(receiverId)) return;
  if (await hasWrittenTo(tx, receiverId, senderId)) return;
  throw new AppError('too_many_people', messageTexts.freshAccountPeople(FRESH_MESSAGE_PEOPLE_PER_DAY));
}

/** POST /api/messages: to the seller of the offer. */
export async function sendMessage({
  deps,
  actor,
  ...input
}: Ctx & { offerId: string; text: string }): Promise<{ message: ThreadMessage }> {
  return deps.database.db.transaction(async (tx) => {
    const offer = await findOfferForMessage(tx, input.offerId);
    checkCanMessageAbout(actor, offer);
    const now = deps.clock.now();
    const [blocked, standing] = await Promise.all([
      blockedBetween(tx, actor.id, offer.userId),
      readStanding(tx, actor.id, now),
    ]);
    // blocked either way: refused as an offer that is not there, so the blocked person cannot tell
    if (blocked) throw notFound(messageTexts.offerNotFound);
    const about = { id: input.offerId, title: offer.title };
    const row = await deliver(tx, deps, actor, offer.userId, about, input.text, standing, now);
    return { message: present(row, actor.id, { me: actor.displayName, other: '' }) };
  });
}

/** POST /api/messages/with/:userId: a reply about the offer the conversation was last about. */
export async function replyInThread({
  deps,
  actor,
  otherUserId,
  text,
}: Ctx & { otherUserId: string; text: string }): Promise<{ message: ThreadMessage }> {
  // a reply to oneself is refused before anything is read
  if (otherUserId === actor.id) checkCanReply(actor, otherUserId, false);
  return deps.database.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [[latest], blocked, other, standing] = await Promise.all([
      threadNewestFirst(tx, actor.id, otherUserId, 1),
      blockedBetween(tx, actor.id, otherUserId),
      findPerson(tx, otherUserId),
      readStanding(tx, actor.id, now),
    ]);
    // blocked either way, or the other person suspended: refused as a conversation that is not there
    checkCanReply(actor, otherUserId, latest !== undefined && !blocked && other !== null);
    const about = { id: latest!.offerId, title: latest!.offerTitle };
    const row = await deliver(tx, deps, actor, otherUserId, about, text, standing, now);
    return { message: present(row, actor.id, { me: actor.displayName, other: '' }) };
  });
}

/** One page of the viewer's conversations, newest first; `cursor` is the previous page's nextCursor. */
export async function listConversations({ deps, actor, cursor }: Ctx & { cursor?: string }): Promise<ConversationList> {
  const rows = await conversations(deps.database, actor.id, CONVERSATIONS_PAGE + 1, decodeTimeCursor(cursor));
  const page = rows.slice(0, CONVERSATIONS_PAGE);
  const last = page.at(-1);
  return {
    total: rows[0]?.total ?? 0,
    nextCursor: rows.length > page.length && last ? encodePageCursor(last.cursor_at, last.last_message_id) : null,
    conversations: page.map((row) => ({
      otherUser: { id: row.other_id, displayName: row.display_name, profileImage: row.profile_image },
      lastMessage: {
        text: row.message,
        createdAt: iso(row.created_at),
        fromMe: row.from_me,
        offerTitle: row.offer_title,
      },
      unreadCount: Number(row.unread),
    })),
  };
}

/**
 * One page of the thread with one person, oldest first within the page: the newest page without a
 * cursor, then older ones through nextCursor. Only messages the viewer sent to or received from them.
 */
export async function getThread({
  deps,
  actor,
  otherUserId,
  cursor,
}: Ctx & { otherUserId: string; cursor?: string }): Promise<Thread> {
  const db = deps.database.db;
  const other = otherUserId === actor.id ? null : await findPerson(db, otherUserId);
  if (!other) throw notFound(messageTexts.conversationNotFound);
  const rows = await threadPage(db, actor.id, otherUserId, decodeTimeCursor(cursor));
  const page = rows.slice(0, THREAD_PAGE);
  const oldest = page.at(-1);
  return {
    otherUser: { id: other.id, displayName: other.displayName, profileImage: other.profileImage },
    otherLinks: !isFreshAccount(other, deps.clock.now()),
    messages: page.reverse().map((row) => present(row, actor.id, { me: actor.displayName, other: other.displayName })),
    nextCursor: rows.length > page.length && oldest ? encodePageCursor(oldest.cursorAt, oldest.id) : null,
  };
}

/** Opening a thread marks what the other person sent as read, and their "new message" notifications too. */
export async function markConversationRead({
  deps,
  actor,
  otherUserId,
}: Ctx & { otherUserId: string }): Promise<MarkReadResult> {
  return deps.database.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const updated = await markThreadRead(tx, actor.id, otherUserId, now);
    const cleared = await markMessageNotificationsRead(tx, actor.id, threadLink(otherUserId), now);
    if (updated + cleared > 0) await announce(tx, { users: [actor.id], type: 'read' });
    return { updated, unread: await unreadCounts(tx, actor.id) };
  });
}
