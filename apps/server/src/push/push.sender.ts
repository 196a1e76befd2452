/**
 * Sending one push, on the job queue (never inside a request): web-push encrypts the payload for the
 * device (RFC 8291, aes128gcm) and signs the VAPID authorization (RFC 8292); the request goes out
 * through fetch, with a time limit. The push service's answer decides what happens next: accepted
 * (the device was used), gone (404 or 410: the subscription is removed, never tried again), a request
 * it will never take (400, 403, 413: dropped, logged), anything else (5xx, 429, no answer): the job
 * fails and the queue tries again later, five times with a growing delay.
 */
import webpush from 'web-push';
import type { AppDeps } from '../deps.ts';
import type { DataJob } from '../platform/queue.ts';
import * as q from './push.queries.ts';
import { PUSH_JOB, PUSH_WAKE_CHANNEL, type PushJobData } from './push.service.ts';

/** How long a push waits at the push service for a device that is offline: a day-old notification is stale. */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

/** A push the push service refused for good: retrying would not change its answer. */
const REFUSED_FOR_GOOD = new Set([400, 401, 403, 413]);

export function pushJob(deps: AppDeps): DataJob<PushJobData> {
  return { name: PUSH_JOB, wakeChannel: PUSH_WAKE_CHANNEL, handle: (data) => sendPush(deps, data) };
}

async function sendPush(deps: AppDeps, { subscriptionId, payload }: PushJobData): Promise<void> {
  const db = deps.database.db;
  const subscription = await q.findSubscription(db, subscriptionId);
  // Turned off (or replaced) since the push was queued: nothing to send.
  if (!subscription) return;
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: deps.config.vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.ok) return q.touchSubscription(db, subscription.id, deps.clock.now());
  if (response.status === 404 || response.status === 410) {
    deps.log.info({ subscriptionId, status: response.status }, 'push subscription expired; removed');
    return q.forgetSubscription(db, subscription.id);
  }
  if (REFUSED_FOR_GOOD.has(response.status)) {
    deps.log.warn({ subscriptionId, status: response.status }, 'push refused by the push service; not retried');
    return;
  }
  throw new Error(`the push service answered ${response.status}`);
}
