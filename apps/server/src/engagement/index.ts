/** The engagement feature's public entry: what other features and the app use of it, and all they may import. */
export { engagement } from './engagement.routes.ts';
export { react, toggleBoost, toggleFavorite } from './engagement.service.ts';
export { sharerOf, type Sharer } from './sharer.ts';
