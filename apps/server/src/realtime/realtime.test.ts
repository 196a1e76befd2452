/** The live stream in one process: only the signed-in person's events, unread counts, resume. */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { offers } from '../db/schema.ts';
import { installErrorHandler } from '../http/errors.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { realtime } from './realtime.routes.ts';
import { openSse, type SseConnection } from './sse-client.ts';

let t: TestApp;
let base: string;
type Person = TestClient & { user: { id: string } };
let seller: Person;
let buyer: Person;
let stranger: Person;
let offerId: string;
const streams: SseConnection[] = [];

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const connect = async (client: TestClient, headers: Record<string, string> = {}) => {
  const stream = await openSse(`${base}/api/events`, { cookie: cookieOf(client), ...headers });
  streams.push(stream);
  return stream;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  seller = await t.signedIn({ name: 'Leo' });
  buyer = await t.signedIn({ name: 'Ava' });
  stranger = await t.signedIn({ name: 'Sam' });
  const [row] = await t.deps.database.db
    .insert(offers)
    .values({ userId: seller.user.id, title: 'Beats', mediaKey: 'offers/x.mp4', isApproved: true })
    .returning({ id: offers.id });
  offerId = row!.id;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('GET /api/events', () => {
  it('refuses anonymous callers and a forged cookie', async () => {
    expect((await openSse(`${base}/api/events`)).status).toBe(401);
    expect((await openSse(`${base}/api/events`, { cookie: 'better-auth.session_token=forged' })).status).toBe(401);
  });

  it('delivers a new message and the new unread counts to the receiver only, within a second', async () => {
    const sellerStream = await connect(seller);
    const strangerStream = await connect(stranger);
    expect(sellerStream.status).toBe(200);
    expect((await sellerStream.waitFor((e) => e.event === 'ready')).data).toEqual({
      type: 'ready',
      unread: { messages: 0, notifications: 0 },
    });
    await strangerStream.waitFor((e) => e.event === 'ready');

    const started = Date.now();
    expect((await buyer.post('/api/messages', { offerId, text: 'Live hello' })).statusCode).toBe(201);
    const message = await sellerStream.waitFor((e) => e.event === 'message', 1000);
    expect(message.data).toMatchObject({ type: 'message', from: buyer.user.id, to: seller.user.id });
    expect(message.id).toMatch(/^\d+$/);
    await sellerStream.waitFor((e) => e.event === 'notification', 1000);
    const unread = await sellerStream.waitFor(
      (e) => e.event === 'unread' && (e.data as { unread: { messages: number } }).unread.messages === 1,
      1000,
    );
    expect(unread.data).toEqual({ type: 'unread', unread: { messages: 1, notifications: 1 } });
    expect(Date.now() - started).toBeLessThan(1000);

    // a notification from another feature's transaction arrives the same way
    await t.deps.database.db.transaction((tx) =>
      createNotification(tx, { userId: seller.user.id, kind: 'order_paid', title: 'Order paid', link: '/order/1' }),
    );
    await sellerStream.waitFor(
      (e) => e.event === 'notification' && (e.data as { kind: string }).kind === 'order_paid',
      1000,
    );

    // reading in one tab updates the badge in the other
    await seller.post(`/api/messages/with/${buyer.user.id}/read`);
    await sellerStream.waitFor(
      (e) => e.event === 'unread' && (e.data as { unread: { messages: number } }).unread.messages === 0,
      1000,
    );

    // A notification of the stranger's own, sent last, arrives after anything sent to them before it.
    await t.deps.database.db.transaction((tx) =>
      createNotification(tx, { userId: stranger.user.id, kind: 'order_paid', title: 'Yours', link: '/order/2' }),
    );
    await strangerStream.waitFor((e) => e.event === 'notification');
    const seen = strangerStream.events.map((e) => e.event);
    expect(seen.slice(0, seen.indexOf('notification'))).toEqual(['ready']);
  });

  it('replays what was missed when resuming with Last-Event-ID', async () => {
    const since = Date.now() - 1;
    t.clock.set(new Date());
    await buyer.post('/api/messages', { offerId, text: 'Sent while you were away' });
    const resumed = await connect(seller, { 'last-event-id': String(since) });
    await resumed.waitFor((e) => e.event === 'message');
    await resumed.waitFor((e) => e.event === 'notification');
    expect((await resumed.waitFor((e) => e.event === 'ready')).data).toMatchObject({ unread: { messages: 1 } });
  });

  it('sends heartbeats and ends the stream once its session is signed out', async () => {
    // the same route on a second instance with a short heartbeat (15 s in production)
    const quick = Fastify({ logger: false });
    installErrorHandler(quick);
    quick.setValidatorCompiler(validatorCompiler);
    quick.setSerializerCompiler(serializerCompiler);
    await quick.register(realtime, { deps: t.deps, heartbeatMs: 100 });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    try {
      const person = await t.signedIn();
      const stream = await openSse(`http://127.0.0.1:${(quick.server.address() as AddressInfo).port}/api/events`, {
        cookie: cookieOf(person),
      });
      await stream.waitFor((e) => e.event === 'ready');
      await expect.poll(() => stream.comments(), { timeout: 2000 }).toBeGreaterThanOrEqual(3);
      await person.post('/api/auth/sign-out', {});
      await stream.waitFor((e) => e.event === 'end', 2000);
      await stream.closed;
    } finally {
      await quick.close();
    }
  });
});
