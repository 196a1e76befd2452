/** The stats feature's public entry: what the app and its background work use of it. */
export { foldOfferStats } from './stats.queries.ts';
export { stats } from './stats.routes.ts';
