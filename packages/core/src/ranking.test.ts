import { describe, expect, it } from 'vitest';
import {
  ENGAGEMENT_WEIGHTS,
  NO_PROOF,
  ORDER_WEIGHT,
  proofScore,
  rankScore,
  rankScoreSql,
  REVIEW_WEIGHT,
  reviewLowerBound,
} from './ranking.ts';

const day = new Date('2026-01-01');
const fiveStars = (orders: number) => ({ engagement: 0, orders, reviews: orders, ratingSum: 5 * orders });

describe('rank score', () => {
  it('never changes order with time alone: a later offer with the same proof ranks higher', () => {
    const ranked = { ...NO_PROOF, engagement: ENGAGEMENT_WEIGHTS.boost };
    expect(rankScore(ranked, new Date('2026-01-02'))).toBeGreaterThan(rankScore(ranked, day));
    expect(rankScore(NO_PROOF, new Date('2026-01-02'))).toBeGreaterThan(rankScore(NO_PROOF, day));
  });

  it('five real five-star orders outrank a hundred boosts from fresh accounts, which count nothing', () => {
    // fresh accounts' boosts are not counted: the offer they boost keeps no proof at all
    expect(rankScore(fiveStars(5), day)).toBeGreaterThan(rankScore(NO_PROOF, day));
    // and they outrank as much engagement from established people as 20 boosts
    expect(rankScore(fiveStars(5), day)).toBeGreaterThan(rankScore({ ...NO_PROOF, engagement: 60 }, day));
  });

  it('one boost from an established person lifts an offer above an equal one', () => {
    expect(rankScore({ ...NO_PROOF, engagement: ENGAGEMENT_WEIGHTS.boost }, day)).toBeGreaterThan(
      rankScore(NO_PROOF, day) + 1,
    );
  });

  it('weighs reviews by the Wilson lower bound of their stars: it grows with their number at an equal average, and falls with worse stars', () => {
    expect(reviewLowerBound(0, 0)).toBe(0);
    expect(reviewLowerBound(1, 5)).toBeGreaterThan(0);
    expect(reviewLowerBound(5, 25)).toBeGreaterThan(reviewLowerBound(1, 5));
    expect(reviewLowerBound(50, 250)).toBeGreaterThan(reviewLowerBound(5, 25));
    expect(reviewLowerBound(50, 250)).toBeLessThan(1);
    expect(reviewLowerBound(10, 40)).toBeGreaterThan(reviewLowerBound(10, 40 - 10));
    expect(reviewLowerBound(10, 10)).toBeCloseTo(0, 12);
    // at an equal average of 4 stars, more reviews are surer
    expect(reviewLowerBound(20, 80)).toBeGreaterThan(reviewLowerBound(4, 16));
    // five one-star reviews add less than five five-star ones
    expect(proofScore({ engagement: 0, orders: 5, reviews: 5, ratingSum: 5 })).toBeLessThan(proofScore(fiveStars(5)));
    expect(proofScore(fiveStars(5))).toBeCloseTo(5 * ORDER_WEIGHT + 5 * REVIEW_WEIGHT * reviewLowerBound(5, 25), 12);
  });

  it('has an SQL twin that takes the new value of each changed column, and guards against no reviews', () => {
    expect(rankScoreSql()).toContain(
      'ln(1 + ranked_engagement + 8 * ranked_orders + 12 * ranked_reviews * (case when ranked_reviews > 0',
    );
    expect(rankScoreSql()).toContain('else 0 end');
    const moved = rankScoreSql({
      ranked_engagement: '(ranked_engagement + 3)',
      ranked_reviews: '(ranked_reviews + 1)',
    });
    expect(moved).toContain('ln(1 + (ranked_engagement + 3) + 8 * ranked_orders + 12 * (ranked_reviews + 1)');
    expect(moved.replaceAll('(ranked_reviews + 1)', '')).not.toContain('ranked_reviews');
    expect(moved).toContain('extract(epoch from created_at) / 62000');
  });
});
