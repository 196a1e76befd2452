/**
 * Notification settings: each topic off in the app (no notification written), by email (no mail
 * queued) or by push (no push), each alone; and a mail's one-click unsubscribe, which works signed
 * out from a mail client (RFC 8058), changes nothing on a GET, and refuses a link the server did not sign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettingsTexts, unsubscribeTexts, type NotificationSettingsView } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { startTestPushService, type TestPushService } from '../../test/push-service.ts';
import { createOrderIn, createPaidOffer } from '../orders/test-helpers.ts';

type Person = TestClient & { user: { id: string; email: string; name: string } };

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

const settingsOf = async (person: Person) =>
  (await person.get('/api/notifications/settings')).json<NotificationSettingsView>().settings;

async function turn(person: Person, topic: string, channel: string, on: boolean) {
  const response = await person.put('/api/notifications/settings', { topic, channel, on });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationSettingsView & { message: string }>();
}

const notificationsOf = async (person: Person) =>
  (await person.get('/api/notifications')).json<{ notifications: Array<{ kind: string }> }>().notifications;

/** The buyer says they paid for a fresh order of the seller's: the seller is notified and mailed (topic orders). */
async function orderPaid(buyer: Person, seller: Person, offerId: string) {
  const orderId = await createOrderIn(t, 'awaiting_payment', {
    buyerId: buyer.user.id,
    sellerId: seller.user.id,
    offerId,
  });
  const response = await buyer.post(`/api/orders/${orderId}/paid`);
  expect(response.statusCode, response.body).toBe(200);
  return orderId;
}

describe('the settings', () => {
  it('start all on, with no email switch for topics never mailed, and save each switch alone', async () => {
    const ava = await t.signedIn();
    expect(await settingsOf(ava)).toEqual({
      messages: { inApp: true, email: null, push: true },
      orders: { inApp: true, email: true, push: true },
      reviews: { inApp: true, email: null, push: true },
      follows: { inApp: true, email: null, push: true },
      moderation: { inApp: true, email: true, push: true },
    });
    const saved = await turn(ava, 'orders', 'email', false);
    expect(saved.message).toBe(notificationSettingsTexts.saved('orders', 'email', false));
    expect(saved.message).toBe('Emails about orders off.');
    await turn(ava, 'follows', 'push', false);
    await turn(ava, 'moderation', 'inApp', false);
    await turn(ava, 'orders', 'email', false); // again: no change
    expect(await settingsOf(ava)).toMatchObject({
      orders: { inApp: true, email: false, push: true },
      follows: { inApp: true, email: null, push: false },
      moderation: { inApp: false, email: true, push: true },
    });
    expect((await turn(ava, 'orders', 'email', true)).settings.orders).toEqual({
      inApp: true,
      email: true,
      push: true,
    });

    const refused = await ava.put('/api/notifications/settings', { topic: 'messages', channel: 'email', on: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(notificationSettingsTexts.notMailedRefused);
    // one person's switches are theirs alone
    expect((await settingsOf(await t.signedIn())).orders.email).toBe(true);
  });
});

describe('each channel off for a topic', () => {
  it('in the app: no notification is written, while push still goes', async () => {
    const leo = await t.signedIn({ name: 'Leo Quiet' });
    const fan = await t.signedIn({ name: 'Fan One' });
    const device = service.device();
    await leo.put('/api/push/subscription', device.subscription);
    await turn(leo, 'follows', 'inApp', false);

    expect((await fan.put(`/api/follows/${leo.user.id}`)).statusCode).toBe(200);
    expect(device.read(await service.next(device.id))).toMatchObject({ title: 'Fan One followed you' });
    expect(await notificationsOf(leo)).toEqual([]);
    expect((await leo.get('/api/unread')).json().notifications).toBe(0);
  });

  it('by push: no push, while the app still shows it', async () => {
    const mia = await t.signedIn({ name: 'Mia Muted' });
    const fan = await t.signedIn({ name: 'Fan Two' });
    const device = service.device();
    await mia.put('/api/push/subscription', device.subscription);
    await turn(mia, 'follows', 'push', false);

    await fan.put(`/api/follows/${mia.user.id}`);
    expect((await notificationsOf(mia)).map((n) => n.kind)).toEqual(['follow']);
    // a topic left on still pushes, and it is the only push the device got
    const offerId = await createPaidOffer(t, mia.user.id);
    await fan.post('/api/messages', { offerId, text: 'Still pushed' });
    expect(device.read(await service.next(device.id))).toMatchObject({ body: 'Still pushed' });
    await t.mails();
    expect(service.received.filter((push) => push.device === device.id)).toHaveLength(1);
  });

  it('by email: no mail of the topic is queued, while the app still shows it', async () => {
    const seller = await t.signedIn({ name: 'Sid Seller' });
    const buyer = await t.signedIn({ name: 'Bea Buyer' });
    const offerId = await createPaidOffer(t, seller.user.id);
    await turn(seller, 'orders', 'email', false);

    await orderPaid(buyer, seller, offerId);
    expect((await notificationsOf(seller)).map((n) => n.kind)).toEqual(['order_paid']);
    expect(await t.mails(seller.user.email)).toEqual([]);

    await turn(seller, 'orders', 'email', true);
    await orderPaid(buyer, seller, offerId);
    expect(await t.mails(seller.user.email)).toHaveLength(1);
  });
});

describe('the unsubscribe link of a mail', () => {
  let seller: Person;
  let buyer: Person;
  let offerId: string;
  let token: string;

  beforeAll(async () => {
    seller = await t.signedIn({ name: 'Una Subscribed' });
    buyer = await t.signedIn({ name: 'Bob Buyer' });
    offerId = await createPaidOffer(t, seller.user.id);
    await orderPaid(buyer, seller, offerId);
    const [mail] = await t.mails(seller.user.email);
    const header = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail!.text)?.[1]; // folded onto the next line when long
    expect(mail!.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(header).toMatch(/^http:\/\/localhost:3000\/api\/unsubscribe\/orders\./);
    token = header!.slice(header!.lastIndexOf('/') + 1);
    // the mail's own words end with the page that asks before it unsubscribes
    expect(mail!.text).toContain(`${unsubscribeTexts.mailFooter('orders')} http://localhost:3000/unsubscribe/${token}`);
  });

  it('says what it would stop on a GET, and changes nothing', async () => {
    for (let i = 0; i < 3; i += 1) {
      const view = await t.client().get(`/api/unsubscribe/${token}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({ topic: 'orders', emailOn: true });
    }
    expect((await settingsOf(seller)).orders.email).toBe(true);
  });

  it('turns emails of its topic off with one click from a mail client: a form POST, signed out, no Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: unsubscribeTexts.done('orders') });
    expect(await settingsOf(seller)).toMatchObject({ orders: { inApp: true, email: false, push: true } });
    expect((await t.client().get(`/api/unsubscribe/${token}`)).json()).toEqual({ topic: 'orders', emailOn: false });
    // again: the same answer
    expect((await t.client().post(`/api/unsubscribe/${token}`, {})).statusCode).toBe(200);

    await orderPaid(buyer, seller, offerId);
    expect(await t.mails(seller.user.email)).toHaveLength(1); // the first one only
    expect((await settingsOf(seller)).moderation.email).toBe(true);
  });

  it('refuses a link the server did not sign, and changes nothing', async () => {
    const [topic, who, signature] = token.split('.') as [string, string, string];
    const other = await t.signedIn();
    const forged = [
      `${topic}.${who}.${'A'.repeat(32)}`,
      `moderation.${who}.${signature}`,
      `${topic}.${Buffer.from(other.user.id).toString('base64url')}.${signature}`,
      `${topic}.${who}.${signature.slice(0, -1)}`,
      `${topic}.${who}`,
      'garbage',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.client().request({ method, url: `/api/unsubscribe/${encodeURIComponent(bad)}` });
        expect(response.statusCode, `${method} ${bad}`).toBe(404);
        expect(response.json().error.message).toBe(unsubscribeTexts.invalid);
      }
    }
    expect((await settingsOf(seller)).moderation.email).toBe(true);
    expect((await settingsOf(other)).orders.email).toBe(true);
  });
});

describe('a new follower', () => {
  it('is told to the creator once while that notice is unread, however often the follow is undone and done', async () => {
    const creator = await t.signedIn({ name: 'Cara Creator' });
    const fan = await t.signedIn({ name: 'Finn Fan' });
    for (let i = 0; i < 3; i += 1) {
      await fan.put(`/api/follows/${creator.user.id}`);
      await fan.delete(`/api/follows/${creator.user.id}`);
    }
    const [notice, ...more] = (await creator.get('/api/notifications')).json().notifications;
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'follow', title: 'Finn Fan followed you', link: `/creator/${fan.user.id}` });
  });
});
