/**
 * Notifications are written in the same transaction as the event they tell about, and
 * announced to the person's live connections on commit (pg_notify inside the transaction: delivered
 * only if it commits); a push to the person's devices is queued in the same transaction. Other
 * features call createNotification(tx, ...) inside their own transaction.
 */
import type {
  MarkReadResult,
  NotificationItem,
  NotificationKindName,
  NotificationList,
  UnreadCounts,
} from '@gigreel/core';
import { notificationTexts, notFound, PUSH_DEVICES_MAX, TOPIC_OF_KIND } from '@gigreel/core';
import { z } from 'zod';
import type { Actor } from '../auth/index.ts';
import type { Db, Tx } from '../db/connection.ts';
import { decodeTimeCursor } from '../db/page-cursor.ts';
import type { AppDeps } from '../deps.ts';
import { queuePush } from '../push/index.ts';
import { announce, unreadCounts } from '../realtime/index.ts';
import {
  hasUnread,
  inAppLink,
  insertNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  reachOf,
  toNotificationItem,
} from './notifications.queries.ts';

/** link is an in-app path ('/order/…'); the web app follows only paths that start with '/'. */
export type NewNotification = {
  userId: string;
  kind: NotificationKindName;
  title: string;
  body?: string;
  link: string;
  /** Not told again while an unread notification of this kind and link is there (a follow undone and done again). */
  onceWhileUnread?: boolean;
};

/**
 * Tells the person, as their settings for the kind's topic allow: a notification in the app (written
 * and announced to their open tabs), and a push to each of their devices (queued in this transaction,
 * sent by the job queue). `id` is null when they turned the topic off in the app.
 */
export async function createNotification(tx: Db | Tx, input: NewNotification): Promise<{ id: string | null }> {
  if (input.onceWhileUnread && (await hasUnread(tx, input.userId, input.kind, input.link))) return { id: null };
  const topic = TOPIC_OF_KIND[input.kind];
  const reach = await reachOf(tx, input.userId, topic, PUSH_DEVICES_MAX);
  const body = input.body ?? '';
  let id: string | null = null;
  if (!reach.off.has('inApp')) {
    const row = await insertNotification(tx, {
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body,
      link: input.link,
    });
    await announce(tx, {
      users: [input.userId],
      type: 'notification',
      id: row.id,
      kind: input.kind,
      createdAt: row.createdAt.toISOString(),
    });
    id = row.id;
  }
  if (reach.devices.length > 0) {
    const link = inAppLink(input.link);
    // Successive news of one thing (a thread, an order) replace each other on the device, as one notification.
    await queuePush(tx, reach.devices, { title: cut(input.title, 120), body: cut(body, 240), link, tag: link });
  }
  return { id };
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One page of the viewer's notifications; a cursor that is not one from a previous page starts from the top. */
export async function getNotifications({
  deps,
  actor,
  cursor,
}: {
  deps: AppDeps;
  actor: Actor;
  cursor?: string | undefined;
}): Promise<NotificationList> {
  const [page, unread] = await Promise.all([
    listNotifications(deps.database.db, actor.id, decodeTimeCursor(cursor)),
    unreadCounts(deps.database.db, actor.id),
  ]);
  return { notifications: page.rows.map(toNotificationItem), unread, nextCursor: page.nextCursor };
}

/** The badges' counts: unread messages and unread notifications. */
export async function getUnreadCounts({ deps, actor }: { deps: AppDeps; actor: Actor }): Promise<UnreadCounts> {
  return unreadCounts(deps.database.db, actor.id);
}

/** Only the owner can mark a notification; anyone else's id, or one that is no id at all, is simply "not found". */
export async function readNotification({
  deps,
  actor,
  id,
}: {
  deps: AppDeps;
  actor: Actor;
  id: string;
}): Promise<{ notification: NotificationItem; unread: UnreadCounts }> {
  if (!z.uuid().safeParse(id).success) throw notFound(notificationTexts.notFound);
  return deps.database.db.transaction(async (tx) => {
    const row = await markNotificationRead(tx, actor.id, id, deps.clock.now());
    if (!row) throw notFound(notificationTexts.notFound);
    await announce(tx, { users: [actor.id], type: 'read' });
    return { notification: toNotificationItem(row), unread: await unreadCounts(tx, actor.id) };
  });
}

export async function readAllNotifications({ deps, actor }: { deps: AppDeps; actor: Actor }): Promise<MarkReadResult> {
  return deps.database.db.transaction(async (tx) => {
    const updated = await markAllNotificationsRead(tx, actor.id, deps.clock.now());
    if (updated > 0) await announce(tx, { users: [actor.id], type: 'read' });
    return { updated, unread: await unreadCounts(tx, actor.id) };
  });
}
