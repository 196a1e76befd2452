/** The reports feature's public entry: what the app uses of it. */
export { reports } from './reports.routes.ts';
