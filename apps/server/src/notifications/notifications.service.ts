/**
 * Notifications are written in the same transaction as the event they tell about (issue 4), and
 * announced to the person's live connections after commit through PostgreSQL NOTIFY.
 * Other features call createNotification(tx, ...) inside their own transaction.
 */
import type { Db, Tx } from '../db/connection.ts';
import { notifications } from '../db/schema.ts';

export type NotificationKind =
  | 'message' | 'offer_approved' | 'order_paid' | 'order_delivered' | 'order_completed' | 'job_accepted' | 'job_declined' | 'job_received';

export type NewNotification = { userId: string; kind: NotificationKind; title: string; body?: string; link: string };

export async function createNotification(tx: Db | Tx, input: NewNotification): Promise<{ id: string }> {
  const [row] = await tx.insert(notifications).values({ userId: input.userId, kind: input.kind, title: input.title, body: input.body ?? '', link: input.link }).returning({ id: notifications.id });
  if (!row) throw new Error('notification not stored');
  return row;
}
