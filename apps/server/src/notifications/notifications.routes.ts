/**
 * The notification centre's API, the badges' counts (notifications.api.ts in core) and the notification
 * settings (notification-settings.ts): all signed in and the viewer's own, but for a mail's unsubscribe
 * link, whose signed token is the key.
 */
import { feature } from '../http/declare.ts';
import {
  getNotificationSettings,
  setNotificationSetting,
  unsubscribe,
  viewUnsubscribe,
} from './notification-settings.service.ts';
import { getNotifications, getUnreadCounts, readAllNotifications, readNotification } from './notifications.service.ts';

export const notifications = feature('notifications', ({ app, deps, route }) => {
  // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
  // Only this feature's routes take a form; the token, not the body, decides.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
  );
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

  route('GET /api/notifications/settings', ({ actor }) => getNotificationSettings({ deps, actor }));
  route('PUT /api/notifications/settings', ({ actor, body }) => setNotificationSetting({ deps, actor, ...body }));
  route('GET /api/unsubscribe/:token', ({ params }) => viewUnsubscribe({ deps, token: params.token }));
  route('POST /api/unsubscribe/:token', ({ params }) => unsubscribe({ deps, token: params.token }));
});
