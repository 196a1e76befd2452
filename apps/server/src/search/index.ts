/** The search feature's public entry: what the app uses of it. */
export { search } from './search.routes.ts';
