/**
 * The feed's rank score (issue 17, "A feed that rewards proof"; docs/decisions/0016): in the manner of
 * Reddit's "hot", ln(1 + proof) + created_at / tau. Its order never changes with time alone, so only
 * offers whose proof changed are rewritten; tau = 62,000 s makes a day's head start worth about
 * ln(4), one established person's boost.
 *
 * Proof weighs what costs nothing to fake little and what costs money most: the engagement of
 * established people (verified, at least a day old) other than the owner and not blocked by them,
 * once each; then the orders completed for established buyers; then those orders' reviews, each
 * weighed by the Wilson lower bound of the share of good stars, so a few perfect reviews count less
 * than many, and bad ones less than good ones. What the rank counted is kept on the offer
 * (ranked_*), beside the display counters people see, which still show every boost.
 */
export const RANK_TAU_SECONDS = 62_000;

/** What each counted engagement row adds to ranked_engagement. */
export const ENGAGEMENT_WEIGHTS = { boost: 3, favorite: 2, reaction: 1, share: 1 } as const;

/** A completed order from an established buyer is money spent: worth a few people's boosts and favourites. */
export const ORDER_WEIGHT = 8;
/** A review at the lower bound 1 (many five-star reviews) is worth more than the order itself. */
export const REVIEW_WEIGHT = 12;
/** 95% confidence for the Wilson lower bound. */
export const WILSON_Z = 1.96;
/** z squared as SQL writes it (3.8416), so JS and SQL use the very same number. */
const Z2 = Number((WILSON_Z * WILSON_Z).toFixed(6));

/** What the rank counts of an offer: its ranked_* columns. */
export type Ranked = { engagement: number; orders: number; reviews: number; ratingSum: number };

/**
 * The Wilson score lower bound of the share of good stars in `reviews` reviews whose stars add up to
 * `ratingSum` (1 star counts 0, 5 stars 1); 0 without reviews.
 */
export function reviewLowerBound(reviews: number, ratingSum: number): number {
  if (reviews <= 0) return 0;
  const n = reviews;
  const p = (ratingSum - n) / (4 * n);
  return (p + Z2 / (2 * n) - WILSON_Z * Math.sqrt((p * (1 - p)) / n + Z2 / (4 * n * n))) / (1 + Z2 / n);
}

export function proofScore(ranked: Ranked): number {
  return (
    ranked.engagement +
    ORDER_WEIGHT * ranked.orders +
    REVIEW_WEIGHT * ranked.reviews * reviewLowerBound(ranked.reviews, ranked.ratingSum)
  );
}

export function rankScore(ranked: Ranked, createdAt: Date): number {
  return Math.log(1 + proofScore(ranked)) + createdAt.getTime() / 1000 / RANK_TAU_SECONDS;
}

/** An offer nobody has engaged with or bought from yet. */
export const NO_PROOF: Ranked = { engagement: 0, orders: 0, reviews: 0, ratingSum: 0 };

export type RankedColumn = 'ranked_engagement' | 'ranked_orders' | 'ranked_reviews' | 'ranked_rating_sum';

/**
 * The same formula in SQL over an offers row. In an UPDATE, SET expressions read the row's old values,
 * so a statement that changes a ranked_* column passes the column's new expression here
 * (rankScoreSql({ ranked_engagement: '(ranked_engagement + 3)' })) and column and score change in one
 * statement. Without reviews the bound is 0, and the CASE keeps the division from running.
 */
export function rankScoreSql(next: Partial<Record<RankedColumn, string>> = {}): string {
  const c = (column: RankedColumn) => next[column] ?? column;
  const n = c('ranked_reviews');
  const p = `((${c('ranked_rating_sum')} - ${n})::double precision / (4 * ${n}))`;
  const bound = `case when ${n} > 0 then (${p} + ${Z2} / (2.0 * ${n}) - ${WILSON_Z} * sqrt(${p} * (1 - ${p}) / ${n} + ${Z2} / (4.0 * ${n} * ${n}))) / (1 + ${Z2} / ${n}::double precision) else 0 end`;
  const proof = `${c('ranked_engagement')} + ${ORDER_WEIGHT} * ${c('ranked_orders')} + ${REVIEW_WEIGHT} * ${n} * (${bound})`;
  return `ln(1 + ${proof}) + extract(epoch from created_at) / ${RANK_TAU_SECONDS}`;
}

export const RANK_SCORE_SQL = rankScoreSql();
