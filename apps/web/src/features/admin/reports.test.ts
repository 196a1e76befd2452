import { describe, expect, it } from 'vitest';
import { REPORT_NOTE_MAX, reportsTexts, SUSPENSION_DAYS, type ReportCase } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { dateAndTime } from '../orders/index.ts';
import {
  appealsTexts,
  canSuspend,
  checkDecision,
  checkWhy,
  historyLine,
  isAlreadyDecided,
  isAlreadyHandled,
  OUTCOMES,
  ownerName,
  reportsTabTexts,
  SUSPEND_FOR,
} from './reports.ts';

describe('checkWhy', () => {
  it('asks why when the note is empty or only spaces, without calling the server', () => {
    expect(checkWhy('')).toBe(reportsTexts.whyRequired);
    expect(checkWhy('  \n ')).toBe(reportsTexts.whyRequired);
  });
  it('accepts a note and refuses one over the limit', () => {
    expect(checkWhy('Asks for payment outside GigReel.')).toBeNull();
    expect(checkWhy('a'.repeat(REPORT_NOTE_MAX + 1))).toBe(reportsTexts.tooLong);
  });
});

describe('isAlreadyHandled', () => {
  it('is a 409 only', () => {
    expect(isAlreadyHandled(new ApiError(409, 'conflict', reportsTexts.closed))).toBe(true);
    expect(isAlreadyHandled(new ApiError(400, 'bad_request', 'bad'))).toBe(false);
    expect(isAlreadyHandled(new Error('x'))).toBe(false);
  });
});

describe('ownerName', () => {
  it('names a deleted owner', () => {
    expect(ownerName(null)).toBe(reportsTabTexts.unknownOwner);
    expect(ownerName({ id: '1', displayName: 'Ana' })).toBe('Ana');
  });
});

const reportCase = (over: Partial<ReportCase> = {}): ReportCase => ({
  id: '1',
  kind: 'offer',
  targetId: '9',
  snapshot: 'Followers pack',
  owner: { id: '2', displayName: 'Ana' },
  count: 1,
  reasons: ['spam'],
  notes: [],
  lastReportedAt: '2026-03-04T15:07:00.000Z',
  paymentLink: false,
  history: { earlierReports: 0, otherOpen: 0, actions: [] },
  ownerSuspended: false,
  ...over,
});

describe('canSuspend', () => {
  it('needs an owner who is not suspended already', () => {
    expect(canSuspend(reportCase())).toBe(true);
    expect(canSuspend(reportCase({ owner: null }))).toBe(false);
    expect(canSuspend(reportCase({ ownerSuspended: true }))).toBe(false);
  });
});

describe('SUSPEND_FOR', () => {
  it('offers the days core allows, then for good', () => {
    expect(SUSPEND_FOR.map((choice) => choice.days)).toEqual([...SUSPENSION_DAYS, null]);
    expect(SUSPEND_FOR.map((choice) => choice.label)).toEqual(['1 day', '7 days', '30 days', '90 days', 'For good']);
    expect(new Set(SUSPEND_FOR.map((choice) => choice.value)).size).toBe(SUSPEND_FOR.length);
  });
});

describe('historyLine', () => {
  const at = '2026-03-04T15:07:00.000Z';
  it('names the action, the rule and when', () => {
    expect(historyLine({ kind: 'suspend', rule: 'spam', at, appealStatus: 'none' })).toBe(
      `Account suspended · Spam · ${dateAndTime(at)}`,
    );
  });
  it('adds where an appeal stands, and shows a rule it does not know as it is', () => {
    expect(historyLine({ kind: 'hide_offer', rule: 'scam', at, appealStatus: 'pending' })).toBe(
      `Offer hidden · Scam or fraud · ${dateAndTime(at)} · ${reportsTabTexts.appealStatus.pending}`,
    );
    expect(historyLine({ kind: 'hide_offer', rule: 'new_rule', at, appealStatus: 'reversed' })).toBe(
      `Offer hidden · new_rule · ${dateAndTime(at)} · ${reportsTabTexts.appealStatus.reversed}`,
    );
  });
});

describe('checkDecision', () => {
  it('accepts an outcome with an answer', () => {
    expect(checkDecision('uphold', 'The offer still asks for payment outside GigReel.')).toBeNull();
  });
  it('asks for an outcome and an answer, without calling the server', () => {
    expect(checkDecision(null, '  ')).toEqual({
      outcome: appealsTexts.chooseOutcome,
      note: reportsTexts.replyRequired,
    });
    expect(checkDecision('reverse', '')).toEqual({ note: reportsTexts.replyRequired });
  });
  it('refuses an answer longer than the server takes', () => {
    expect(checkDecision('reverse', 'a'.repeat(REPORT_NOTE_MAX))).toBeNull();
    expect(checkDecision('reverse', 'a'.repeat(REPORT_NOTE_MAX + 1))).toEqual({ note: reportsTexts.tooLong });
  });
  it('lists both outcomes in core order', () => {
    expect(OUTCOMES).toEqual(['uphold', 'reverse']);
  });
});

describe('isAlreadyDecided', () => {
  it('is a 409 only', () => {
    expect(isAlreadyDecided(new ApiError(409, 'conflict', reportsTexts.appealDecided))).toBe(true);
    expect(isAlreadyDecided(new ApiError(404, 'not_found', reportsTexts.appealDecided))).toBe(false);
  });
});
