/** The account feature's public entry: what other features and the app use of it, and all they may import. */
export { account } from './account.routes.ts';
