/**
 * Creator analytics (issue 18). Views and link/Buy clicks arrive in batches from the browser, which
 * applies the on-screen rule (60% for 2 s); the server applies the rest: once per person, or browser,
 * per offer, kind and UTC day, never the owner's own, only visible offers, at most a few browsers
 * per address, and a burst limit per address. The Stats page reads the own offer's days (at most 90).
 */
import { createHmac } from 'node:crypto';
import {
  ANONYMOUS_VIEWERS_PER_ADDRESS,
  AppError,
  AUDIENCE_BURST_MAX,
  AUDIENCE_BURST_WINDOW_MS,
  statsTexts,
  STATS_DEFAULT_PERIOD,
  STATS_METRICS,
  type AudienceEvent,
  type AudienceResult,
  type OwnStats,
  type StatsDay,
  type StatsPeriod,
  type StatsTotals,
} from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { AppDeps } from '../deps.ts';
import type { Sharer } from '../engagement/index.ts';
import { findOwnOffer, readOfferDays, writeAudience, type StoredDay } from './stats.queries.ts';

const DAY_MS = 24 * 3600_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Records a batch; refused whole (429) when the address sent too many batches this minute. */
export async function recordAudience(options: {
  deps: AppDeps;
  actor: Actor | null;
  visitor: Sharer;
  events: AudienceEvent[];
}): Promise<AudienceResult> {
  const { deps, actor, visitor, events } = options;
  const now = deps.clock.now();
  // A person is known by a keyed hash of their id, so the rows name nobody to whoever reads the table.
  const viewerKey = actor
    ? `p:${createHmac('sha256', deps.config.authSecret).update(`viewer:${actor.id}`).digest('base64url')}`
    : `b:${visitor.visitorKey}`;
  const { hits, recorded } = await writeAudience(deps.database.db, {
    events,
    viewerKey,
    personId: actor?.id ?? null,
    addressKey: visitor.addressKey,
    anonymous: !actor,
    day: utcDay(now),
    now,
    burst: { windowMs: AUDIENCE_BURST_WINDOW_MS, max: AUDIENCE_BURST_MAX },
    anonymousCap: ANONYMOUS_VIEWERS_PER_ADDRESS,
  });
  if (hits > AUDIENCE_BURST_MAX) throw new AppError('too_many_events', statsTexts.tooFast);
  return { recorded };
}

/** The own offer's numbers for the last `days` UTC days, today included; an empty period without an offer. */
export async function getOwnStats(options: { deps: AppDeps; actor: Actor; days?: StatsPeriod }): Promise<OwnStats> {
  const { deps, actor } = options;
  const days = options.days ?? STATS_DEFAULT_PERIOD;
  const today = new Date(`${utcDay(deps.clock.now())}T00:00:00Z`);
  const from = utcDay(new Date(today.getTime() - (days - 1) * DAY_MS));
  const to = utcDay(today);
  const offer = await findOwnOffer(deps.database.db, actor.id);
  const stored = offer ? await readOfferDays(deps.database, offer.id, from, to) : [];
  const byDay = new Map(stored.map((day) => [day.day, day]));
  const daily = Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(today.getTime() - (days - 1 - i) * DAY_MS));
    return shown(byDay.get(day) ?? { ...EMPTY_DAY, day });
  });
  return { offer, days, from, to, totals: totalsOf(stored), daily };
}

const EMPTY_DAY: StoredDay = {
  day: '',
  views: 0,
  viewersReturning: 0,
  boosts: 0,
  favorites: 0,
  reactions: 0,
  shares: 0,
  clicks: 0,
  messages: 0,
  orders: 0,
  completedOrders: 0,
  revenuePence: 0,
};

function shown({ viewersReturning: _returning, ...day }: StoredDay): StatsDay {
  return day;
}

/**
 * The period's sums. Each day's views are its distinct viewers; a viewer seen on several days of the
 * period counts once in uniqueViewers: every view whose viewer viewed before within the period is
 * recorded on that earlier day as one who came back, so the period's returns are taken off its views.
 */
function totalsOf(days: StoredDay[]): StatsTotals {
  const totals = Object.fromEntries(STATS_METRICS.map((metric) => [metric, 0])) as StatsTotals;
  for (const day of days) {
    totals.views += day.views;
    totals.uniqueViewers += day.views - day.viewersReturning;
    totals.boosts += day.boosts;
    totals.favorites += day.favorites;
    totals.reactions += day.reactions;
    totals.shares += day.shares;
    totals.clicks += day.clicks;
    totals.messages += day.messages;
    totals.orders += day.orders;
    totals.completedOrders += day.completedOrders;
    totals.revenuePence += day.revenuePence;
  }
  return totals;
}
