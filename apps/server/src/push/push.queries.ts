/** The only place push subscriptions touch the database: one row per device, found by its endpoint or its id. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { pushSubscriptions } from '../db/schema.ts';

type Conn = Db | Tx;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Keeps the device's subscription for the person: a device already known (by its endpoint) takes the
 * new keys and belongs to this person from now on, as a shared device belongs to whoever turned push on last.
 */
export async function saveSubscription(
  db: Conn,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; device: string; at: Date },
): Promise<void> {
  const { at, ...row } = values;
  await db
    .insert(pushSubscriptions)
    .values({ ...row, createdAt: at, lastUsedAt: at })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, device: row.device, lastUsedAt: at },
    });
}

/**
 * Past `keep` devices, the person's longest unused ones go: one bounded read of their index, so
 * subscribing stays cheap however often a person reinstalls a browser.
 */
export async function keepNewestDevices(db: Conn, userId: string, keep: number): Promise<void> {
  await db.execute(sql`
    delete from push_subscriptions where id in (
      select id from push_subscriptions where user_id = ${userId}
      order by last_used_at desc offset ${keep} limit 50)`);
}

/** Whether a subscription of the person's with this endpoint was removed. */
export async function deleteSubscription(db: Conn, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function findSubscription(db: Conn, id: string): Promise<PushSubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row ?? null;
}

/** The push service said the subscription is gone (404, 410): no more pushes to it. */
export async function forgetSubscription(db: Conn, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function touchSubscription(db: Conn, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(eq(pushSubscriptions.id, id));
}
