/** The jobs feature's public entry: what other features and the app use of it, and all they may import. */
export { jobs } from './jobs.routes.ts';
