import { describe, expect, it } from 'vitest';
import { formatStat, shareOf } from './format.ts';

describe('the Stats page numbers', () => {
  it('writes revenue in pounds and counts with separators', () => {
    expect(formatStat('revenuePence', 123456)).toBe('£1,234.56');
    expect(formatStat('views', 12345)).toBe('12,345');
  });

  it('writes a share of views as whole percents, tenths below one, and nothing without views', () => {
    expect(shareOf(25, 200)).toBe('13%');
    expect(shareOf(1, 300)).toBe('0.3%');
    expect(shareOf(1, 100_000)).toBe('0.1%');
    expect(shareOf(0, 10)).toBe('0%');
    expect(shareOf(5, 0)).toBeNull();
    expect(shareOf(30, 20)).toBe('150%');
  });
});
