/** Only these functions touch the notifications and the switches people turned off; every one is scoped to its owner. */
import type { NotificationChannel, NotificationItem, NotificationTopic } from '@gigreel/core';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { cursorValues, pageOf, type TimeCursor } from '../db/page-cursor.ts';
import { preparedOnce, preparedPages, preparedSql } from '../db/prepared.ts';
import { rowsOf } from '../db/rows.ts';
import { notificationOptOuts, notifications } from '../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** A link that is not an in-app path falls back to the centre. */
export const inAppLink = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : '/notifications');

/** A notification as the client sees it. */
export const toNotificationItem = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: inAppLink(row.link),
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The centre opens on the latest 30 and pages back from there on request. */
export const NOTIFICATIONS_PAGE_SIZE = 30;

export async function insertNotification(
  tx: Db | Tx,
  values: { userId: string; kind: string; title: string; body: string; link: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await notificationInsert(tx).execute(values);
  if (!row) throw new Error('notification not stored');
  return row;
}

const notificationInsert = preparedOnce((db) =>
  db
    .insert(notifications)
    .values({
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      title: sql.placeholder('title'),
      body: sql.placeholder('body'),
      link: sql.placeholder('link'),
    })
    .returning({ id: notifications.id, createdAt: notifications.createdAt })
    .prepare('insert_notification'),
);

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

/** Whether an unread notification of this kind and link is there (the unread index, by person and link). */
export async function hasUnread(tx: Db | Tx, userId: string, kind: string, link: string): Promise<boolean> {
  const [row] = await unreadOfKind(tx).execute({ userId, kind, link });
  return !!row;
}

const unreadOfKind = preparedOnce((db) =>
  db
    .select({ one: sql<number>`1` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        eq(notifications.link, sql.placeholder('link')),
        eq(notifications.kind, sql.placeholder('kind')),
        isNull(notifications.readAt),
      ),
    )
    .limit(1)
    .prepare('unread_of_kind'),
);

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

/** A channel as the opt-outs table names it. */
const COLUMN_OF_CHANNEL = { inApp: 'in_app', email: 'email', push: 'push' } as const satisfies Record<
  NotificationChannel,
  string
>;
const CHANNEL_OF_COLUMN = Object.fromEntries(
  Object.entries(COLUMN_OF_CHANNEL).map(([channel, column]) => [column, channel]),
) as Record<string, NotificationChannel>;

/** The text of `reach` (below); exported for the bench's pgbench script, which sends it as the server does. */
export const reachText = sql`
    with off as (
      select channel from notification_opt_outs where user_id = ${sql.placeholder('userId')} and topic = ${sql.placeholder('topic')}
    )
    select
      coalesce((select string_agg(channel, ',') from off), '') as off,
      case when exists (select 1 from off where channel = 'push') then ''
      else coalesce((
        select string_agg(id::text, ',') from (
          select id from push_subscriptions where user_id = ${sql.placeholder('userId')}
          order by last_used_at desc limit ${sql.placeholder('maxDevices')}
        ) as device), '')
      end as devices`;

const reach = preparedSql<{ off: string; devices: string }>('notification_reach', reachText);

/**
 * Where a notification of `topic` may reach the person, in one statement: the channels they turned
 * off for it (at most three rows of its key) and, unless push is one of them, their devices (at most
 * `maxDevices`, the most recently used first).
 */
export async function reachOf(
  tx: Db | Tx,
  userId: string,
  topic: NotificationTopic,
  maxDevices: number,
): Promise<{ off: Set<NotificationChannel>; devices: string[] }> {
  const [row] = await reach(tx, { userId, topic, maxDevices });
  const list = (text: string | undefined) => (text ? text.split(',') : []);
  return {
    off: new Set(list(row?.off).map((column) => CHANNEL_OF_COLUMN[column]!)),
    devices: list(row?.devices),
  };
}

/** Whether the person turned `channel` off for `topic`: one probe of the key. */
const optOut = preparedOnce((db) =>
  db
    .select({ one: sql<number>`1` })
    .from(notificationOptOuts)
    .where(
      and(
        eq(notificationOptOuts.userId, sql.placeholder('userId')),
        eq(notificationOptOuts.topic, sql.placeholder('topic')),
        eq(notificationOptOuts.channel, sql.placeholder('channel')),
      ),
    )
    .limit(1)
    .prepare('notification_opt_out'),
);

export async function isOptedOut(
  db: Db | Tx,
  userId: string,
  topic: NotificationTopic,
  channel: NotificationChannel,
): Promise<boolean> {
  const [row] = await optOut(db).execute({ userId, topic, channel: COLUMN_OF_CHANNEL[channel] });
  return !!row;
}

/** Every switch the person turned off (at most fifteen rows of their key). */
export async function optOutsOf(
  db: Db | Tx,
  userId: string,
): Promise<Array<{ topic: NotificationTopic; channel: NotificationChannel }>> {
  const rows = await db
    .select({ topic: notificationOptOuts.topic, channel: notificationOptOuts.channel })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
  return rows.map((row) => ({ topic: row.topic as NotificationTopic, channel: CHANNEL_OF_COLUMN[row.channel]! }));
}

/**
 * Turns a switch on (its row goes) or off (its row is kept; again changes nothing). Off for someone
 * who no longer exists writes nothing: false.
 */
export async function setOptOut(
  db: Db | Tx,
  values: { userId: string; topic: NotificationTopic; channel: NotificationChannel; on: boolean; at: Date },
): Promise<boolean> {
  const channel = COLUMN_OF_CHANNEL[values.channel];
  if (values.on) {
    await db
      .delete(notificationOptOuts)
      .where(
        and(
          eq(notificationOptOuts.userId, values.userId),
          eq(notificationOptOuts.topic, values.topic),
          eq(notificationOptOuts.channel, channel),
        ),
      );
    return true;
  }
  const [row] = rowsOf<{ there: boolean }>(
    await db.execute(sql`
      with person as (select id from users where id = ${values.userId}),
      added as (
        insert into notification_opt_outs (user_id, topic, channel, created_at)
        select id, ${values.topic}, ${channel}, ${values.at.toISOString()}::timestamptz from person
        on conflict do nothing
      )
      select exists (select 1 from person) as there`),
  );
  return Boolean(row?.there);
}
