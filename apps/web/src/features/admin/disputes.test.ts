import { describe, expect, it } from 'vitest';
import { ordersTexts, PROBLEM_TEXT_MAX } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { checkResolution, disputesTexts, isNoLongerDisputed, OUTCOMES, partyName } from './disputes.ts';

describe('checkResolution', () => {
  it('accepts an outcome with a note', () => {
    expect(checkResolution('complete', 'The file was delivered on time.')).toBeNull();
  });
  it('asks for a note for both sides when it is empty or only spaces, without calling the server', () => {
    expect(checkResolution('cancel', '')).toEqual({ note: ordersTexts.problem.noteRequired });
    expect(checkResolution('cancel', '   \n ')).toEqual({ note: ordersTexts.problem.noteRequired });
  });
  it('asks for an outcome when none is chosen', () => {
    expect(checkResolution(null, 'A note')).toEqual({ outcome: disputesTexts.chooseOutcome });
    expect(checkResolution(null, '')).toEqual({
      outcome: disputesTexts.chooseOutcome,
      note: ordersTexts.problem.noteRequired,
    });
  });
  it('refuses a note longer than the server takes', () => {
    expect(checkResolution('redeliver', 'a'.repeat(PROBLEM_TEXT_MAX))).toBeNull();
    expect(checkResolution('redeliver', 'a'.repeat(PROBLEM_TEXT_MAX + 1))).toEqual({
      note: ordersTexts.problem.tooLong,
    });
  });
});

describe('isNoLongerDisputed', () => {
  it('is a 409 from the server, nothing else', () => {
    expect(isNoLongerDisputed(new ApiError(409, 'conflict', 'There is no open problem on this order.'))).toBe(true);
    expect(isNoLongerDisputed(new ApiError(400, 'bad_request', 'Please write a note for both sides.'))).toBe(false);
    expect(isNoLongerDisputed(new Error('Failed to fetch'))).toBe(false);
  });
});

describe('the tab', () => {
  it('offers the three outcomes, each with its hint', () => {
    expect(OUTCOMES).toEqual(['complete', 'cancel', 'redeliver']);
    for (const outcome of OUTCOMES) expect(disputesTexts.outcomeHints[outcome]).toBeTruthy();
  });
  it('names a party whose account is gone', () => {
    expect(partyName(null)).toBe(disputesTexts.unknown);
    expect(partyName({ id: 'u1', displayName: 'Ada' })).toBe('Ada');
  });
});
