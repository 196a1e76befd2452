/**
 * The feed's rank score, in the manner of Reddit's "hot": log(1 + engagement) + created_at / tau.
 * Its order never changes with time alone, so only offers whose engagement changed are rewritten;
 * tau = 62,000 s makes a day's head start worth about four times the engagement (12-hour half-life).
 * Engagement weighs a boost above a favourite above a reaction or a signed-in share; an anonymous
 * share weighs a quarter of a signed-in one, since nobody answers for it.
 */
export const RANK_TAU_SECONDS = 62_000;
export const ANONYMOUS_SHARE_WEIGHT = 0.25;

/** `shares` counts every counted share, `anonymousShares` the part of them made without an account. */
export type Engagement = {
  boosts: number;
  favorites: number;
  reactions: number;
  shares: number;
  anonymousShares?: number;
};

export function engagementScore(e: Engagement): number {
  const anonymous = e.anonymousShares ?? 0;
  return 3 * e.boosts + 2 * e.favorites + e.reactions + (e.shares - anonymous) + ANONYMOUS_SHARE_WEIGHT * anonymous;
}

export function rankScore(e: Engagement, createdAt: Date): number {
  return Math.log(1 + engagementScore(e)) + createdAt.getTime() / 1000 / RANK_TAU_SECONDS;
}

export type CounterColumn =
  'boost_count' | 'favorite_count' | 'reaction_count' | 'share_count' | 'anonymous_share_count';

/**
 * The same formula in SQL over an offers row. In an UPDATE, SET expressions read the row's old values,
 * so a statement that changes a counter passes the counter's new expression here
 * (rankScoreSql({ boost_count: '(boost_count + 1)' })) and counter and score change in one statement.
 */
export function rankScoreSql(next: Partial<Record<CounterColumn, string>> = {}): string {
  const c = (column: CounterColumn) => next[column] ?? column;
  const discount = 1 - ANONYMOUS_SHARE_WEIGHT;
  return `ln(1 + 3 * ${c('boost_count')} + 2 * ${c('favorite_count')} + ${c('reaction_count')} + ${c('share_count')} - ${discount} * ${c('anonymous_share_count')}) + extract(epoch from created_at) / ${RANK_TAU_SECONDS}`;
}

export const RANK_SCORE_SQL = rankScoreSql();
