/** The stats feature's public entry: the Stats page's parts, and what the feed uses to count views and clicks. */
export { recordClick } from './audience.ts';
export { StatsChart } from './StatsChart.tsx';
export { StatsFunnel } from './StatsFunnel.tsx';
export { StatsTotals } from './StatsTotals.tsx';
export { useOwnStats } from './stats.queries.ts';
export { useViewTracking } from './useViewTracking.ts';
