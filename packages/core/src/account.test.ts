import { describe, expect, it } from 'vitest';
import { changePasswordForm, deleteAccountInput } from './account.ts';
import { activeText, clockText, waitText } from './account.texts.ts';

describe('how long until', () => {
  it.each([
    [0.2, 'in 1 second'],
    [45, 'in 45 seconds'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [3417, 'in 57 minutes'],
    [3600, 'in 1 hour'],
    [7201, 'in 3 hours'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });

  it('counts down as m:ss', () => {
    expect([clockText(59.2), clockText(60), clockText(3478), clockText(-1)]).toEqual(['1:00', '1:00', '57:58', '0:00']);
  });
});

describe('when a device was last active', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it.each([
    ['2026-11-25T11:59:30Z', 'Active now'],
    ['2026-11-25T11:55:00Z', 'Active 5 minutes ago'],
    ['2026-11-25T11:00:00Z', 'Active 1 hour ago'],
    ['2026-11-25T01:00:00Z', 'Active 11 hours ago'],
    ['2026-11-20T12:00:00Z', 'Active on Nov 20, 2026'],
  ])('%s reads "%s"', (iso, text) => {
    expect(activeText(iso, now)).toBe(text);
  });
});

describe('the account forms', () => {
  it('asks for the new password twice', () => {
    const form = { currentPassword: 'Oldpass123', newPassword: 'Newpass123', confirmPassword: 'Newpass124' };
    const result = changePasswordForm.safeParse(form);
    expect(result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  it('deletes only with DELETE typed (spaces around it forgiven)', () => {
    const typed = (confirmation: string) => deleteAccountInput.safeParse({ password: 'x', confirmation }).success;
    expect([typed('DELETE'), typed(' DELETE '), typed('delete'), typed('DELET'), typed('')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
