/**
 * Creator analytics (issue 18): who watched one's offer and what they did, for the last 7, 30 or 90
 * days. A view is the offer at least 60% on screen for 2 seconds, counted once per person (or, for a
 * visitor, per browser) per offer and UTC day; the owner's own views and clicks never count. The
 * browser batches views and link/Buy clicks to one route; boosts, favourites, reactions, shares,
 * messages and orders come from what the product records anyway. docs/decisions/0018 says how they
 * are rolled up. Routes:
 *   POST /api/stats/events       a batch of views and clicks (anyone)   -> AudienceResult
 *   GET  /api/stats/mine?days=30 the own offer's numbers (signed in)    -> OwnStats
 */
import { z } from 'zod';
import { defineApi } from './api.ts';

/** How much of the offer must be on screen, and for how long, for a view. */
export const VIEW_VISIBLE_SHARE = 0.6;
export const VIEW_MIN_MS = 2000;
/** The browser sends what it collected this long after the first event (and when the page is left). */
export const AUDIENCE_FLUSH_MS = 5000;
/** Events in one batch at most; a larger batch is refused. */
export const AUDIENCE_BATCH_MAX = 50;
/** Batches one address may send in a window; more are refused (429). */
export const AUDIENCE_BURST_MAX = 120;
export const AUDIENCE_BURST_WINDOW_MS = 60_000;
/** Browsers without an account counted per address, offer, kind and day, so clearing cookies does not mint viewers. */
export const ANONYMOUS_VIEWERS_PER_ADDRESS = 10;

export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_DEFAULT_PERIOD: StatsPeriod = 30;

export const statsTexts = {
  title: 'Stats',
  /** The profile's button beside the own offer. */
  open: 'Stats',
  openWhat: 'for your offer',
  periodLabel: 'Period',
  period: (days: number) => `${days} days`,
  lastDays: (days: number) => `the last ${days} days`,
  loading: 'Loading your stats',
  loadFailed: 'Failed to load your stats',
  noOffer: 'No offer yet',
  noOfferBody: 'Post your offer and see here who watches it, what they do and what it earns.',
  totals: 'Totals',
  chart: 'Over time',
  chartMetric: 'Show',
  funnel: 'From views to completed orders',
  funnelShare: (percent: string) => `${percent} of views`,
  noViewsYet: 'No views yet',
  tooFast: 'Too many events from this address. Please wait a minute.',
  howCounted:
    'A view counts when at least 60% of your offer is on screen for 2 seconds, once a day for each person or browser. Your own views and clicks are not counted. Days are UTC days.',
} as const;

/** Every number the page shows, in the order it shows them. */
export const STATS_METRICS = [
  'views',
  'uniqueViewers',
  'boosts',
  'favorites',
  'reactions',
  'shares',
  'clicks',
  'messages',
  'orders',
  'completedOrders',
  'revenuePence',
] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

export const statsMetricLabels: Record<StatsMetric, string> = {
  views: 'Views',
  uniqueViewers: 'Unique viewers',
  boosts: 'Boosts',
  favorites: 'Favourites',
  reactions: 'Reactions',
  shares: 'Shares',
  clicks: 'Link/Buy clicks',
  messages: 'Messages',
  orders: 'Orders',
  completedOrders: 'Completed orders',
  revenuePence: 'Revenue',
};

export const audienceEvent = z.object({
  offerId: z.uuid({ error: 'offerId must be an offer id' }),
  kind: z.enum(['view', 'click'], { error: 'kind must be view or click' }),
});
export type AudienceEvent = z.output<typeof audienceEvent>;

export const audienceBatch = z.object({
  events: z
    .array(audienceEvent)
    .min(1, 'A batch holds at least one event')
    .max(AUDIENCE_BATCH_MAX, `A batch holds at most ${AUDIENCE_BATCH_MAX} events`),
});

/** How many of the batch's events were new (the rest were counted already, the viewer's own, or not there). */
export const audienceResult = z.object({ recorded: z.number().int() });
export type AudienceResult = z.output<typeof audienceResult>;

export const statsQuery = z.object({
  days: z.enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' }).optional(),
});

const count = z.number().int();
/** One UTC day's numbers (a day's viewers are its views: one per viewer and day). */
export const statsDay = z.object({
  day: z.string(),
  views: count,
  boosts: count,
  favorites: count,
  reactions: count,
  shares: count,
  clicks: count,
  messages: count,
  orders: count,
  completedOrders: count,
  revenuePence: count,
});
export type StatsDay = z.output<typeof statsDay>;

export const statsTotals = z.object(
  Object.fromEntries(STATS_METRICS.map((metric) => [metric, count])) as {
    [K in StatsMetric]: typeof count;
  },
);
export type StatsTotals = z.output<typeof statsTotals>;

export const ownStats = z.object({
  /** The person's offer, or null when they have none yet. */
  offer: z.object({ id: z.string(), title: z.string() }).nullable(),
  days: count,
  /** The first and last UTC day of the period (YYYY-MM-DD), today last. */
  from: z.string(),
  to: z.string(),
  totals: statsTotals,
  /** Every day of the period, oldest first, zeros included. */
  daily: z.array(statsDay),
});
export type OwnStats = z.output<typeof ownStats>;

export const statsApi = defineApi({
  'POST /api/stats/events': {
    caller: 'anyone',
    summary:
      'Records a batch of offer views and link/Buy clicks (once per person or browser, offer and day; never the owner’s own)',
    body: audienceBatch,
    response: audienceResult,
  },
  'GET /api/stats/mine': {
    caller: 'signedIn',
    summary: 'The own offer’s views, engagement, orders and revenue over the last 7, 30 or 90 days',
    query: statsQuery,
    response: ownStats,
  },
});
