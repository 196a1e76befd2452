import { describe, expect, it } from 'vitest';
import { formatDate, REPORT_NOTE_MAX, REPORT_REASONS, reportsTexts } from '@gigreel/core';
import { canReport, checkReport, REASONS, ruleLabel, suspensionEnd } from './report-rules.ts';

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

describe('ruleLabel', () => {
  it("names a rule by core's label, and shows one it does not know as it is", () => {
    expect(ruleLabel('payment_link')).toBe('Suspicious payment link');
    expect(ruleLabel('new_rule')).toBe('new_rule');
    expect(ruleLabel('constructor')).toBe('constructor');
  });
});

describe('suspensionEnd', () => {
  it('says until when a suspension lasts, or for good', () => {
    const until = '2026-04-01T12:00:00.000Z';
    expect(suspensionEnd('suspend', until)).toBe(reportsTexts.until(formatDate(until)));
    expect(suspensionEnd('suspend', null)).toBe(reportsTexts.forGood);
  });
  it('says nothing for a hidden offer', () => {
    expect(suspensionEnd('hide_offer', null)).toBeNull();
  });
});
