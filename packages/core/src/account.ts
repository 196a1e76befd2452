/**
 * An account people control (issue 19): change the password (every other session ends), change the
 * email (confirmed from the new address, the old one told), see and end the signed-in devices,
 * download one's data and delete the account; and, before the first sign-in, ask again for the
 * verification mail. Routes:
 *   GET    /api/account                      the address and any change waiting for its confirmation
 *   POST   /api/account/password             change the password (current one required)
 *   POST   /api/account/email                ask to change the address (current password required)
 *   DELETE /api/account/email                cancel the change waiting for confirmation
 *   GET    /api/account/email/confirm?token= the mailed link: the change takes effect (a redirect)
 *   GET    /api/account/sessions             the signed-in devices
 *   DELETE /api/account/sessions/:id         sign one device out
 *   POST   /api/account/sessions/sign-out-others   sign every other device out
 *   GET    /api/account/export               the person's data as one JSON file, streamed
 *   DELETE /api/account                      delete the account (password and DELETE typed)
 *   POST   /api/auth/resend-verification     mail the verification link again (a few an hour)
 */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';
import { emailSchema, newPasswordSchema } from './auth.schemas.ts';
import { PASSWORD_MAX } from './constants.ts';
import { DELETE_CONFIRMATION, accountTexts } from './account.texts.ts';
import { textInput } from './text-input.ts';
import { texts } from './texts.ts';

/** The current password, as typed: only its presence and the length limit are checked here. */
const currentPassword = textInput(PASSWORD_MAX, accountTexts.wrongPassword, accountTexts.passwordRequired).min(
  1,
  accountTexts.passwordRequired,
);

export const changePasswordInput = z.strictObject({ currentPassword, newPassword: newPasswordSchema });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** The form adds the new password typed twice. */
export const changePasswordForm = z
  .strictObject({ currentPassword, newPassword: newPasswordSchema, confirmPassword: textInput(PASSWORD_MAX) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: texts.validation.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

export const changeEmailInput = z.strictObject({ email: emailSchema, password: currentPassword });
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const deleteAccountInput = z.strictObject({
  password: currentPassword,
  confirmation: textInput(100, accountTexts.delete.typeDelete, accountTexts.delete.typeDelete).refine(
    (typed) => typed.trim() === DELETE_CONFIRMATION,
    accountTexts.delete.typeDelete,
  ),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

export const resendVerificationInput = z.strictObject({ email: emailSchema });

export const sessionIdParams = z.object({
  id: textInput(100, accountTexts.devices.notFound).min(1, accountTexts.devices.notFound),
});

/** The mailed link's query: a missing or malformed token lands on the web app's page with an error. */
export const emailConfirmQuery = z.object({ token: textInput(200).min(1).optional().catch(undefined) });

const pendingEmail = z.object({ email: z.string(), expiresAt: z.string() }).nullable();

export const accountResponse = z.object({ email: z.string(), pendingEmail });
export type AccountResponse = z.output<typeof accountResponse>;

export const accountMessage = z.object({ message: z.string() });

export const emailChangeResponse = z.object({ message: z.string(), pendingEmail });

export const signedInDevice = z.object({
  id: z.string(),
  /** "Chrome on Android", "Safari on iPhone", or "Unknown device". */
  device: z.string(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SignedInDevice = z.output<typeof signedInDevice>;
export const devicesResponse = z.object({ devices: z.array(signedInDevice) });

export const signOutOthersResponse = z.object({ message: z.string(), ended: z.number().int() });

export const resendVerificationResponse = z.object({
  title: z.string(),
  message: z.string(),
  /** Seconds until another mail may be asked for (the button's countdown). */
  retryAfterSeconds: z.number().int(),
});
export type ResendVerificationResponse = z.output<typeof resendVerificationResponse>;

export const accountApi = defineApi({
  'GET /api/account': {
    caller: 'signedIn',
    summary: "The signed-in person's email, and a change of address waiting for its confirmation",
    response: accountResponse,
  },
  'POST /api/account/password': {
    caller: 'signedIn',
    summary: 'Change the password (the current one required); every other session ends, this one stays',
    body: changePasswordInput,
    response: accountMessage,
  },
  'POST /api/account/email': {
    caller: 'signedIn',
    summary:
      'Ask to change the email (the current password required): the new address gets a link that makes the change',
    body: changeEmailInput,
    response: emailChangeResponse,
  },
  'DELETE /api/account/email': {
    caller: 'signedIn',
    summary: 'Cancel the change of address waiting for its confirmation',
    response: accountMessage,
  },
  'GET /api/account/email/confirm': {
    caller: 'anyone',
    summary: 'The link mailed to a new address: the change takes effect and the old address is told',
    query: emailConfirmQuery,
    response: rawResponse(302, null, 'A redirect to the web app, with the outcome in its query'),
  },
  'GET /api/account/sessions': {
    caller: 'signedIn',
    summary: "The signed-in person's live sessions (their devices), the most recently active first",
    response: devicesResponse,
  },
  'DELETE /api/account/sessions/:id': {
    caller: 'signedIn',
    summary: 'Sign one of the own sessions out, on every server process',
    params: sessionIdParams,
    response: accountMessage,
  },
  'POST /api/account/sessions/sign-out-others': {
    caller: 'signedIn',
    summary: 'Sign out every own session but this one',
    response: signOutOthersResponse,
  },
  'GET /api/account/export': {
    caller: 'signedIn',
    summary: "The person's own data (profile, offer, messages, orders with history and reviews, jobs) as one JSON file",
    response: rawResponse(200, 'application/json', 'The data as JSON, streamed as a download'),
  },
  'DELETE /api/account': {
    caller: 'signedIn',
    summary:
      'Delete the own account (password and DELETE typed), as an admin deletes a creator; the session ends with it',
    body: deleteAccountInput,
    response: accountMessage,
  },
  'POST /api/auth/resend-verification': {
    caller: 'anyone',
    summary:
      'Mail the verification link again; answers the same whether or not the address has an account (a few an hour)',
    body: resendVerificationInput,
    response: resendVerificationResponse,
  },
});
