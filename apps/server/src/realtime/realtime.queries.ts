/**
 * The database side of live events: announcing an event inside the writer's transaction
 * (pg_notify, which PostgreSQL and PGlite deliver only on commit and drop on rollback), the unread
 * counts the badges show, and what a reconnecting client missed.
 */
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { UnreadCounts } from '@gigreel/core';
import type { Db, Tx } from '../db/connection.ts';
import { conversationSummaries as summary, gigMessages, notifications, sessions } from '../db/schema.ts';

/** One channel for every live event; each payload names the people it is for. */
export const LIVE_CHANNEL = 'gigreel_live';

/** What travels through NOTIFY: ids only (NOTIFY payloads are limited to 8000 bytes). */
export type LivePayload =
  | { users: string[]; type: 'message'; id: string; from: string; to: string; createdAt: string }
  | { users: string[]; type: 'notification'; id: string; kind: string; createdAt: string }
  | { users: string[]; type: 'read' };

export async function announce(tx: Db | Tx, payload: LivePayload): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Unread messages come from the people's conversation summaries (the pairs with something unread on
 * their side, through a partial index), notifications from notifications_unread_idx: neither reads
 * a person's history.
 */
export async function unreadCountsFor(db: Db | Tx, userIds: string[]): Promise<Map<string, UnreadCounts>> {
  const result = new Map<string, UnreadCounts>(userIds.map((id) => [id, { messages: 0, notifications: 0 }]));
  if (userIds.length === 0) return result;
  const [messageRows, notificationRows] = await Promise.all([
    // "> 0" stays in the text (not a parameter), the very predicate of the partial indexes.
    db
      .select({ userId: summary.userLow, n: summary.unreadLow })
      .from(summary)
      .where(and(inArray(summary.userLow, userIds), sql`${summary.unreadLow} > 0`))
      .unionAll(
        db
          .select({ userId: summary.userHigh, n: summary.unreadHigh })
          .from(summary)
          .where(and(inArray(summary.userHigh, userIds), sql`${summary.unreadHigh} > 0`)),
      ),
    db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
      .groupBy(notifications.userId),
  ]);
  for (const row of messageRows) result.get(row.userId)!.messages += Number(row.n);
  for (const row of notificationRows) result.get(row.userId)!.notifications = Number(row.n);
  return result;
}

export async function unreadCounts(db: Db | Tx, userId: string): Promise<UnreadCounts> {
  return (await unreadCountsFor(db, [userId])).get(userId)!;
}

/** True while the session behind a live connection is still signed in. */
export async function sessionIsActive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Messages and notifications for a person since a moment, oldest first (resume after a lost connection). */
export async function missedSince(db: Db, userId: string, since: Date) {
  const [messages, notes] = await Promise.all([
    db
      .select({
        id: gigMessages.id,
        from: gigMessages.senderId,
        to: gigMessages.receiverId,
        createdAt: gigMessages.createdAt,
      })
      .from(gigMessages)
      .where(and(eq(gigMessages.receiverId, userId), gt(gigMessages.createdAt, since)))
      .orderBy(gigMessages.createdAt)
      .limit(100),
    db
      .select({ id: notifications.id, kind: notifications.kind, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.createdAt, since)))
      .orderBy(notifications.createdAt)
      .limit(100),
  ]);
  return { messages, notifications: notes };
}
