/** The profile feature's public entry: what other features and the app use of it, and all they may import. */
export { profile } from './profile.routes.ts';
