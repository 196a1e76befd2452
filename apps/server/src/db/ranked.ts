/**
 * What the rank counts (issue 17, core's ranking.ts, docs/decisions/0016), as SQL the features fold
 * into the statements that already write: whether a person counts, and the SET that moves an offer's
 * ranked_* columns with its rank score. Each row that could count records whether it did (its own
 * `counted`, or an order's counts_for_rank), so taking it off later takes off exactly what it added.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { FRESH_ACCOUNT_MS, rankScoreSql, type RankedColumn } from '@gigreel/core';
import { blocks, users } from './schema.ts';

/**
 * Whether the person's account is established at `at` (core's isFreshAccount is false: verified, and
 * at least a day old): one primary-key probe. False for nobody (a deleted account).
 */
export function establishedSql(person: SQL, at: Date): SQL {
  return establishedSince(person, sql`${establishedBy(at)}::timestamptz`);
}

/** The latest creation time of an account established at `at`, the value of `dayBefore` in engagementCountsPrepared. */
export const establishedBy = (at: Date) => new Date(at.getTime() - FRESH_ACCOUNT_MS).toISOString();

const establishedSince = (person: SQL | Placeholder, dayBefore: SQL) =>
  sql`coalesce((select u.email_verified and u.created_at <= ${dayBefore} from ${users} u where u.id = ${person}), false)`;

const countsFor = (person: SQL | Placeholder, owner: SQL | Placeholder, dayBefore: SQL) =>
  sql`(${establishedSince(person, dayBefore)} and not exists (select 1 from ${blocks} k where k.blocker_id = ${owner} and k.blocked_id = ${person}))`;

/**
 * Whether a person's engagement with an owner's offer counts now: never the owner's own, and only
 * from an established person the owner has not blocked (two primary-key probes, users and blocks).
 */
export function engagementCountsSql(personId: string, ownerId: string, now: Date): SQL {
  if (personId === ownerId) return sql`false`;
  return countsFor(sql`${personId}`, sql`${ownerId}`, sql`${establishedBy(now)}::timestamptz`);
}

/** engagementCountsSql for a prepared statement: its values `person`, `owner` and `dayBefore` (establishedBy) given at execute. */
export const engagementCountsPrepared = sql`(${sql.placeholder('person')}::text <> ${sql.placeholder('owner')}::text and ${countsFor(
  sql.placeholder('person'),
  sql.placeholder('owner'),
  sql`${sql.placeholder('dayBefore')}::timestamptz`,
)})`;

const RANKED_KEYS = {
  ranked_engagement: 'rankedEngagement',
  ranked_orders: 'rankedOrders',
  ranked_reviews: 'rankedReviews',
  ranked_rating_sum: 'rankedRatingSum',
} as const satisfies Record<RankedColumn, string>;

type RankedKey = (typeof RANKED_KEYS)[RankedColumn];

/** How much each ranked_* column moves: a whole number, or SQL over the statement's other tables. */
export type RankedMoves = Partial<Record<RankedColumn, number | string>>;

function nextValues(by: RankedMoves): Partial<Record<RankedColumn, string>> {
  const next: Partial<Record<RankedColumn, string>> = {};
  for (const [column, delta] of Object.entries(by) as Array<[RankedColumn, number | string]>) {
    if (delta === 0) continue;
    if (typeof delta === 'number' && !Number.isInteger(delta)) throw new Error(`bad ranked move ${column} ${delta}`);
    next[column] = `(${column} + (${delta}))`;
  }
  return next;
}

/**
 * The SET (drizzle's keys) of an UPDATE on offers that moves ranked columns and the rank score in
 * the same statement; empty when nothing moves.
 */
export function moveRanked(by: RankedMoves): Partial<Record<RankedKey | 'rankScore', SQL>> {
  const next = nextValues(by);
  const moving = Object.entries(next) as Array<[RankedColumn, string]>;
  if (moving.length === 0) return {};
  return {
    ...Object.fromEntries(moving.map(([column, value]) => [RANKED_KEYS[column], sql.raw(value)])),
    rankScore: sql.raw(rankScoreSql(next)),
  };
}

/** The same SET as SQL text, for statements written whole. */
export function moveRankedSql(by: RankedMoves): string {
  const next = nextValues(by);
  const moving = Object.entries(next) as Array<[RankedColumn, string]>;
  if (moving.length === 0) throw new Error('nothing ranked moves');
  return [...moving.map(([column, value]) => `${column} = ${value}`), `rank_score = ${rankScoreSql(next)}`].join(', ');
}
