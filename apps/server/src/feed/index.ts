/** The feed feature's public entry: what other features and the app use of it, and all they may import. */
export { countSearchMatches, visibleInFeed } from './feed.queries.ts';
export { createPublicFeedPages, feed } from './feed.routes.ts';
