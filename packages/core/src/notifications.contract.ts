/**
 * What the server answers about notifications, as schemas (the route table is in notifications.api.ts).
 * A notification is written in the same transaction as the event it tells about and links to what it
 * is about (an in-app path). Change additively only.
 */
import { z } from 'zod';
import { unreadCounts } from './messages.schemas.ts';
import { textInput } from './text-input.ts';

export const NOTIFICATION_KINDS = [
  'message',
  'offer_approved',
  'order_paid',
  'order_delivered',
  'order_completed',
  'order_payment_confirmed',
  'order_payment_not_received',
  'order_changes_requested',
  'order_cancelled',
  'order_reminder',
  'order_message',
  'order_problem',
  'order_resolved',
  'review',
  'report_handled',
  'offer_hidden',
  'account_suspended',
  'appeal_received',
  'appeal_decided',
  'job_accepted',
  'job_declined',
  'job_received',
  'follow',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

export const notificationItem = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** In-app path ('/order/…', '/messages?with=…'); the web app follows only paths starting with '/'. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.output<typeof notificationItem>;

/** A keyset page request: the opaque cursor from the previous page; without one, the newest page. */
export const notificationListQuery = z.object({ cursor: textInput(200).optional() });

/**
 * One page of the viewer's notifications (the newest 30 first), with the badges' counts; nextCursor
 * asks for the next, older page and is null on the last one.
 */
export const notificationList = z.object({
  notifications: z.array(notificationItem),
  unread: unreadCounts,
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.output<typeof notificationList>;

/** One notification marked read, and the counts after it. */
export const notificationRead = z.object({ notification: notificationItem, unread: unreadCounts });
export type NotificationRead = z.output<typeof notificationRead>;

/** Path of the thread with a person in /messages (the route table has no sub-route). */
export const threadLink = (userId: string) => `/messages?with=${encodeURIComponent(userId)}`;
