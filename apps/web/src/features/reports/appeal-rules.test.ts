import { describe, expect, it } from 'vitest';
import { APPEAL_TEXT_MAX, reportsTexts } from '@gigreel/core';
import { checkAppeal } from './appeal-rules.ts';

describe('checkAppeal', () => {
  it('asks why when the appeal is empty or only spaces, without calling the server', () => {
    expect(checkAppeal('')).toBe(reportsTexts.appealRequired);
    expect(checkAppeal(' \n ')).toBe(reportsTexts.appealRequired);
  });
  it('accepts an appeal up to the limit and refuses a longer one', () => {
    expect(checkAppeal('My offer never asked for payment outside GigReel.')).toBeNull();
    expect(checkAppeal('a'.repeat(APPEAL_TEXT_MAX))).toBeNull();
    expect(checkAppeal('a'.repeat(APPEAL_TEXT_MAX + 1))).toBe(reportsTexts.appealTooLong);
  });
});
