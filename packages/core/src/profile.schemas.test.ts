import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AVATAR_MAX_BYTES } from './constants.ts';
import { checkAvatarFile, profileForm, updateProfileInput } from './profile.schemas.ts';
import { profileTexts } from './profile.texts.ts';

const firstError = (input: unknown) => {
  const result = updateProfileInput.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('profile display name', () => {
  it('is required and trimmed', () => {
    expect(updateProfileInput.parse({ displayName: '  Maya Lens  ' })).toEqual({ displayName: 'Maya Lens' });
    expect(firstError({ displayName: '' })).toBe(profileTexts.displayNameRequired);
    expect(firstError({ displayName: '    ' })).toBe(profileTexts.displayNameRequired);
    expect(firstError({ displayName: '<b></b>' })).toBe(profileTexts.displayNameRequired);
    expect(firstError({ displayName: null })).toBe(profileTexts.displayNameRequired);
  });

  it('is 2 to 50 characters as at sign-up, with tags stripped', () => {
    expect(firstError({ displayName: 'A' })).toBe(profileTexts.displayNameLength);
    expect(firstError({ displayName: 'x'.repeat(51) })).toBe(profileTexts.displayNameLength);
    expect(updateProfileInput.parse({ displayName: 'x'.repeat(50) }).displayName).toHaveLength(50);
    expect(updateProfileInput.parse({ displayName: '<i>Leo</i> Beats' }).displayName).toBe('Leo Beats');
  });
});

describe('bio', () => {
  it('is at most 100 characters after trimming; empty is stored as null', () => {
    expect(updateProfileInput.parse({ bio: ` ${'b'.repeat(100)} ` }).bio).toHaveLength(100);
    expect(firstError({ bio: 'b'.repeat(101) })).toBe(profileTexts.bioTooLong);
    expect(updateProfileInput.parse({ bio: '' }).bio).toBeNull();
    expect(updateProfileInput.parse({ bio: '   ' }).bio).toBeNull();
    expect(updateProfileInput.parse({ bio: null }).bio).toBeNull();
    expect(updateProfileInput.parse({ bio: 'I <b>design</b> logos' }).bio).toBe('I design logos');
  });

  it('never stores more than 100 characters or markup (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), (raw) => {
        const result = updateProfileInput.safeParse({ bio: raw });
        if (!result.success) return;
        const bio = result.data.bio ?? null;
        expect(bio === null || (bio.length <= 100 && bio === bio.trim() && !/<[a-z/!]/i.test(bio))).toBe(true);
      }),
    );
  });
});

describe('payment link', () => {
  it('follows the URL rule, adds https:// when missing, and stores empty as null', () => {
    expect(updateProfileInput.parse({ paypalLink: 'paypal.me/maya' }).paypalLink).toBe('https://paypal.me/maya');
    expect(updateProfileInput.parse({ paypalLink: ' https://www.paypal.com/paypalme/leo ' }).paypalLink).toBe(
      'https://www.paypal.com/paypalme/leo',
    );
    expect(updateProfileInput.parse({ paypalLink: '' }).paypalLink).toBeNull();
    expect(updateProfileInput.parse({ paypalLink: null }).paypalLink).toBeNull();
  });

  it('refuses dangerous and malformed links', () => {
    for (const bad of [
      'javascript:alert(1)',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com/x',
      'data:text/html,<script>',
      'https://ex.com/<script>',
      'https://ex.com/?a=eval(1)',
      `https://example.com/${'a'.repeat(1000)}`,
      'https://exa mple.com',
    ]) {
      expect(firstError({ paypalLink: bad }), bad).toBeTruthy();
    }
    expect(firstError({ paypalLink: 'notadomain' })).toBe('Please enter a valid domain (e.g., notadomain.com)');
  });

  it('must be https: an explicit http:// link is refused', () => {
    expect(firstError({ paypalLink: 'http://paypal.me/maya' })).toBe('Payment links must start with https://');
    expect(firstError({ paypalLink: ' Http://paypal.me/maya ' })).toBe('Payment links must start with https://');
    expect(updateProfileInput.parse({ paypalLink: 'https://paypal.me/maya' }).paypalLink).toBe(
      'https://paypal.me/maya',
    );
  });
});

describe('the whole form', () => {
  it('refuses unknown fields and needs every field in the settings form', () => {
    expect(firstError({ email: 'x@example.com' })).toContain('email');
    expect(profileForm.safeParse({ displayName: 'Ava' }).success).toBe(false);
    expect(profileForm.parse({ displayName: 'Ava', bio: '', paypalLink: '' })).toEqual({
      displayName: 'Ava',
      bio: null,
      paypalLink: null,
    });
  });
});

describe('avatar file check', () => {
  it('accepts raster images up to 5 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true });
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toEqual({ ok: true });
  });
  it('refuses other kinds, SVG, empty and larger files', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toMatchObject({
      ok: false,
      title: profileTexts.avatarInvalidType,
    });
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toMatchObject({
      ok: false,
      title: profileTexts.avatarInvalidType,
    });
    expect(checkAvatarFile({ type: 'image/png', size: 0 })).toMatchObject({ ok: false });
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toMatchObject({
      ok: false,
      title: profileTexts.avatarTooLarge,
    });
  });
});

describe('joined text', () => {
  it('reads "Joined {month year}"', () => {
    expect(profileTexts.joined('2025-03-14T10:00:00.000Z')).toBe('Joined March 2025');
  });
});
