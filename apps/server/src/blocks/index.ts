/** The blocks feature's public entry: what other features and the app use of it, and all they may import. */
export { blocks } from './blocks.routes.ts';
export { blockedAmong, blockedBetween, feedExclusionsOf, hasBlockRelations } from './blocks.service.ts';
