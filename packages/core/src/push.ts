/**
 * Web Push (issue 18): a person turns on push notifications on a device; from then on what they are
 * notified of (messages, orders, reviews, follows, moderation, as their settings allow) also arrives
 * as a system notification, GigReel open or not, and tapping one opens its page. Each device is one
 * subscription (its push service's endpoint and keys). Routes:
 *   GET    /api/push/key            the server's VAPID public key, for pushManager.subscribe -> PushKey
 *   PUT    /api/push/subscription   this device's subscription (again: refreshed)            -> PushResult
 *   DELETE /api/push/subscription   { endpoint }: this device no longer gets pushes          -> PushResult
 */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { textInput } from './text-input.ts';

/** A push service's endpoint URL is at most this long (they are about 200 to 500 characters). */
export const PUSH_ENDPOINT_MAX = 1000;
/** How many devices one person keeps push on for; subscribing one more drops the longest unused. */
export const PUSH_DEVICES_MAX = 10;

export const pushTexts = {
  title: 'Push notifications',
  hint: 'Get messages and order updates on this device as they happen, even when GigReel is closed.',
  on: 'On for this device',
  off: 'Off for this device',
  /** The switch's accessible name; whether it is on is the switch's state. */
  switchLabel: 'Push notifications on this device',
  turnedOn: 'Push notifications are on for this device.',
  turnedOff: 'Push notifications are off for this device.',
  unsupported:
    "This browser can't show push notifications. On an iPhone or iPad, add GigReel to your Home Screen first (Share, then Add to Home Screen) and turn them on from there.",
  denied:
    'Notifications are blocked for GigReel in this browser. Allow them in the site settings (the icon beside the address), then turn them on here.',
  dismissed: 'Push notifications stay off: the browser was not allowed to show them.',
  failed: 'Could not turn on push notifications',
  failedOff: 'Could not turn off push notifications',
  badEndpoint: 'This browser gave a push address GigReel cannot use.',
  badKeys: "This browser's push keys are not valid.",
  checking: 'Checking push notifications on this device',
  /** Shown when the notification's own text is missing (the service worker's fallback). */
  fallbackTitle: 'GigReel',
} as const;

export const pushKey = z.object({ publicKey: z.string() });
export type PushKey = z.output<typeof pushKey>;

const base64url = (max: number) =>
  textInput(max, pushTexts.badKeys).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: pushTexts.badKeys });

/** What the browser's PushSubscription.toJSON() gives; the server checks the endpoint and the keys' sizes. */
export const pushSubscriptionInput = z.object({
  endpoint: textInput(PUSH_ENDPOINT_MAX, pushTexts.badEndpoint).min(1, pushTexts.badEndpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(120), auth: base64url(60) }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

export const pushEndpointInput = z.object({
  endpoint: textInput(PUSH_ENDPOINT_MAX, pushTexts.badEndpoint).min(1, pushTexts.badEndpoint),
});

export const pushResult = z.object({ on: z.boolean(), message: z.string() });
export type PushResult = z.output<typeof pushResult>;

/** What a push carries to the device (encrypted for it alone): what the notification shows and where tapping it goes. */
export type PushPayload = { title: string; body: string; link: string; tag: string };

export const pushApi = defineApi({
  'GET /api/push/key': {
    caller: 'anyone',
    summary: "The server's VAPID public key (base64url), the applicationServerKey of pushManager.subscribe",
    response: pushKey,
  },
  'PUT /api/push/subscription': {
    caller: 'signedIn',
    summary: "Keeps this device's push subscription for the viewer (https endpoints only); again refreshes it",
    body: pushSubscriptionInput,
    response: pushResult,
  },
  'DELETE /api/push/subscription': {
    caller: 'signedIn',
    summary: "Removes the viewer's push subscription with this endpoint",
    body: pushEndpointInput,
    response: pushResult,
  },
});
