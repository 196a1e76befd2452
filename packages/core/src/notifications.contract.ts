/**
 * Notifications API contract. A notification is written in the same transaction as the
 * event it tells about and links to what it is about (an in-app path).
 *
 *   GET  /api/notifications                 NotificationList   newest first
 *   POST /api/notifications/:id/read        -> { notification: NotificationItem, unread: UnreadCounts }
 *   POST /api/notifications/read-all        -> { updated, unread: UnreadCounts }
 */
import type { UnreadCounts } from './messages.schemas.ts';

export const NOTIFICATION_KINDS = ['message', 'offer_approved', 'order_paid', 'order_delivered', 'order_completed', 'job_accepted', 'job_declined', 'job_received'] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

export type NotificationItem = {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** In-app path ('/order/…', '/messages?with=…'); the web app follows only paths starting with '/'. */
  link: string;
  read: boolean;
  createdAt: string;
};

export type NotificationList = { notifications: NotificationItem[]; unread: UnreadCounts };

/** Path of the thread with a person in /messages (the route table has no sub-route). */
export const threadLink = (userId: string) => `/messages?with=${encodeURIComponent(userId)}`;
