/** The notifications feature's public entry: what other features and the app use of it, and all they may import. */
export { mailOfTopic } from './notification-settings.service.ts';
export { markMessageNotificationsRead } from './notifications.queries.ts';
export { notifications } from './notifications.routes.ts';
export { createNotification } from './notifications.service.ts';
