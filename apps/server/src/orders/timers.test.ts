/**
 * The order timers (order-timers.ts) on the real queue: a delivery left alone is reminded of, then
 * completes by itself; an unpaid order expires; a timer that finds the order moved on leaves it
 * alone; a person and a timer racing on one order leave one move; two workers fire a timer once.
 * The process-level restart is in timers-restart.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startQueue } from '../platform/queue.ts';
import { createOrderIn, createPaidOffer, multipart, pdfBytes } from './test-helpers.ts';
import { orderTimerJob, runOrderTimer } from './index.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let seller: Signed;
let buyer: Signed;

beforeAll(async () => {
  // Short timers, so they come due within the test: remind after 1 s (half of 2 s, shorter than a day).
  t = await createTestApp({ ORDER_AUTO_COMPLETE_AFTER: '2s', ORDER_PAYMENT_EXPIRES_AFTER: '1s' });
  [seller, buyer] = await Promise.all([t.signedIn({ name: 'Maya Seller' }), t.signedIn({ name: 'Ben Buyer' })]);
});
afterAll(async () => t.close());

const deliver = async (orderId: string) => {
  const body = multipart({}, [{ field: 'file', name: 'work.pdf', data: pdfBytes() }]);
  const response = await seller.request({
    method: 'POST',
    url: `/api/orders/${orderId}/delivery`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order as { events: Array<{ id: string; kind: string }> };
};
const orderOf = async (id: string) => (await buyer.get(`/api/orders/${id}`)).json().order;
const kindsOf = async (id: string) =>
  (await orderOf(id)).events.map((e: { by: string; kind: string }) => `${e.by} ${e.kind}`);
const notices = (userId: string, kind: string) =>
  t.deps.database.query<{ title: string }>('select title from notifications where user_id = $1 and kind = $2', [
    userId,
    kind,
  ]);
const poll = { timeout: 15_000, interval: 100 };

describe('a delivery the buyer leaves alone', () => {
  it('reminds the buyer, then completes by itself and tells both sides', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    await deliver(id);
    await expect.poll(() => orderOf(id).then((o) => o.status), poll).toBe('completed');
    expect(await kindsOf(id)).toEqual(['seller delivered', 'system reminded', 'system auto_completed']);
    expect((await notices(buyer.user.id, 'order_reminder'))[0]?.title).toBe('Please check your delivery: Order paid');
    expect(await notices(seller.user.id, 'order_completed')).toEqual([
      { title: 'Order completed automatically: Order paid' },
    ]);
    const mails = await t.mails(seller.user.email);
    expect(mails.some((mail) => mail.text.includes('Subject: Order completed: Order paid'))).toBe(true);
  });

  it('leaves an order the buyer acted on alone: changes asked before the time is up', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const delivered = await deliver(id);
    const after = Number(delivered.events.at(-1)!.id);
    expect((await buyer.post(`/api/orders/${id}/changes`, { note: 'Darker, please.' })).statusCode).toBe(200);
    expect(await runOrderTimer(t.deps, { orderId: id, kind: 'auto_complete', after })).toBe('left alone');
    expect(await runOrderTimer(t.deps, { orderId: id, kind: 'remind', after })).toBe('left alone');
    expect((await orderOf(id)).status).toBe('paid');
  });

  it('a timer and the buyer at once: exactly one of them completes it', async () => {
    const id = await createOrderIn(t, 'delivered', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const [timer, person] = await Promise.all([
      runOrderTimer(t.deps, { orderId: id, kind: 'auto_complete', after: 0 }),
      buyer.post(`/api/orders/${id}/complete`),
    ]);
    const kinds = await kindsOf(id);
    expect(kinds.filter((kind: string) => kind.endsWith('completed'))).toHaveLength(1);
    expect(timer === 'moved').toBe(person.statusCode === 409);
  });
});

describe('an order left unpaid', () => {
  it('expires: cancelled by the timer, and both sides are told', async () => {
    const offerId = await createPaidOffer(t, (await t.createUser({ name: 'Ola Offer' })).id, { title: 'Late' });
    const { order } = (await buyer.post('/api/orders', { offerId })).json();
    await expect.poll(() => orderOf(order.id).then((o) => o.status), poll).toBe('cancelled');
    expect(await orderOf(order.id)).toMatchObject({
      cancelledBy: 'system',
      events: [{ kind: 'expired', by: 'system' }],
    });
    expect(await notices(buyer.user.id, 'order_cancelled')).toContainEqual({ title: 'Order expired: Late' });
  });

  it('a paid order does not expire', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await runOrderTimer(t.deps, { orderId: id, kind: 'expire', after: 0 })).toBe('left alone');
  });
});

describe('two workers on one queue, as two server processes', () => {
  it('fire a timer once', async () => {
    const second = await startQueue(t.deps.database, pino({ level: 'silent' }), { pollSeconds: 0.5, recurring: false });
    try {
      await second.handle(orderTimerJob(t.deps));
      const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
      await deliver(id);
      await expect.poll(() => orderOf(id).then((o) => o.status), poll).toBe('completed');
      // Completed once; a reminder taken by the other worker just after it finds the order done.
      const kinds: string[] = await kindsOf(id);
      expect(kinds.filter((kind) => kind === 'system auto_completed')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'system reminded').length).toBeLessThanOrEqual(1);
      const told = await t.deps.database.query(
        "select id from notifications where user_id = $1 and kind = 'order_completed' and link = $2",
        [seller.user.id, `/order/${id}`],
      );
      expect(told).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
