/** The explore feature's public entry: what other features and the app use of it, and all they may import. */
export { OfferTile } from './OfferTile.tsx';
export { useCreatorPage, usePopularTags } from './explore.queries.ts';
