/** The media feature's public entry: what other features and the app use of it, and all they may import. */
export { mediaFiles } from './media.routes.ts';
