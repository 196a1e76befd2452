import { describe, expect, it } from 'vitest';
import { adminTexts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { adminErrorText } from './useErrorToast.ts';

describe('adminErrorText', () => {
  it('says the admin permissions are not properly configured when the server refuses the role (403)', () => {
    expect(adminErrorText(new ApiError(403, 'forbidden', 'Admins only.'))).toBe(adminTexts.notConfigured);
  });
  it('passes any other failure on as the server worded it', () => {
    expect(adminErrorText(new ApiError(500, 'internal', 'Something went wrong.'))).toBe('Something went wrong.');
    expect(adminErrorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});
