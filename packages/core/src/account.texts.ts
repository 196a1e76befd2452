/**
 * The words of an account people control (issue 19), apart from its schemas (account.ts), so a screen
 * that shows them (the route guard's toasts) does not bring the schemas along.
 */
import { formatDate } from './money.ts';

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
  change: 'Change',
  dataSection: 'Your data',
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
    tooMany: (wait: string) => `You have asked to change your email several times. Try again ${wait}.`,
    changed: (email: string) => `Your email address is now ${email}.`,
    changedLogIn: 'Your email address is changed. Log in with your new address.',
    linkInvalid: 'This confirmation link is invalid or has expired.',
    linkTaken: 'That address now belongs to another account, so your email was not changed.',
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
    dialogBody: 'Before you go, this is what happens:',
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
