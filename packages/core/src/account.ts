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
import { formatDate } from './money.ts';
import { textInput } from './text-input.ts';
import { texts } from './texts.ts';

/** What a person types to confirm that their account is to be deleted. */
export const DELETE_CONFIRMATION = 'DELETE';
/** How long the link confirming a new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
/** Seconds between two verification mails for one address (the "Resend" button counts down). */
export const RESEND_COOLDOWN_SECONDS = 60;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** How long until something may be tried again: "in 45 seconds", "in 12 minutes", "in 2 hours". */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `in ${plural(whole, 'second')}`;
  if (whole < 3600) return `in ${plural(Math.ceil(whole / 60), 'minute')}`;
  return `in ${plural(Math.ceil(whole / 3600), 'hour')}`;
}

/** A countdown as m:ss ("0:59", "12:05"). */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** When a device was last used, roughly: "Active now", "Active 5 minutes ago", "Active on Nov 3, 2026". */
export function activeText(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 2) return 'Active now';
  if (minutes < 60) return `Active ${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Active ${plural(hours, 'hour')} ago`;
  return `Active on ${formatDate(iso)}`;
}

export const accountTexts = {
  title: 'Account',
  loadFailed: 'Failed to load your account. Please try again.',
  wrongPassword: 'That password is not right.',
  passwordRequired: 'Enter your current password.',
  notWhileImpersonating: 'Only the person themselves can do this, not an admin using their account.',
  cancel: 'Cancel',
  email: {
    label: 'Email',
    change: 'Change email',
    dialogTitle: 'Change your email',
    dialogBody: 'We send a link to the new address. Your email changes when you open it there.',
    newEmail: 'New email',
    currentPassword: 'Current password',
    send: 'Send confirmation link',
    sent: (email: string) =>
      `We sent a link to ${email}. Open it within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm your new address.`,
    pending: (email: string) => `Waiting for you to confirm ${email}`,
    pendingUntil: (iso: string) => `Open the link we mailed there by ${formatDate(iso)} to make it your email.`,
    cancelChange: 'Cancel change',
    cancelled: 'Your email change is cancelled.',
    cancelFailed: 'Failed to cancel the email change',
    changeFailed: 'Failed to change your email',
    same: 'That is already your email address.',
    taken: 'An account with this email already exists.',
    changed: (email: string) => `Your email address is now ${email}.`,
    changedLogIn: 'Your email address is changed. Log in with your new address.',
    linkInvalid: 'This confirmation link is invalid or has expired.',
    linkTaken: 'That address now belongs to another account, so your email was not changed.',
    tooMany: (wait: string) => `You have asked to change your email several times. Try again ${wait}.`,
    mailConfirm: {
      subject: 'Confirm your new GigReel email',
      body: `Someone asked to make this the email of a GigReel account. Open this link within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm it; until then the account keeps its old address.`,
      ignore: 'If it was not you, ignore this mail and nothing changes.',
      label: 'Confirm my new email',
    },
    mailOldTold: {
      subject: 'Your GigReel email was changed',
      body: (newEmail: string) =>
        `The email of your GigReel account is now ${newEmail}. From now on you log in with it, and mail about your account goes there.`,
      notYou:
        'If you did not ask for this, reply to this mail or write to support at once: someone may be using your account.',
    },
  },
  password: {
    label: 'Password',
    change: 'Change password',
    dialogTitle: 'Change your password',
    dialogBody: 'Every other device signed in to your account is signed out; this one stays signed in.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    save: 'Change password',
    same: 'Choose a password different from your current one.',
    changed: 'Your password is changed. Every other device is signed out.',
    changeFailed: 'Failed to change your password',
    mail: {
      subject: 'Your GigReel password was changed',
      body: 'The password of your GigReel account was just changed, and every other device was signed out.',
      notYou: 'If it was not you, choose a new password now with "Forgot password?" on the login screen.',
    },
  },
  devices: {
    title: 'Signed-in devices',
    hint: 'Where your account is signed in now. Sign out any device you do not recognise.',
    thisDevice: 'This device',
    signedIn: (iso: string) => `Signed in ${formatDate(iso)}`,
    signOut: 'Sign out',
    signOutDevice: (device: string) => `Sign out ${device}`,
    signOutOthers: 'Sign out everywhere else',
    signedOut: (device: string) => `${device} is signed out.`,
    othersSignedOut: (count: number) =>
      count === 0 ? 'No other device was signed in.' : `${plural(count, 'other device')} signed out.`,
    onlyThis: 'Only this device is signed in.',
    loadFailed: 'Failed to load your devices. Please try again.',
    signOutFailed: 'Failed to sign the device out',
    notFound: 'That device is already signed out.',
    useLogOut: 'To sign this device out, use Log Out.',
    unknown: 'Unknown device',
  },
  data: {
    title: 'Download your data',
    hint: 'One JSON file with your profile, your offer, your messages, your orders with their history and reviews, and your private jobs.',
    download: 'Download my data',
    started: 'Your download has started.',
  },
  delete: {
    title: 'Delete account',
    hint: 'Remove your account and everything only yours. This cannot be undone.',
    open: 'Delete my account',
    dialogTitle: 'Delete your account?',
    consequences: [
      'Your profile, your offer and its media, your boosts, favourites and reactions, and the private jobs you sent are removed for good.',
      'Orders and messages stay for the other person, shown as from "Unknown".',
      'You are signed out on every device, and you cannot log in again.',
    ],
    password: 'Your password',
    confirmation: `Type ${DELETE_CONFIRMATION} to confirm`,
    typeDelete: `Type ${DELETE_CONFIRMATION} to confirm.`,
    submit: 'Delete my account for good',
    deleted: 'Your account has been deleted.',
    failed: 'Failed to delete your account',
    adminCannot: 'An admin account cannot be deleted here.',
    mail: {
      subject: 'Your GigReel account is deleted',
      body: 'Your GigReel account and everything only yours are deleted, as you asked. Orders and messages stay for the other person, shown as from "Unknown".',
      bye: 'Thank you for being part of GigReel.',
    },
  },
  resend: {
    label: 'Resend email',
    sending: 'Sending…',
    countdown: (clock: string) => `Resend in ${clock}`,
    sent: 'Verification email sent',
    sentBody: (email: string) => `If ${email} has an account waiting to be verified, a new link is on its way.`,
    notArrived: "Didn't get it? Check your spam folder, or send it again.",
    tooMany: (wait: string) => `You have asked for several emails. You can ask for another ${wait}.`,
    failed: 'Failed to resend the email',
  },
} as const;

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
