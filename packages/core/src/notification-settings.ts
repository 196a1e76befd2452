/**
 * Notification settings (issue 18): every notification kind belongs to one of five topics, and a
 * person turns each topic on or off for each channel (in the app, by email, by push). Off in the app
 * means no notification is written for that topic; email off means no mail of it is queued; push off
 * means no push. A switch nobody touched is on. Account-safety mails (verification, reset, unlock,
 * a suspension notice) belong to no topic and always go. Mails of a topic carry a one-click
 * unsubscribe link for that topic (RFC 8058), which works signed out. Routes:
 *   GET  /api/notifications/settings     the viewer's switches            -> NotificationSettingsView
 *   PUT  /api/notifications/settings     { topic, channel, on }           -> NotificationSettingsSaved
 *   GET  /api/unsubscribe/:token         what the mail's link would stop  -> UnsubscribeView (changes nothing)
 *   POST /api/unsubscribe/:token         email off for the link's topic   -> { message }
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import type { NotificationKindName } from './notifications.contract.ts';
import { textInput } from './text-input.ts';

export const NOTIFICATION_TOPICS = ['messages', 'orders', 'reviews', 'follows', 'moderation'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The topics GigReel sends mail about; the others are never mailed, so they have no email switch. */
export const MAILED_TOPICS: readonly NotificationTopic[] = ['orders', 'moderation'];

/** Which topic each notification kind belongs to (a kind added in core fails the typecheck until it has one). */
export const TOPIC_OF_KIND: Record<NotificationKindName, NotificationTopic> = {
  message: 'messages',
  order_message: 'messages',
  order_paid: 'orders',
  order_delivered: 'orders',
  order_completed: 'orders',
  order_payment_confirmed: 'orders',
  order_payment_not_received: 'orders',
  order_changes_requested: 'orders',
  order_cancelled: 'orders',
  order_reminder: 'orders',
  order_problem: 'orders',
  order_resolved: 'orders',
  job_accepted: 'orders',
  job_declined: 'orders',
  job_received: 'orders',
  review: 'reviews',
  follow: 'follows',
  offer_approved: 'moderation',
  report_handled: 'moderation',
  offer_hidden: 'moderation',
  account_suspended: 'moderation',
  appeal_received: 'moderation',
  appeal_decided: 'moderation',
};

export const notificationSettingsTexts = {
  title: 'Notifications',
  hint: 'Choose what reaches you, and where. Emails about your account and its safety always arrive.',
  topics: {
    messages: 'Messages',
    orders: 'Orders',
    reviews: 'Reviews',
    follows: 'Follows',
    moderation: 'Moderation',
  } satisfies Record<NotificationTopic, string>,
  topicHints: {
    messages: 'New messages, in chats and in orders',
    orders: 'Orders and private jobs, and each step they take',
    reviews: 'Reviews of what you sold',
    follows: 'People who follow you',
    moderation: 'Offer approvals, reports you made and decisions about you',
  } satisfies Record<NotificationTopic, string>,
  channels: { inApp: 'In app', email: 'Email', push: 'Push' } satisfies Record<NotificationChannel, string>,
  /** The accessible name of one switch. */
  switchLabel: (topic: NotificationTopic, channel: NotificationChannel) =>
    `${{ inApp: 'In-app notifications', email: 'Emails', push: 'Push notifications' }[channel]} about ${notificationSettingsTexts.topics[topic].toLowerCase()}`,
  saved: (topic: NotificationTopic, channel: NotificationChannel, on: boolean) =>
    `${{ inApp: 'In-app notifications', email: 'Emails', push: 'Push notifications' }[channel]} about ${notificationSettingsTexts.topics[topic].toLowerCase()} ${on ? 'on' : 'off'}.`,
  notMailed: 'Not sent by email',
  notMailedRefused: 'GigReel sends no emails about this.',
  failedToLoad: 'Failed to load your notification settings',
  failedToSave: 'Could not save your notification settings',
  loading: 'Loading your notification settings',
} as const;

export const unsubscribeTexts = {
  pageTitle: 'Unsubscribe',
  confirm: (topic: NotificationTopic) => `Stop emails about ${notificationSettingsTexts.topics[topic].toLowerCase()}?`,
  explain:
    'You will still see these in the app. Emails about your account and its safety always arrive. You can turn these emails back on in Settings.',
  button: 'Unsubscribe',
  done: (topic: NotificationTopic) =>
    `You will no longer get emails about ${notificationSettingsTexts.topics[topic].toLowerCase()}.`,
  alreadyOff: (topic: NotificationTopic) =>
    `Emails about ${notificationSettingsTexts.topics[topic].toLowerCase()} are already off.`,
  invalid: 'This unsubscribe link is not valid.',
  loading: 'Loading',
  failed: 'Could not unsubscribe',
  settings: 'Notification settings',
  home: 'Go to GigReel',
  /** The line every mail of a topic ends with. */
  mailFooter: (topic: NotificationTopic) =>
    `Don't want emails about ${notificationSettingsTexts.topics[topic].toLowerCase()}? Unsubscribe:`,
  mailLink: 'Unsubscribe',
} as const;

const channelSwitches = z.object({
  inApp: z.boolean(),
  /** null: the topic is never mailed, so there is nothing to switch. */
  email: z.boolean().nullable(),
  push: z.boolean(),
});

/** Every topic's switches; a switch nobody touched is on. */
export const notificationSettingsView = z.object({
  settings: z.record(z.enum(NOTIFICATION_TOPICS), channelSwitches),
});
export type NotificationSettingsView = z.output<typeof notificationSettingsView>;

export const notificationSettingInput = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  on: z.boolean(),
});
export type NotificationSettingInput = z.input<typeof notificationSettingInput>;

export const notificationSettingsSaved = notificationSettingsView.extend({ message: z.string() });

/** The token of a mail's unsubscribe link; any text is taken, and one the server did not sign is "not valid". */
export const unsubscribeParams = z.object({ token: textInput(300, unsubscribeTexts.invalid) });

export const unsubscribeView = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  /** Whether emails of the topic still go to the link's person. */
  emailOn: z.boolean(),
});
export type UnsubscribeView = z.output<typeof unsubscribeView>;

/**
 * RFC 8058's one-click POST carries `List-Unsubscribe=One-Click` as a form; the page sends JSON.
 * Either way the body changes nothing: the signed token decides.
 */
export const unsubscribeBody = z
  .object({ 'List-Unsubscribe': textInput(50).optional() })
  .catchall(z.unknown())
  .optional();

export const notificationSettingsApi = defineApi({
  'GET /api/notifications/settings': {
    caller: 'signedIn',
    summary: "The viewer's notification switches: each topic on or off in the app, by email and by push",
    response: notificationSettingsView,
  },
  'PUT /api/notifications/settings': {
    caller: 'signedIn',
    summary: 'Turns one topic on or off for one channel',
    body: notificationSettingInput,
    response: notificationSettingsSaved,
  },
  'GET /api/unsubscribe/:token': {
    caller: 'anyone',
    summary: "What a mail's unsubscribe link would stop; reading it changes nothing",
    params: unsubscribeParams,
    response: unsubscribeView,
  },
  'POST /api/unsubscribe/:token': {
    caller: 'anyone',
    crossSite: true,
    summary:
      "Turns email off for the link's topic without signing in (RFC 8058 one-click, from a mail client or the page)",
    params: unsubscribeParams,
    body: unsubscribeBody,
    response: z.object({ message: z.string() }),
  },
});
