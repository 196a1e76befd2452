/** The reports feature's public entry: what the app uses of it. */
export { END_SUSPENSIONS_JOB, endDueSuspensions } from './moderation.service.ts';
export { reports } from './reports.routes.ts';
