/**
 * Profile rules (SPEC section 5): display name required and trimmed (2 to 50, as at sign-up), bio at
 * most 100, payment link checked by the URL rule; an empty bio or payment link is stored as null.
 * The settings form and PATCH /api/profile both use updateProfileInput.
 */
import { z } from 'zod';
import { displayNameText } from './auth.schemas.ts';
import { AVATAR_MAX_BYTES, BIO_MAX, URL_MAX } from './constants.ts';
import { profileTexts as t } from './profile.texts.ts';
import { normalizePaymentLink } from './orders.payment.ts';
import { sanitizeText } from './sanitize.ts';
import { textInput } from './text-input.ts';

export const profileDisplayNameSchema = displayNameText(t.displayNameRequired, t.displayNameLength);

/** Sanitised and trimmed; '' becomes null. */
export const bioSchema = textInput(BIO_MAX * 2, t.bioTooLong)
  .nullable()
  .transform((value) => sanitizeText(value ?? ''))
  .pipe(z.string().max(BIO_MAX, t.bioTooLong))
  .transform((value) => (value === '' ? null : value));

/**
 * The seller's own payment link (PayPal.me or any checkout page): the SPEC URL check, then an
 * https URL with a real domain ("https://" added when missing; an explicit http:// link is refused
 * with "Payment links must start with https://"). '' becomes null.
 */
export const paymentLinkSchema = textInput(URL_MAX, t.invalidPaymentLink)
  .nullable()
  .transform((value, ctx) => {
    const raw = (value ?? '').trim();
    if (raw === '') return null;
    const checked = normalizePaymentLink(raw);
    if (!checked.ok) {
      ctx.addIssue({
        code: 'custom',
        message: checked.message === 'Invalid link' ? t.invalidPaymentLink : checked.message,
      });
      return z.NEVER;
    }
    return checked.url;
  });

/** PATCH /api/profile: any of the three; fields left out keep their value. */
export const updateProfileInput = z.strictObject({
  displayName: profileDisplayNameSchema.optional(),
  bio: bioSchema.optional(),
  paypalLink: paymentLinkSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;
export type UpdateProfile = z.output<typeof updateProfileInput>;

/** The settings form: every field present (the form always sends all three). */
export const profileForm = z.strictObject({
  displayName: profileDisplayNameSchema,
  bio: bioSchema,
  paypalLink: paymentLinkSchema,
});
export type ProfileFormValues = z.input<typeof profileForm>;

/** Avatar: an image by its bytes (never SVG: it can carry script), at most 5 MB (SPEC section 9). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const AVATAR_ACCEPT = AVATAR_MIME_TYPES.join(',');
/** The square edge the server stores avatars at, as WebP. */
export const AVATAR_SIZE_PX = 512;

export type AvatarCheck = { ok: true } | { ok: false; title: string; message: string };

/** The browser's early answer before uploading; the server decides again from the file's bytes. */
export function checkAvatarFile(file: { type: string; size: number }): AvatarCheck {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type))
    return { ok: false, title: t.avatarInvalidType, message: t.avatarInvalidTypeBody };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, title: t.avatarTooLarge, message: t.avatarTooLargeBody };
  if (file.size === 0) return { ok: false, title: t.avatarInvalidType, message: t.avatarInvalidTypeBody };
  return { ok: true };
}
