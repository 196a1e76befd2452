/** The notifications feature's public entry: what other features and the app use of it, and all they may import. */
export { AccountUnreadBadge, MenuUnreadBadge, TabUnreadBadge } from './UnreadBadge.tsx';
export { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './notifications.queries.ts';
export { NotificationSettings } from './NotificationSettings.tsx';
export { useNotificationSettings, useUnsubscribe, useUnsubscribeLink } from './notification-settings.queries.ts';
