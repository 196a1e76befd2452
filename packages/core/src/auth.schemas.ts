import { z } from 'zod';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { sanitizeText } from './sanitize.ts';
import { texts } from './texts.ts';

const v = texts.validation;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email as SPEC section 5: sanitised, trimmed, lowercased, simple pattern, at most 254. */
export const emailSchema = z
  .string({ error: v.emailRequired })
  .transform((value) => sanitizeText(value).toLowerCase())
  .pipe(
    z
      .string()
      .min(1, v.emailRequired)
      .max(EMAIL_MAX, v.invalidEmail)
      .regex(EMAIL_PATTERN, v.invalidEmail),
  );

/** Sign-up password rule: at least 8 with an uppercase letter, a lowercase letter and a digit. */
export const newPasswordSchema = z
  .string({ error: v.passwordRule })
  .max(PASSWORD_MAX, v.tooLong(PASSWORD_MAX))
  .refine((value) => value.length >= PASSWORD_MIN && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value), v.passwordRule);

export const displayNameSchema = z
  .string({ error: v.displayName })
  .transform((value) => sanitizeText(value))
  .pipe(z.string().min(DISPLAY_NAME_MIN, v.displayName).max(DISPLAY_NAME_MAX, v.displayName));

export const signUpInput = z.strictObject({
  displayName: displayNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.input<typeof signUpInput>;

export const loginInput = z.strictObject({
  email: emailSchema,
  password: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).min(PASSWORD_MIN, v.passwordMin).max(PASSWORD_MAX, v.tooLong(PASSWORD_MAX)),
});
export type LoginInput = z.input<typeof loginInput>;

export const forgotPasswordInput = z.strictObject({ email: emailSchema });

const resetPassword = z.string({ error: v.passwordTooShort }).min(PASSWORD_MIN, v.passwordTooShort).max(PASSWORD_MAX, v.tooLong(PASSWORD_MAX));

/** Reset form: both fields at least 8 ("Password too short"), equal ("Passwords do not match"). */
export const resetPasswordForm = z
  .strictObject({
    password: resetPassword,
    confirmPassword: resetPassword,
  })
  .refine((form) => form.password === form.confirmPassword, { message: v.passwordsDoNotMatch, path: ['confirmPassword'] });

/** What the reset screen sends: the token from the mailed link and the new password. */
export const resetPasswordInput = z.strictObject({
  token: z.string({ error: texts.auth.invalidResetLinkBody }).min(1, texts.auth.invalidResetLinkBody).max(200, texts.auth.invalidResetLinkBody),
  password: resetPassword,
});

/** Sign-out takes no input; an empty object (or no body) is all it accepts. */
export const signOutInput = z.strictObject({});

/** The mailed verification link: only its token is read (any callbackURL in it is ignored). */
export const verifyEmailQuery = z.object({ token: z.string().min(1).max(4000) });

/** What the web app learns about the signed-in person; roles are decided by the server. */
export type Viewer = {
  id: string;
  email: string;
  displayName: string;
  profileImage: string | null;
  isAdmin: boolean;
  isDesigner: boolean;
  hasOffer: boolean;
  /** Set while an admin uses the app as this person (issue 7). */
  impersonatedBy: string | null;
};
export type MeResponse = { viewer: Viewer | null };
