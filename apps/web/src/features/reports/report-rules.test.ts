import { describe, expect, it } from 'vitest';
import { REPORT_NOTE_MAX, REPORT_REASONS, reportsTexts } from '@gigreel/core';
import { canReport, checkReport, REASONS } from './report-rules.ts';

describe('canReport', () => {
  it('lets a signed-in viewer report someone else', () => {
    expect(canReport('1', '2')).toBe(true);
    expect(canReport('1', null)).toBe(true);
  });
  it('refuses a signed-out viewer and their own content', () => {
    expect(canReport(null, '2')).toBe(false);
    expect(canReport(undefined, '2')).toBe(false);
    expect(canReport('2', '2')).toBe(false);
  });
});

describe('checkReport', () => {
  it('asks for a reason when none is chosen, without calling the server', () => {
    expect(checkReport(null, '')).toEqual({ reason: reportsTexts.chooseReason });
  });
  it('accepts a reason with or without a note', () => {
    expect(checkReport('spam', '')).toBeNull();
    expect(checkReport('scam', 'They asked me to pay outside the app.')).toBeNull();
  });
  it('refuses a note over the limit', () => {
    expect(checkReport('other', 'a'.repeat(REPORT_NOTE_MAX + 1))).toEqual({ note: reportsTexts.tooLong });
  });
  it('lists every reason in core order', () => {
    expect(REASONS).toEqual(Object.keys(REPORT_REASONS));
  });
});
