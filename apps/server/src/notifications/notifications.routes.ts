/** The notification centre's API and the badges' counts (notifications.api.ts in core); all signed in, all the viewer's own. */
import { feature } from '../http/declare.ts';
import { getNotifications, getUnreadCounts, readAllNotifications, readNotification } from './notifications.service.ts';

export const notifications = feature('notifications', ({ deps, route }) => {
  route('GET /api/notifications', ({ actor, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return getNotifications({ deps, actor, cursor: query.cursor });
  });

  route('POST /api/notifications/read-all', ({ actor }) => readAllNotifications({ deps, actor }));

  route('POST /api/notifications/:id/read', ({ actor, params }) => readNotification({ deps, actor, id: params.id }));

  route('GET /api/unread', ({ actor, reply }) => {
    reply.header('cache-control', 'no-store');
    return getUnreadCounts({ deps, actor });
  });
});
