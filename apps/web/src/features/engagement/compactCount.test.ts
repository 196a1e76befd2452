import { describe, expect, it } from 'vitest';
import { compactCount } from './compactCount.ts';

const intl = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

describe('compactCount', () => {
  it('prints what the compact number format prints', () => {
    const counts = [
      0, 1, 999, 1000, 1049, 1050, 1150, 1250, 9949, 9950, 99_949, 99_950, 999_949, 999_950, 1_049_999, 1_050_000,
      999_950_000, 1e9, 1.23e9, 1e12, 1.5e12, 5e15,
    ];
    for (let n = 0; n < 30_000; n += 7) counts.push(n);
    for (let n = 990_000; n < 1_010_000; n += 13) counts.push(n);
    for (let i = 0; i < 5000; i++) counts.push(Math.floor(10 ** (Math.random() * 13)));
    for (const count of counts) expect(compactCount(count), String(count)).toBe(intl.format(count));
  });
});
