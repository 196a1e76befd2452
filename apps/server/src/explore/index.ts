/** The explore feature's public entry: what other features and the app use of it, and all they may import. */
export { explore } from './explore.routes.ts';
export { POPULAR_TAGS_CRON, POPULAR_TAGS_JOB, refreshPopularTags } from './explore.service.ts';
