/** The metrics feature's public entry: what the app uses of it. */
export { metricsPage } from './metrics.routes.ts';
