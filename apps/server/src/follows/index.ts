/** The follows feature's public entry: what the app and other features use of it. */
export { followCountsOf, isFollowing } from './follows.queries.ts';
export { follows } from './follows.routes.ts';
