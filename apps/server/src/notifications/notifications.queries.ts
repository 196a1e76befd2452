/** Only these functions touch the notifications table; every one is scoped to its owner. */
import type { NotificationItem } from '@gigreel/core';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { cursorValues, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedPages } from '../db/prepared.ts';
import { notifications } from '../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notification as the client sees it; a link that is not an in-app path falls back to the centre. */
export const toNotificationItem = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link.startsWith('/') && !row.link.startsWith('//') ? row.link : '/notifications',
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The centre opens on the latest 30 and pages back from there on request. */
export const NOTIFICATIONS_PAGE_SIZE = 30;

export async function insertNotification(
  tx: Db | Tx,
  values: { userId: string; kind: string; title: string; body: string; link: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx
    .insert(notifications)
    .values(values)
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  if (!row) throw new Error('notification not stored');
  return row;
}

/**
 * One page of the person's notifications, newest first, after the cursor's position if one is given.
 * The cursor only positions: the rows are always the person's own. One extra row tells whether there
 * is a next page.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  cursor: TimeCursor | null = null,
): Promise<{ rows: NotificationRow[]; nextCursor: string | null }> {
  const found = await notificationPages(db, cursor).execute({ userId, ...cursorValues(cursor) });
  const { rows, nextCursor } = pageOf(found, NOTIFICATIONS_PAGE_SIZE);
  return { rows: rows.map(({ cursorAt: _cursorAt, ...row }) => row), nextCursor };
}

const notificationPages = preparedPages((db, after) =>
  db
    .select({ ...getTableColumns(notifications), cursorAt: sql<string>`${notifications.createdAt}::text` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), after(notifications.createdAt, notifications.id)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .prepare('notifications_page'),
);

export async function markNotificationRead(
  tx: Db | Tx,
  userId: string,
  id: string,
  now: Date,
): Promise<NotificationRow | null> {
  const [row] = await tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllNotificationsRead(tx: Db | Tx, userId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Opening a thread also clears the "new message" notifications that point at it. */
export async function markMessageNotificationsRead(
  tx: Db | Tx,
  userId: string,
  link: string,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'message'),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
