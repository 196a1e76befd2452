import { describe, expect, it } from 'vitest';
import { REPORT_NOTE_MAX, reportsTexts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { checkHideNote, isAlreadyHandled, ownerName, reportsTabTexts } from './reports.ts';

describe('checkHideNote', () => {
  it('asks why when the note is empty or only spaces, without calling the server', () => {
    expect(checkHideNote('')).toBe(reportsTexts.whyRequired);
    expect(checkHideNote('  \n ')).toBe(reportsTexts.whyRequired);
  });
  it('accepts a note and refuses one over the limit', () => {
    expect(checkHideNote('Asks for payment outside GigReel.')).toBeNull();
    expect(checkHideNote('a'.repeat(REPORT_NOTE_MAX + 1))).toBe(reportsTexts.tooLong);
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
