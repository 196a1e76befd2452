import { z } from 'zod';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { sanitizeText } from './sanitize.ts';
import { hasForbiddenNameCharacters, isEmailShape, textInput } from './text-input.ts';
import { texts } from './texts.ts';

const v = texts.validation;

/** Email as SPEC section 5: sanitised, trimmed, lowercased, simple shape, at most 254. */
export const emailSchema = textInput(EMAIL_MAX * 2, v.invalidEmail, v.emailRequired)
  .transform((value) => sanitizeText(value).toLowerCase())
  .pipe(z.string().min(1, v.emailRequired).max(EMAIL_MAX, v.invalidEmail).refine(isEmailShape, v.invalidEmail));

/** Sign-up password rule: at least 8 with an uppercase letter, a lowercase letter and a digit. */
export const newPasswordSchema = textInput(PASSWORD_MAX, v.tooLong(PASSWORD_MAX), v.passwordRule).refine(
  (value) => value.length >= PASSWORD_MIN && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value),
  v.passwordRule,
);

/**
 * A display name as shown to others: sanitised and trimmed, 2 to 50 characters, and never a control
 * or text-direction character, which could make a name read as another or reorder text around it.
 * The profile form and the admin creator form build on the same rule.
 */
export const displayNameText = (required: string, length: string, min = DISPLAY_NAME_MIN) =>
  textInput(DISPLAY_NAME_MAX * 2, length, required)
    // Checked before sanitising, which would drop some controls silently and keep the rest.
    .refine((name) => !hasForbiddenNameCharacters(name), v.displayNameCharacters)
    .transform((value) => sanitizeText(value))
    .pipe(z.string().min(1, required).min(min, length).max(DISPLAY_NAME_MAX, length));

export const displayNameSchema = displayNameText(v.displayName, v.displayName);

export const signUpInput = z.strictObject({
  displayName: displayNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.input<typeof signUpInput>;

export const loginInput = z.strictObject({
  email: emailSchema,
  password: textInput(PASSWORD_MAX, v.tooLong(PASSWORD_MAX), v.passwordRequired)
    .min(1, v.passwordRequired)
    .min(PASSWORD_MIN, v.passwordMin),
});
export type LoginInput = z.input<typeof loginInput>;

export const forgotPasswordInput = z.strictObject({ email: emailSchema });

const resetPassword = textInput(PASSWORD_MAX, v.tooLong(PASSWORD_MAX), v.passwordTooShort).min(
  PASSWORD_MIN,
  v.passwordTooShort,
);

/** Reset form: both fields at least 8 ("Password too short"), equal ("Passwords do not match"). */
export const resetPasswordForm = z
  .strictObject({
    password: resetPassword,
    confirmPassword: resetPassword,
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: v.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** What the reset screen sends: the token from the mailed link and the new password. */
export const resetPasswordInput = z.strictObject({
  token: textInput(200, texts.auth.invalidResetLinkBody).min(1, texts.auth.invalidResetLinkBody),
  password: resetPassword,
});

/** Sign-out takes no input; an empty object (or no body) is all it accepts. */
export const signOutInput = z.strictObject({});

/** The mailed verification link: only its token is read (any callbackURL in it is ignored). */
export const verifyEmailQuery = z.object({ token: textInput(4000).min(1) });

/** The mailed unlock link: only its token is read. */
export const unlockQuery = z.object({ token: textInput(100).min(1) });

/** What the web app learns about the signed-in person; roles are decided by the server. */
export const viewer = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  isAdmin: z.boolean(),
  isDesigner: z.boolean(),
  hasOffer: z.boolean(),
  /** Set while an admin uses the app as this person. */
  impersonatedBy: z.string().nullable(),
});
export type Viewer = z.output<typeof viewer>;

export const meResponse = z.object({ viewer: viewer.nullable() });
export type MeResponse = z.output<typeof meResponse>;

/** What sign-in, sign-out and a password reset answer: the toast's text. */
export const authMessage = z.object({ message: z.string() });
export type AuthMessage = z.output<typeof authMessage>;

/** What sign-up and the reset request answer: the confirmation's title and text. */
export const authNotice = z.object({ title: z.string(), message: z.string() });
export type AuthNotice = z.output<typeof authNotice>;
