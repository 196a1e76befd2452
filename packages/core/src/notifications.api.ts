/** The notification centre and the badges' counts in the route table (api.ts); all the viewer's own. */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { markReadResult, unreadCounts } from './messages.schemas.ts';
import { notificationList, notificationListQuery, notificationRead } from './notifications.contract.ts';

export const notificationsApi = defineApi({
  'GET /api/notifications': {
    caller: 'signedIn',
    summary: "A page of the viewer's notifications, newest first (30 a page, by cursor), with the unread counts",
    query: notificationListQuery,
    response: notificationList,
  },
  'POST /api/notifications/read-all': {
    caller: 'signedIn',
    summary: "Mark every one of the viewer's notifications read",
    response: markReadResult,
  },
  'POST /api/notifications/:id/read': {
    caller: 'signedIn',
    summary: "Mark one notification read; anyone else's (or no such id) answers 404",
    // Any id is taken: one that is not a notification of the viewer's is "not found", never a 400.
    params: z.object({ id: z.string().max(100) }),
    response: notificationRead,
  },
  'GET /api/unread': {
    caller: 'signedIn',
    summary: 'The badges: unread messages and unread notifications',
    response: unreadCounts,
  },
});
