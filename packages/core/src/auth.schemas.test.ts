import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordInput,
  loginInput,
  resetPasswordForm,
  resetPasswordInput,
  signOutInput,
  signUpInput,
  verifyEmailQuery,
} from './auth.schemas.ts';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, EMAIL_MAX, INACTIVITY_LOGOUT_MS, PASSWORD_MIN } from './constants.ts';
import { texts } from './texts.ts';

const v = texts.validation;

/** The message of the first problem, or null when the input is accepted. */
function problem(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

const goodSignUp = { displayName: 'Maya Patel', email: 'maya@example.com', password: 'Abcdefg1' };

describe('email (SPEC 5: text@text.text, at most 254 after sanitising, lowercased and trimmed)', () => {
  it('lowercases and trims at sign-up', () => {
    expect(signUpInput.parse({ ...goodSignUp, email: '  Maya.Patel@Example.COM ' }).email).toBe(
      'maya.patel@example.com',
    );
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.org', "o'neil@example.ie"])('accepts %s', (email) => {
    expect(problem(loginInput, { email, password: 'whatever1' })).toBeNull();
  });

  it.each([
    'plainaddress',
    'a@b',
    '@example.com',
    'a@.com ',
    'a b@example.com',
    'a@@example.com',
    'a@example.',
    '<script>@x.com',
  ])('refuses %j with "Invalid email format"', (email) => {
    expect(problem(loginInput, { email, password: 'whatever1' })).toBe(v.invalidEmail);
  });

  it('requires an email ("Email is required")', () => {
    expect(problem(loginInput, { email: '', password: 'whatever1' })).toBe(v.emailRequired);
    expect(problem(loginInput, { email: '   ', password: 'whatever1' })).toBe(v.emailRequired);
    expect(problem(loginInput, { password: 'whatever1' })).toBe(v.emailRequired);
  });

  it(`allows ${EMAIL_MAX} characters and no more`, () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(problem(forgotPasswordInput, { email: at(EMAIL_MAX) })).toBeNull();
    expect(problem(forgotPasswordInput, { email: at(EMAIL_MAX + 1) })).toBe(v.invalidEmail);
  });

  it('counts the length after sanitising', () => {
    const padded = `<b>${'a'.repeat(EMAIL_MAX - '@example.com'.length)}@example.com</b>`;
    expect(forgotPasswordInput.parse({ email: padded }).email).toHaveLength(EMAIL_MAX);
  });
});

describe('login (SPEC 5)', () => {
  it('requires a password ("Password is required")', () => {
    expect(problem(loginInput, { email: 'a@b.co', password: '' })).toBe(v.passwordRequired);
    expect(problem(loginInput, { email: 'a@b.co' })).toBe(v.passwordRequired);
    expect(problem(loginInput, { email: 'a@b.co', password: 12345678 })).toBe(v.passwordRequired);
  });

  it(`needs at least ${PASSWORD_MIN} characters`, () => {
    expect(problem(loginInput, { email: 'a@b.co', password: '1234567' })).toBe(v.passwordMin);
    expect(problem(loginInput, { email: 'a@b.co', password: '12345678' })).toBeNull();
  });

  it('refuses unknown fields', () => {
    expect(problem(loginInput, { email: 'a@b.co', password: '12345678', rememberMe: true })).toMatch(/rememberMe/);
  });
});

describe('sign-up (SPEC 5)', () => {
  it('accepts a good form', () => {
    expect(signUpInput.parse(goodSignUp)).toEqual(goodSignUp);
  });

  it(`display name: ${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} characters`, () => {
    expect(problem(signUpInput, { ...goodSignUp, displayName: 'A' })).toBe(v.displayName);
    expect(problem(signUpInput, { ...goodSignUp, displayName: 'Al' })).toBeNull();
    expect(problem(signUpInput, { ...goodSignUp, displayName: 'x'.repeat(DISPLAY_NAME_MAX) })).toBeNull();
    expect(problem(signUpInput, { ...goodSignUp, displayName: 'x'.repeat(DISPLAY_NAME_MAX + 1) })).toBe(v.displayName);
    expect(problem(signUpInput, { ...goodSignUp, displayName: '   ' })).toBe(v.displayName);
    expect(problem(signUpInput, { ...goodSignUp, displayName: undefined })).toBe(v.displayName);
  });

  it('display name is sanitised before it is measured and stored', () => {
    expect(
      signUpInput.parse({ ...goodSignUp, displayName: '  <b>Eve</b> <img src=x onerror=alert(1)>Smith ' }).displayName,
    ).toBe('Eve Smith');
    expect(problem(signUpInput, { ...goodSignUp, displayName: '<script>alert("hello")</script>' })).toBe(v.displayName);
    expect(problem(signUpInput, { ...goodSignUp, displayName: '<i>A</i>' })).toBe(v.displayName);
  });

  it.each([
    ['too short', 'Abcde1'],
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['missing', undefined],
  ])(
    'password %s: "Password must be at least 8 characters with uppercase, lowercase, and number"',
    (_label, password) => {
      expect(problem(signUpInput, { ...goodSignUp, password })).toBe(v.passwordRule);
    },
  );

  it('refuses a password longer than 128 characters', () => {
    expect(problem(signUpInput, { ...goodSignUp, password: `Aa1${'x'.repeat(126)}` })).toBe(v.tooLong(128));
  });

  it('refuses unknown fields and wrong types', () => {
    expect(problem(signUpInput, { ...goodSignUp, role: 'admin' })).toBe('Unrecognized key: "role"');
    expect(problem(signUpInput, { ...goodSignUp, email: ['maya@example.com'] })).toBe(v.emailRequired);
    expect(problem(signUpInput, { ...goodSignUp, displayName: { name: 'x' } })).toBe(v.displayName);
  });
});

describe('reset password (SPEC 5: both at least 8, "Passwords do not match", "Password too short")', () => {
  it('accepts two equal passwords of 8 or more', () => {
    expect(problem(resetPasswordForm, { password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBeNull();
  });
  it('says "Password too short" under 8', () => {
    expect(problem(resetPasswordForm, { password: 'abc', confirmPassword: 'abc' })).toBe(v.passwordTooShort);
    expect(problem(resetPasswordForm, { password: 'abcdefgh', confirmPassword: 'abc' })).toBe(v.passwordTooShort);
  });
  it('says "Passwords do not match" on the confirm field', () => {
    const result = resetPasswordForm.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgX' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: v.passwordsDoNotMatch, path: ['confirmPassword'] });
  });
  it('the server input takes the token and one password', () => {
    expect(problem(resetPasswordInput, { token: 'abc', password: 'abcdefgh' })).toBeNull();
    expect(problem(resetPasswordInput, { token: 'abc', password: 'short' })).toBe(v.passwordTooShort);
    expect(problem(resetPasswordInput, { token: '', password: 'abcdefgh' })).toBe(texts.auth.invalidResetLinkBody);
    expect(problem(resetPasswordInput, { password: 'abcdefgh' })).toBe(texts.auth.invalidResetLinkBody);
  });
});

describe('other auth inputs', () => {
  it('sign-out takes an empty object only', () => {
    expect(problem(signOutInput, {})).toBeNull();
    expect(problem(signOutInput, { callbackURL: 'https://evil.example' })).toMatch(/callbackURL/);
  });
  it('the verification link needs its token', () => {
    expect(problem(verifyEmailQuery, { token: 'x.y.z', callbackURL: '/' })).toBeNull();
    expect(problem(verifyEmailQuery, {})).not.toBeNull();
  });
});

describe('texts of SPEC sections 5 and 8, word for word', () => {
  it('validation', () => {
    expect(v).toMatchObject({
      invalidEmail: 'Invalid email format',
      passwordRequired: 'Password is required',
      displayName: 'Display name must be between 2 and 50 characters',
      passwordRule: 'Password must be at least 8 characters with uppercase, lowercase, and number',
      passwordsDoNotMatch: 'Passwords do not match',
      passwordTooShort: 'Password too short',
      invalidMessage: 'Invalid Message',
      invalidMessageBody: 'Message must be between 1-1000 characters and contain no malicious content.',
      titleRequired: 'Title required',
      linkRequired: 'Link required',
      invalidLink: 'Invalid link',
      mediaRequired: 'Media required',
      invalidFileType: 'Invalid file type',
      fileTooLarge: 'File too large',
      missingPaidFields: 'Missing paid offer fields',
      displayNameRequired: 'Display name is required',
    });
    expect(v.validDomain('example.com')).toBe('Please enter a valid domain (e.g., example.com)');
  });
  it('auth', () => {
    expect(texts.auth).toMatchObject({
      required: 'Authentication Required',
      adminLoginRequired: 'Please log in to access the admin panel.',
      accessDenied: 'Access Denied',
      accessDeniedBody: 'You do not have permission to access the admin panel.',
      sessionExpired: 'Session Expired',
      sessionExpiredBody: 'You have been logged out due to inactivity.',
      emailTaken: 'An account with this email already exists. Please try logging in instead.',
      accountCreated: 'Account Created!',
      accountCreatedBody: 'Please check your email to verify your account.',
      loginFailed: 'Login Failed',
      welcomeBack: 'Welcome back!',
      invalidCredentials: 'Invalid email or password. Please try again.',
      tooManyAttempts: 'Too many login attempts. Please try again later.',
      unexpected: 'An unexpected error occurred. Please try again.',
      emailRequired: 'Email Required',
      resetSent: 'Password Reset Email Sent',
      resetFailed: 'Password Reset Failed',
      invalidResetLink: 'Invalid Reset Link',
      invalidResetLinkBody: 'This password reset link is invalid or has expired.',
      logoutFailed: 'Failed to log out. Please try again.',
      signOutFailed: 'Failed to sign out. Please try again.',
    });
    expect(texts.generic.notFound).toBe('Oops! Page not found');
  });
  it('inactivity logout is 30 minutes', () => {
    expect(INACTIVITY_LOGOUT_MS).toBe(1_800_000);
  });
});
