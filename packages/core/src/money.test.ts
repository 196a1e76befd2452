import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMonthYear, formatPence, MAX_PRICE_PENCE, parsePriceToPence } from './money.ts';

describe('parsePriceToPence (SPEC 9: £, $, € and commas stripped before parsing)', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10.50', 1050],
    ['£10.00', 1000],
    ['$7', 700],
    ['€ 3.99', 399],
    ['1,200', 120000],
    ['£1,234.56', 123456],
    ['  0.01 ', 1],
    ['100000', MAX_PRICE_PENCE],
  ])('%j -> %i pence', (input, pence) => {
    expect(parsePriceToPence(input)).toBe(pence);
  });

  it.each([
    '',
    'free',
    '0',
    '0.00',
    '-5',
    '10.505',
    '1e3',
    '10.',
    '.5',
    '£',
    '100000.01',
    '99999999999999999999',
    'NaN',
    '10; drop table offers',
  ])('%j is not a price', (input) => {
    expect(parsePriceToPence(input)).toBeNull();
  });

  it('always returns a positive whole number of pence or null (property)', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const pence = parsePriceToPence(input);
        if (pence !== null) expect(Number.isSafeInteger(pence) && pence > 0 && pence <= MAX_PRICE_PENCE).toBe(true);
      }),
    );
  });

  it('round-trips through formatPence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PRICE_PENCE }), (pence) => {
        expect(parsePriceToPence(formatPence(pence))).toBe(pence);
      }),
    );
  });
});

describe('formatPence (£, two decimals)', () => {
  it.each([
    [0, '£0.00'],
    [1, '£0.01'],
    [1000, '£10.00'],
    [4550, '£45.50'],
    [123456789, '£1,234,567.89'],
    [-250, '-£2.50'],
  ])('%i -> %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });
});

describe('dates (en-US style)', () => {
  it('formats a date and a join month', () => {
    expect(formatDate('2024-03-05T12:00:00Z')).toBe('Mar 5, 2024');
    expect(formatMonthYear('2024-03-05T12:00:00Z')).toBe('March 2024');
  });
});
