import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTexts, notificationTexts, texts, threadLink } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { gigMessages, offers } from '../db/schema.ts';

let t: TestApp;
type Person = TestClient & { user: { id: string; email: string; name: string } };
let seller: Person;
let buyer: Person;
let stranger: Person;
let offerId: string;

async function makeOffer(userId: string, values: Partial<typeof offers.$inferInsert> = {}): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(offers)
    .values({
      userId,
      title: 'Custom beats for your next reel',
      mediaKey: 'offers/x.mp4',
      mediaType: 'video',
      link: 'https://example.com',
      isApproved: true,
      ...values,
    })
    .returning({ id: offers.id });
  return row!.id;
}
const messageCount = async () => (await t.deps.database.db.select().from(gigMessages)).length;

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.signedIn({ name: 'Leo Seller' });
  buyer = await t.signedIn({ name: 'Ava Buyer' });
  stranger = await t.signedIn({ name: 'Sam Stranger' });
  offerId = await makeOffer(seller.user.id);
});
afterAll(async () => t.close());

describe('anonymous callers', () => {
  it('are refused on every route, with the SPEC text when sending', async () => {
    const anon = t.client();
    const send = await anon.post('/api/messages', { offerId, text: 'hi' });
    expect(send.statusCode).toBe(401);
    expect(send.json().error.message).toBe(texts.auth.loginToMessage);
    const reply = await anon.post(`/api/messages/with/${seller.user.id}`, { text: 'hi' });
    expect(reply.json().error.message).toBe(texts.auth.loginToMessage);
    for (const [method, url] of [
      ['GET', '/api/messages/conversations'],
      ['GET', `/api/messages/with/${seller.user.id}`],
      ['POST', `/api/messages/with/${seller.user.id}/read`],
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/5f0c6f1e-1d3c-4d55-9c5b-6f0a3b2c1d4e/read'],
      ['GET', '/api/unread'],
      ['GET', '/api/events'],
    ] as const) {
      const response = await anon.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await messageCount()).toBe(0);
  });
});

describe('sending a message about an offer', () => {
  it('reaches the seller with a notification, and both see the conversation', async () => {
    const sent = await buyer.post('/api/messages', { offerId, text: '  Can you do <b>two</b> beats?  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({
      text: 'Can you do two beats?',
      fromMe: true,
      offerTitle: 'Custom beats for your next reel',
      readAt: null,
    });

    expect((await seller.get('/api/unread')).json()).toEqual({ messages: 1, notifications: 1 });
    expect((await buyer.get('/api/unread')).json()).toEqual({ messages: 0, notifications: 0 });

    const inbox = (await seller.get('/api/messages/conversations')).json();
    expect(inbox.total).toBe(1);
    expect(inbox.conversations[0]).toMatchObject({
      otherUser: { id: buyer.user.id, displayName: 'Ava Buyer' },
      lastMessage: { text: 'Can you do two beats?', fromMe: false },
      unreadCount: 1,
    });
    const outbox = (await buyer.get('/api/messages/conversations')).json();
    expect(outbox.conversations[0]).toMatchObject({
      otherUser: { id: seller.user.id },
      lastMessage: { fromMe: true },
      unreadCount: 0,
    });

    const notes = (await seller.get('/api/notifications')).json();
    expect(notes.notifications[0]).toMatchObject({
      kind: 'message',
      title: notificationTexts.newMessage('Ava Buyer'),
      body: 'Can you do two beats?',
      link: threadLink(buyer.user.id),
      read: false,
    });
    expect(notes.unread).toEqual({ messages: 1, notifications: 1 });
  });

  it('refuses 1001 characters, empty text and script or HTML payloads with the SPEC text, storing nothing', async () => {
    const before = await messageCount();
    for (const text of [
      'x'.repeat(1001),
      '',
      '   ',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="//evil.example"></iframe>',
      'javascript:alert(document.cookie)',
      '<p></p>',
    ]) {
      const response = await buyer.post('/api/messages', { offerId, text });
      expect(response.statusCode, text.slice(0, 30)).toBe(400);
      expect(response.json().error.message).toBe(messageTexts.invalidBody);
    }
    const reply = await seller.post(`/api/messages/with/${buyer.user.id}`, { text: '<script>x</script>' });
    expect(reply.json().error.message).toBe(messageTexts.invalidBody);
    expect(await messageCount()).toBe(before);
    expect((await buyer.post('/api/messages', { offerId, text: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('never goes to oneself, to an unknown or unapproved offer, or with extra fields', async () => {
    const own = await seller.post('/api/messages', { offerId, text: 'hello me' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(messageTexts.cannotMessageSelf);
    const ownThread = await seller.post(`/api/messages/with/${seller.user.id}`, { text: 'hello me' });
    expect(ownThread.statusCode).toBe(400);
    expect(ownThread.json().error.message).toBe(messageTexts.cannotMessageSelf);
    expect(
      (await buyer.post('/api/messages', { offerId: '5f0c6f1e-1d3c-4d55-9c5b-6f0a3b2c1d4e', text: 'hi' })).statusCode,
    ).toBe(404);
    const bad = await buyer.post('/api/messages', { offerId: 'not-an-id', text: 'hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messageTexts.offerNotFound);
    const hidden = await makeOffer(stranger.user.id, { isApproved: false });
    expect((await buyer.post('/api/messages', { offerId: hidden, text: 'hi' })).statusCode).toBe(404);
    expect((await buyer.post('/api/messages', { offerId, text: 'hi', receiverId: stranger.user.id })).statusCode).toBe(
      400,
    );
  });
});

describe('threads', () => {
  it('shows the thread oldest first to its two people, replies go back, opening marks read', async () => {
    t.clock.advance(1000);
    const reply = await seller.post(`/api/messages/with/${buyer.user.id}`, { text: 'Yes, send me a reference track.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message.offerTitle).toBe('Custom beats for your next reel');

    const thread = (await buyer.get(`/api/messages/with/${seller.user.id}`)).json();
    expect(thread.otherUser).toMatchObject({ id: seller.user.id, displayName: 'Leo Seller' });
    expect(thread.messages.map((m: { fromMe: boolean; senderName: string }) => [m.fromMe, m.senderName])).toEqual([
      [true, 'Ava Buyer'],
      [true, 'Ava Buyer'],
      [false, 'Leo Seller'],
    ]);
    const times = thread.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort()).toEqual(times);

    expect((await buyer.get('/api/unread')).json()).toEqual({ messages: 1, notifications: 1 });
    const read = await buyer.post(`/api/messages/with/${seller.user.id}/read`);
    expect(read.json()).toEqual({ updated: 1, unread: { messages: 0, notifications: 0 } });
    expect((await seller.get('/api/messages/conversations')).json().conversations[0].unreadCount).toBe(2);
  });

  it('never shows or touches another pair’s conversation, whatever ids a stranger tries', async () => {
    expect((await stranger.get(`/api/messages/with/${seller.user.id}`)).json().messages).toEqual([]);
    expect((await stranger.get(`/api/messages/with/${buyer.user.id}`)).json().messages).toEqual([]);
    expect((await stranger.get('/api/messages/conversations')).json()).toEqual({
      conversations: [],
      total: 0,
      nextCursor: null,
    });
    expect((await stranger.post(`/api/messages/with/${buyer.user.id}/read`)).json().updated).toBe(0);
    const reply = await stranger.post(`/api/messages/with/${seller.user.id}`, { text: 'let me in' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.message).toBe(messageTexts.conversationNotFound);
    expect((await seller.get('/api/unread')).json().messages).toBe(2);
    expect((await stranger.get('/api/messages/with/nobody-here')).statusCode).toBe(404);
    expect((await stranger.get('/api/messages/with/%27%20or%201=1')).statusCode).toBe(404);
    expect((await stranger.get(`/api/messages/with/${stranger.user.id}`)).statusCode).toBe(404);
  });

  it('opening a thread also clears its new-message notifications', async () => {
    const read = await seller.post(`/api/messages/with/${buyer.user.id}/read`);
    expect(read.json()).toEqual({ updated: 2, unread: { messages: 0, notifications: 0 } });
  });
});

describe('notifications', () => {
  it('are the owner’s alone: another person’s id is not found, read-all touches only one’s own', async () => {
    const { id } = await t.deps.database.db.transaction((tx) =>
      createNotification(tx, {
        userId: seller.user.id,
        kind: 'order_paid',
        title: 'Order paid',
        body: 'Ava paid for your order',
        link: '/order/1',
      }),
    );
    await t.deps.database.db.transaction((tx) =>
      createNotification(tx, {
        userId: buyer.user.id,
        kind: 'offer_approved',
        title: 'Your offer is live',
        link: 'https://evil.example',
      }),
    );

    const other = await stranger.post(`/api/notifications/${id}/read`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(notificationTexts.notFound);
    expect((await stranger.post('/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
    expect((await stranger.get('/api/notifications')).json().notifications).toEqual([]);
    expect((await stranger.post('/api/notifications/read-all')).json().updated).toBe(0);
    expect((await seller.get('/api/unread')).json().notifications).toBe(1);

    const mine = await seller.post(`/api/notifications/${id}/read`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      notification: { id, read: true, link: '/order/1' },
      unread: { notifications: 0 },
    });

    const buyerList = (await buyer.get('/api/notifications')).json();
    expect(buyerList.notifications[0]).toMatchObject({ kind: 'offer_approved', link: '/notifications' });
    expect((await buyer.post('/api/notifications/read-all')).json()).toEqual({
      updated: 1,
      unread: { messages: 0, notifications: 0 },
    });
  });

  it('is not written when the event’s transaction rolls back', async () => {
    const before = (await seller.get('/api/notifications')).json().notifications.length;
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await createNotification(tx, {
          userId: seller.user.id,
          kind: 'order_delivered',
          title: 'Delivered',
          link: '/order/2',
        });
        throw new Error('the order update failed');
      }),
    ).rejects.toThrow('the order update failed');
    expect((await seller.get('/api/notifications')).json().notifications.length).toBe(before);
  });
});

describe('send limit', () => {
  it('refuses a 21st message within a minute, and allows again once the minute has passed', async () => {
    const chatty = await t.signedIn({ name: 'Chatty' });
    const target = await makeOffer((await t.createUser()).id);
    for (let i = 0; i < 20; i++)
      expect((await chatty.post('/api/messages', { offerId: target, text: `hello ${i}` })).statusCode).toBe(201);
    const limited = await chatty.post('/api/messages', { offerId: target, text: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(messageTexts.tooManyMessages);
    t.clock.advance(61_000);
    expect((await chatty.post('/api/messages', { offerId: target, text: 'a minute later' })).statusCode).toBe(201);
  });
});

describe('fresh accounts', () => {
  it('start conversations with at most 5 people a day, may keep writing to them and answer anyone who wrote first', async () => {
    const fresh = await t.signedIn({ name: 'Brand New', fresh: true });
    const sellers = await Promise.all(Array.from({ length: 6 }, () => t.signedIn()));
    const offersOf = await Promise.all(sellers.map((person) => makeOffer(person.user.id)));
    for (const offer of offersOf.slice(0, 5))
      expect((await fresh.post('/api/messages', { offerId: offer, text: 'Hi! Is this available?' })).statusCode).toBe(
        201,
      );
    const sixth = await fresh.post('/api/messages', { offerId: offersOf[5], text: 'Hi! Is this available?' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({ code: 'too_many_people', message: messageTexts.freshAccountPeople(5) });
    // the five already approached may be written to again
    expect((await fresh.post('/api/messages', { offerId: offersOf[0], text: 'One more question' })).statusCode).toBe(
      201,
    );
    // someone who wrote first gets an answer
    const writer = await t.signedIn();
    const freshOffer = await makeOffer(fresh.user.id);
    expect((await writer.post('/api/messages', { offerId: freshOffer, text: 'Hello there' })).statusCode).toBe(201);
    expect((await fresh.post(`/api/messages/with/${writer.user.id}`, { text: 'Thanks for writing!' })).statusCode).toBe(
      201,
    );
  });

  it('lose the limit once the account is a day old', async () => {
    const fresh = await t.signedIn({ fresh: true });
    const offersOf = await Promise.all(Array.from({ length: 6 }, async () => makeOffer((await t.createUser()).id)));
    for (const offer of offersOf.slice(0, 5)) await fresh.post('/api/messages', { offerId: offer, text: 'Hi!' });
    expect((await fresh.post('/api/messages', { offerId: offersOf[5], text: 'Hi!' })).statusCode).toBe(429);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await fresh.post('/api/messages', { offerId: offersOf[5], text: 'Hi!' })).statusCode).toBe(201);
  });

  it('have their links shown as text, until the account is a day old', async () => {
    const fresh = await t.signedIn({ fresh: true });
    const seller = await t.signedIn();
    await fresh.post('/api/messages', { offerId: await makeOffer(seller.user.id), text: 'Pay at https://example.com' });
    const thread = async () => (await seller.get(`/api/messages/with/${fresh.user.id}`)).json();
    expect((await thread()).otherLinks).toBe(false);
    expect((await fresh.get(`/api/messages/with/${seller.user.id}`)).json().otherLinks).toBe(true);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await thread()).otherLinks).toBe(true);
  });
});
