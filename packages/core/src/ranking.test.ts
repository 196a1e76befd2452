import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SHARE_WEIGHT, engagementScore, rankScore, rankScoreSql } from './ranking.ts';

describe('rank score', () => {
  it('weighs an anonymous share a quarter of a signed-in one', () => {
    expect(ANONYMOUS_SHARE_WEIGHT).toBe(0.25);
    expect(engagementScore({ boosts: 0, favorites: 0, reactions: 0, shares: 4, anonymousShares: 4 })).toBe(1);
    expect(engagementScore({ boosts: 0, favorites: 0, reactions: 0, shares: 4 })).toBe(4);
    expect(engagementScore({ boosts: 1, favorites: 1, reactions: 1, shares: 2, anonymousShares: 1 })).toBe(
      3 + 2 + 1 + 1 + 0.25,
    );
  });

  it('never changes order with time alone: a later offer with the same engagement ranks higher', () => {
    const e = { boosts: 1, favorites: 0, reactions: 0, shares: 0 };
    expect(rankScore(e, new Date('2026-01-02'))).toBeGreaterThan(rankScore(e, new Date('2026-01-01')));
  });

  it('has an SQL twin that takes the new value of each changed counter', () => {
    expect(rankScoreSql()).toContain('share_count - 0.75 * anonymous_share_count');
    expect(
      rankScoreSql({ share_count: '(share_count + 1)', anonymous_share_count: '(anonymous_share_count + 1)' }),
    ).toContain('(share_count + 1) - 0.75 * (anonymous_share_count + 1)');
  });
});
