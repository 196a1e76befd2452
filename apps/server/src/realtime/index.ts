/** The realtime feature's public entry: what other features and the app use of it, and all they may import. */
export { announce, unreadCounts } from './realtime.queries.ts';
export { realtime } from './realtime.routes.ts';
export { liveConnections } from './realtime.hub.ts';
