/** The engagement feature's public entry: what other features and the app use of it, and all they may import. */
export { ActionRail } from './ActionRail.tsx';
export { useBoostedOffers, useSavedOffers } from './engagement.queries.ts';
export { lastEngagedAt, markEngaged } from './engaged-at.ts';
export { useDoubleTapFavorite } from './useEngagementActions.ts';
