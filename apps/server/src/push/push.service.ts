/**
 * Web Push, the person's side: turning it on and off for a device, and the key the browser subscribes
 * with. What is pushed is decided by the notifications feature (createNotification), which calls
 * queuePush in the event's own transaction; push.sender.ts sends it from the job queue.
 */
import { isIP } from 'node:net';
import {
  badRequest,
  PUSH_DEVICES_MAX,
  pushTexts,
  type PushKey,
  type PushPayload,
  type PushResult,
} from '@gigreel/core';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/index.ts';
import type { Db, Tx } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';
import { createOutbox } from '../platform/outbox.ts';
import * as q from './push.queries.ts';

export const PUSH_JOB = 'push.send';
/** The channel whose NOTIFY, sent on commit with a push's job, wakes the push worker at once. */
export const PUSH_WAKE_CHANNEL = 'gigreel_push';
/** One device's push: the subscription it goes to, and what it shows. */
export type PushJobData = { subscriptionId: string; payload: PushPayload };

/**
 * The push services of the browsers people use (Chrome, Edge, Firefox, Safari, Samsung Internet,
 * Opera), by exact domain or subdomain. The server posts to a subscription's endpoint, so an endpoint
 * anywhere else (an address inside the operator's network, say) is refused rather than reached.
 */
const PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/**
 * Whether the server may post to this endpoint: https on the default port at a known push service;
 * outside production also http://localhost or 127.0.0.1, where the tests run their push service.
 */
function isPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (!production && url.protocol === 'http:' && (host === 'localhost' || host === '127.0.0.1')) return true;
  if (url.protocol !== 'https:' || url.port !== '' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return PUSH_SERVICES.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** A key of the size it must have once decoded: a P-256 public key (65 bytes, uncompressed) or the 16-byte auth secret. */
function keyOf(text: string, bytes: number): string {
  const key = Buffer.from(text.replace(/=+$/, ''), 'base64url');
  if (key.length !== bytes || (bytes === 65 && key[0] !== 4)) throw badRequest(pushTexts.badKeys);
  return key.toString('base64url');
}

/** "Chrome on Android", "Safari on iPhone": what the device is, from its User-Agent, for the person's own reading. */
function deviceLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 500);
  const browser =
    [
      ['Edge', /Edg(A|iOS)?\//],
      ['Samsung Internet', /SamsungBrowser\//],
      ['Opera', /OPR\/|Opera/],
      ['Firefox', /Firefox\/|FxiOS\//],
      ['Chrome', /Chrome\/|CriOS\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? 'A browser';
  const system =
    [
      ['Android', /Android/],
      ['iPhone', /iPhone/],
      ['iPad', /iPad/],
      ['Windows', /Windows/],
      ['ChromeOS', /CrOS/],
      ['Mac', /Macintosh|Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? null;
  return system ? `${browser} on ${system}` : String(browser);
}

export function getPushKey({ deps }: { deps: AppDeps }): PushKey {
  return { publicKey: deps.config.vapid.publicKey };
}

/** This device gets the person's pushes from now on; the person keeps at most PUSH_DEVICES_MAX devices. */
export async function subscribePush({
  deps,
  actor,
  endpoint,
  keys,
  userAgent,
}: {
  deps: AppDeps;
  actor: Actor;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  userAgent: string | undefined;
}): Promise<PushResult> {
  if (!isPushEndpoint(endpoint, deps.config.env === 'production')) throw badRequest(pushTexts.badEndpoint, 'endpoint');
  const p256dh = keyOf(keys.p256dh, 65);
  const auth = keyOf(keys.auth, 16);
  await deps.database.db.transaction(async (tx) => {
    const at = deps.clock.now();
    await q.saveSubscription(tx, { userId: actor.id, endpoint, p256dh, auth, device: deviceLabel(userAgent), at });
    await q.keepNewestDevices(tx, actor.id, PUSH_DEVICES_MAX);
  });
  return { on: true, message: pushTexts.turnedOn };
}

/** This device no longer gets the person's pushes (nothing to remove is the same answer). */
export async function unsubscribePush({
  deps,
  actor,
  endpoint,
}: {
  deps: AppDeps;
  actor: Actor;
  endpoint: string;
}): Promise<PushResult> {
  await q.deleteSubscription(deps.database.db, actor.id, endpoint);
  return { on: false, message: pushTexts.turnedOff };
}

// Builds pg-boss's insert for the transaction given; never started (platform/outbox.ts).
const outbox = createOutbox();

/**
 * One job per device, written in the event's transaction (so a push goes if and only if the event
 * commits), and a NOTIFY on commit that wakes the push worker at once. Each device's job is retried
 * on its own, so a failing device never sends the others' pushes twice.
 */
export async function queuePush(tx: Db | Tx, subscriptionIds: string[], payload: PushPayload): Promise<void> {
  if (subscriptionIds.length === 0) return;
  // The outbox only runs its statements through tx.execute, which the database itself has too.
  for (const subscriptionId of subscriptionIds)
    await outbox.later(tx as Tx, PUSH_JOB, { subscriptionId, payload } satisfies PushJobData, 0);
  await tx.execute(sql`select pg_notify(${PUSH_WAKE_CHANNEL}, '')`);
}
