/**
 * Web Push end to end, with the test as the push service: a device (keys the test made) subscribes
 * with an endpoint on a local server; what the product notifies arrives there signed with VAPID and
 * encrypted for that device alone, and is read back as the device would show it. A push service
 * answering that a subscription is gone removes it; one failing for a while gets the push again later.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationTexts, pushTexts, threadLink, type PushPayload } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { readVapid, startTestPushService, type TestDevice, type TestPushService } from '../../test/push-service.ts';
import { createPaidOffer } from '../orders/test-helpers.ts';
import { PUSH_JOB, PUSH_WAKE_CHANNEL } from './index.ts';

type Person = TestClient & { user: { id: string; name: string } };

let t: TestApp;
let service: TestPushService;

beforeAll(async () => {
  t = await createTestApp();
  service = await startTestPushService();
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(() => service.answer(() => 201));

async function subscribed(person: Person, device: TestDevice = service.device()): Promise<TestDevice> {
  const response = await person.put('/api/push/subscription', { ...device.subscription, expirationTime: null });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ on: true, message: pushTexts.turnedOn });
  return device;
}

const offers = new Map<string, string>();
/** `from` writes to `to` about `to`'s offer: `to` is notified of a new message. */
async function message(from: Person, to: Person, text: string) {
  let offerId = offers.get(to.user.id);
  if (!offerId) offers.set(to.user.id, (offerId = await createPaidOffer(t, to.user.id)));
  const response = await from.post('/api/messages', { offerId, text });
  expect(response.statusCode, response.body).toBe(201);
}

const subscriptionsOf = async (userId: string) =>
  (
    await t.deps.database.query<{ endpoint: string }>('select endpoint from push_subscriptions where user_id = $1', [
      userId,
    ])
  ).map((row) => row.endpoint);

/** Polls the push jobs until `check` holds for the count in `state` (the worker runs on its own). */
async function jobsIn(state: string, check: (n: number) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.deps.database.query<{ n: number }>(
      'select count(*)::int as n from pgboss.job where name = $1 and state = $2',
      [PUSH_JOB, state],
    );
    if (check(row?.n ?? 0)) return;
    if (Date.now() > deadline) throw new Error(`push jobs in ${state}: still ${row?.n}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the VAPID key', () => {
  it('is one P-256 public key anyone may read, the one the server signs with', async () => {
    const response = await t.client().get('/api/push/key');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(publicKey).toBe(t.config.vapid.publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });
});

describe('a push to a device', () => {
  it('carries what the device shows, signed with VAPID for the push service and encrypted for the device alone', async () => {
    const ava = await t.signedIn({ name: 'Ava Pusher' });
    const leo = await t.signedIn({ name: 'Leo Writer' });
    const device = await subscribed(ava);

    await message(leo, ava, 'Hello Ava, is the logo still available?');
    const push = await service.next(device.id);

    expect(push.status).toBe(201);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const vapid = readVapid(push);
    expect(vapid.key).toBe(t.config.vapid.publicKey);
    expect(vapid.header).toMatchObject({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.signedByKey).toBe(true);
    expect(vapid.claims.aud).toBe(service.origin);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(vapid.claims.sub).toBe(t.config.vapid.subject);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);

    expect(device.read(push)).toEqual({
      title: notificationTexts.newMessage('Leo Writer'),
      body: 'Hello Ava, is the logo still available?',
      link: threadLink(leo.user.id),
      tag: threadLink(leo.user.id),
    } satisfies PushPayload);
    // a key that is not the device's reads nothing
    expect(() => service.device().read(push)).toThrow();
  });

  it('goes to each of the person’s devices, and no longer to one turned off', async () => {
    const mia = await t.signedIn({ name: 'Mia Two Phones' });
    const sam = await t.signedIn({ name: 'Sam Follower' });
    const phone = await subscribed(mia);
    const laptop = await subscribed(mia);

    expect((await sam.put(`/api/follows/${mia.user.id}`)).statusCode).toBe(200);
    const [first, second] = [await service.next(phone.id), await service.next(laptop.id)];
    for (const [device, push] of [
      [phone, first],
      [laptop, second],
    ] as const)
      expect(device.read(push!)).toMatchObject({
        title: notificationTexts.newFollower('Sam Follower'),
        link: `/creator/${sam.user.id}`,
      });

    const off = await mia.delete('/api/push/subscription', { endpoint: laptop.subscription.endpoint });
    expect(off.json()).toEqual({ on: false, message: pushTexts.turnedOff });
    await message(sam, mia, 'Only the phone hears this');
    expect(phone.read(await service.next(phone.id))).toMatchObject({ body: 'Only the phone hears this' });
    await t.mails(); // every push queued has gone
    expect(service.received.filter((push) => push.device === laptop.id)).toHaveLength(1);
  });
});

describe('the push service’s answers', () => {
  it('404 or 410 (the subscription is gone): it is removed, and nothing more is sent to it', async () => {
    const zoe = await t.signedIn({ name: 'Zoe Gone' });
    const kai = await t.signedIn({ name: 'Kai Writer' });
    const expired = await subscribed(zoe);
    const unknown = await subscribed(zoe);
    service.answer((device) => (device === expired.id ? 410 : device === unknown.id ? 404 : 201));

    await message(kai, zoe, 'Are you there?');
    expect((await service.next(expired.id)).status).toBe(410);
    expect((await service.next(unknown.id)).status).toBe(404);
    await jobsIn('completed', (n) => n >= 2);
    await expect.poll(() => subscriptionsOf(zoe.user.id)).toEqual([]);

    await message(kai, zoe, 'Hello again');
    await t.mails();
    expect(service.received.filter((push) => push.device === expired.id || push.device === unknown.id)).toHaveLength(2);
  });

  it('500: the push waits on the queue and goes on a later try; the subscription stays', async () => {
    const ivy = await t.signedIn({ name: 'Ivy Patient' });
    const max = await t.signedIn({ name: 'Max Writer' });
    const device = await subscribed(ivy);
    service.answer((id, attempt) => (id === device.id && attempt === 1 ? 500 : 201));

    await message(max, ivy, 'Try me again');
    expect((await service.next(device.id)).status).toBe(500);
    await jobsIn('retry', (n) => n === 1);
    expect(await subscriptionsOf(ivy.user.id)).toEqual([device.subscription.endpoint]);

    // The retry is due (instead of waiting its delay): the worker, woken, tries again.
    await t.deps.database.query(`update pgboss.job set start_after = now() where name = $1 and state = 'retry'`, [
      PUSH_JOB,
    ]);
    await t.deps.database.notify(PUSH_WAKE_CHANNEL, '');
    const again = await service.next(device.id);
    expect(again.status).toBe(201);
    expect(device.read(again)).toMatchObject({ body: 'Try me again' });
    await jobsIn('retry', (n) => n === 0);
  });
});

describe('subscribing', () => {
  it('takes only push services’ https endpoints (and local ones outside production), and well-formed keys', async () => {
    const person = await t.signedIn();
    const { keys } = service.device().subscription;
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://evil.example/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://10.0.0.5/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'http://10.0.0.5/push',
      'ftp://localhost/push',
      'not a url',
    ];
    for (const endpoint of refused) {
      const response = await person.put('/api/push/subscription', { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.message, endpoint).toBe(pushTexts.badEndpoint);
    }
    for (const bad of [
      { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'AAAA' },
      { p256dh: 'not base64!', auth: keys.auth },
    ]) {
      const response = await person.put('/api/push/subscription', { endpoint: `${service.origin}/x`, keys: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(pushTexts.badKeys);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=BQY',
    ])
      expect((await person.put('/api/push/subscription', { endpoint, keys })).statusCode, endpoint).toBe(200);
    expect(await subscriptionsOf(person.user.id)).toHaveLength(4);
  });

  it('moves a device to whoever subscribed it last, keeps ten devices a person, and removes only one’s own', async () => {
    const first = await t.signedIn();
    const second = await t.signedIn();
    const shared = service.device();
    await subscribed(first, shared);
    await subscribed(second, shared);
    expect(await subscriptionsOf(first.user.id)).toEqual([]);
    expect(await subscriptionsOf(second.user.id)).toEqual([shared.subscription.endpoint]);

    // someone else's endpoint is not theirs to remove
    await first.delete('/api/push/subscription', { endpoint: shared.subscription.endpoint });
    expect(await subscriptionsOf(second.user.id)).toEqual([shared.subscription.endpoint]);

    for (let i = 0; i < 11; i += 1) {
      t.clock.advance(1000);
      await subscribed(second);
    }
    const kept = await subscriptionsOf(second.user.id);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(shared.subscription.endpoint);
  });
});
