/** The realtime feature's public entry: what other features and the app use of it, and all they may import. */
export { messagesKey, notificationsKey, unreadKey } from './live.ts';
export { useLiveUpdates } from './useLive.ts';
