/**
 * The order's lifecycle through the API (issue 16): the seller confirms or turns down the buyer's
 * payment claim, either side ends an order before the work starts, the buyer asks for changes within
 * the offer's revisions, the seller replaces a file, and every file and move is kept and told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { offers } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { createOrderIn, createPaidOffer, multipart, pdfBytes, pngBytes } from './test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let seller: Signed;
let buyer: Signed;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = await Promise.all([t.signedIn({ name: 'Maya Seller' }), t.signedIn({ name: 'Ben Buyer' })]);
  anonymous = t.client();
});
afterAll(async () => t.close());

const upload = (c: TestClient, method: 'POST' | 'PUT', orderId: string, file: { name: string; data: Buffer }) => {
  const body = multipart({}, [{ field: 'file', ...file }]);
  return c.request({ method, url: `/api/orders/${orderId}/delivery`, payload: body.payload, headers: body.headers });
};
const notificationsOf = (userId: string, kind: string) =>
  t.deps.database.query<{ title: string; body: string }>(
    'select title, body from notifications where user_id = $1 and kind = $2 order by created_at',
    [userId, kind],
  );
const subjects = async (email: string) =>
  (await t.mails(email)).map((mail) => /^Subject: (.*)$/m.exec(mail.text)?.[1]?.trim());
const download = async (c: TestClient, orderId: string, deliveryId?: string) => {
  const link = await c.get(`/api/orders/${orderId}/delivery-link${deliveryId ? `?delivery=${deliveryId}` : ''}`);
  expect(link.statusCode, link.body).toBe(200);
  return anonymous.get(link.json().url);
};

describe('an order with every loop closed', () => {
  it('payment not received, paid again, received; delivered, changes asked, delivered again, accepted', async () => {
    const offerId = await createPaidOffer(t, seller.user.id, { title: 'Brand logo' });
    const order = (await buyer.post('/api/orders', { offerId })).json().order;
    expect(order).toMatchObject({ revisions: { allowed: 1, used: 0 }, paymentConfirmedAt: null, events: [] });

    t.clock.advance(60_000);
    expect((await buyer.post(`/api/orders/${order.id}/paid`)).json().order).toMatchObject({
      status: 'paid',
      paymentConfirmedAt: null,
    });
    const notReceived = await seller.post(`/api/orders/${order.id}/payment-not-received`, {
      note: 'Nothing has arrived in my <b>PayPal</b> yet.',
    });
    expect(notReceived.statusCode, notReceived.body).toBe(200);
    expect(notReceived.json().message).toBe(ordersTexts.paymentNotReceivedDone);
    expect(notReceived.json().order).toMatchObject({ status: 'awaiting_payment', paidAt: null });
    expect(await notificationsOf(buyer.user.id, 'order_payment_not_received')).toEqual([
      { title: 'Payment not received: Brand logo', body: 'Nothing has arrived in my PayPal yet.' },
    ]);
    expect(await subjects(buyer.user.email)).toEqual(['Payment not received: Brand logo']);

    t.clock.advance(60_000);
    expect((await buyer.post(`/api/orders/${order.id}/paid`)).statusCode).toBe(200);
    const received = await seller.post(`/api/orders/${order.id}/payment-received`);
    expect(received.json().order).toMatchObject({ status: 'paid', paymentConfirmedAt: t.clock.now().toISOString() });
    expect(await notificationsOf(buyer.user.id, 'order_payment_confirmed')).toHaveLength(1);

    t.clock.advance(60_000);
    const first = await upload(seller, 'POST', order.id, { name: 'logo v1.png', data: await pngBytes() });
    expect(first.json().order).toMatchObject({ status: 'delivered', deliveries: [{ fileName: 'logo v1.png' }] });
    const changes = await buyer.post(`/api/orders/${order.id}/changes`, { note: 'Please make the blue darker.' });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().order).toMatchObject({ status: 'paid', revisions: { allowed: 1, used: 1 } });
    expect(await notificationsOf(seller.user.id, 'order_changes_requested')).toEqual([
      { title: 'Changes requested: Brand logo', body: 'Please make the blue darker.' },
    ]);

    t.clock.advance(60_000);
    const second = await upload(seller, 'POST', order.id, { name: 'logo v2.pdf', data: pdfBytes() });
    expect(second.statusCode, second.body).toBe(200);
    // The offer included one revision: now the delivery can only be accepted.
    const again = await buyer.post(`/api/orders/${order.id}/changes`, { note: 'And the red too.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ordersTexts.noRevisionsLeft);

    const done = await buyer.post(`/api/orders/${order.id}/complete`);
    const detail = done.json().order;
    expect(detail.status).toBe('completed');
    expect(detail.deliveries.map((d: { fileName: string }) => d.fileName)).toEqual(['logo v1.png', 'logo v2.pdf']);
    expect(detail.delivery).toEqual({ fileName: 'logo v2.pdf', contentType: 'application/pdf' });
    expect(detail.events.map((e: { kind: string; by: string }) => `${e.by} ${e.kind}`)).toEqual([
      'buyer payment_claimed',
      'seller payment_not_received',
      'buyer payment_claimed',
      'seller payment_confirmed',
      'seller delivered',
      'buyer changes_requested',
      'seller delivered',
      'buyer completed',
    ]);
    expect(detail.events[1].note).toBe('Nothing has arrived in my PayPal yet.');
    expect(detail.events[5].note).toBe('Please make the blue darker.');
    expect(await subjects(seller.user.email)).toEqual([
      'You have a paid order: Brand logo',
      'You have a paid order: Brand logo',
      'Changes requested: Brand logo',
      'Order completed: Brand logo',
    ]);

    // Both files stay downloadable by both sides, each by its own link.
    const [v1, v2] = detail.deliveries as Array<{ id: string }>;
    expect((await download(seller, order.id, v1!.id)).rawPayload.equals(await pngBytes())).toBe(true);
    expect((await download(buyer, order.id, v2!.id)).rawPayload.equals(pdfBytes())).toBe(true);
    expect((await download(buyer, order.id)).rawPayload.equals(pdfBytes())).toBe(true);
  });

  it("carries the offer's revisions into its orders: none means accept only", async () => {
    const offerId = await createPaidOffer(t, (await t.createUser()).id);
    await t.deps.database.db.update(offers).set({ revisions: 0 }).where(eq(offers.id, offerId));
    const order = (await buyer.post('/api/orders', { offerId })).json().order;
    expect(order.revisions).toEqual({ allowed: 0, used: 0 });
  });

  it('delivering confirms a payment the seller had not confirmed yet', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const delivered = await upload(seller, 'POST', id, { name: 'brief.pdf', data: pdfBytes() });
    expect(delivered.json().order.paymentConfirmedAt).toBe(t.clock.now().toISOString());
  });
});

describe('ending an order before the work starts', () => {
  it('the buyer cancels an order awaiting payment; the seller is told; it is final', async () => {
    const id = await createOrderIn(t, 'awaiting_payment', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const cancelled = await buyer.post(`/api/orders/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({
      message: ordersTexts.cancelledDone,
      order: { status: 'cancelled', cancelledBy: 'buyer', cancelReason: null },
    });
    expect(await notificationsOf(seller.user.id, 'order_cancelled')).toContainEqual({
      title: 'Order cancelled: Order awaiting_payment',
      body: 'Ben Buyer cancelled the order.',
    });
    expect((await buyer.post(`/api/orders/${id}/paid`)).statusCode).toBe(409);
  });

  it('the seller declines with a reason, which the buyer reads; a reason is required', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const empty = await seller.post(`/api/orders/${id}/decline`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(ordersTexts.reasonRequired);
    expect((await seller.post(`/api/orders/${id}/decline`, {})).json().error.message).toBe(ordersTexts.reasonRequired);
    const long = await seller.post(`/api/orders/${id}/decline`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(ordersTexts.noteTooLong);
    const huge = await seller.post(`/api/orders/${id}/decline`, { reason: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);

    const declined = await seller.post(`/api/orders/${id}/decline`, { reason: 'I am fully booked this month.' });
    expect(declined.json().order).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      cancelReason: 'I am fully booked this month.',
    });
    expect((await buyer.get(`/api/orders/${id}`)).json().order.cancelReason).toBe('I am fully booked this month.');
    expect(await subjects(buyer.user.email)).toContain('Order cancelled: Order paid');
  });

  it('a cancelled order is neither pending nor revenue, and has its own line in the breakdown', async () => {
    const admin = await t.signedIn({ admin: true });
    const before = (await admin.get('/api/admin/analytics')).json();
    const id = await createOrderIn(t, 'awaiting_payment', { buyerId: buyer.user.id, sellerId: seller.user.id });
    await buyer.post(`/api/orders/${id}/cancel`);
    const after = (await admin.get('/api/admin/analytics')).json();
    expect(after.byStatus.cancelled).toBe(before.byStatus.cancelled + 1);
    expect(after.pendingOrders).toBe(before.pendingOrders);
    expect(after.totalRevenuePence).toBe(before.totalRevenuePence);
    expect(after.totalOrders).toBe(before.totalOrders + 1);
  });
});

describe('replacing a delivered file', () => {
  it('the new file takes the old one’s place; the old one is gone from storage and its link', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    await upload(seller, 'POST', id, { name: 'wrong.pdf', data: pdfBytes() });
    const oldLink = (await buyer.get(`/api/orders/${id}/delivery-link`)).json().url as string;
    const replaced = await upload(seller, 'PUT', id, { name: 'right.png', data: await pngBytes() });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().message).toBe(ordersTexts.deliveryReplaced);
    expect(replaced.json().order).toMatchObject({
      status: 'delivered',
      deliveries: [{ fileName: 'right.png' }],
      delivery: { fileName: 'right.png' },
    });
    expect((await anonymous.get(oldLink)).json().error.message).toBe(ordersTexts.linkExpired);
    expect((await download(buyer, id)).rawPayload.equals(await pngBytes())).toBe(true);
    const files = await t.deps.database.query<{ storage_key: string }>(
      'select storage_key from order_deliveries where order_id = $1',
      [id],
    );
    expect(files).toHaveLength(1);
    expect(await t.deps.storage.head(files[0]!.storage_key)).not.toBeNull();
  });

  it('is refused once the buyer has accepted, and before the upload is read', async () => {
    const id = await createOrderIn(t, 'completed', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const refused = await upload(seller, 'PUT', id, { name: 'late.pdf', data: pdfBytes() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ordersTexts.wrongState.replace_delivery('completed'));
  });
});

describe('races', () => {
  it('accepting and asking for changes at once: exactly one wins', async () => {
    const id = await createOrderIn(t, 'delivered', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const [accept, changes] = await Promise.all([
      buyer.post(`/api/orders/${id}/complete`),
      buyer.post(`/api/orders/${id}/changes`, { note: 'One more thing.' }),
    ]);
    expect([accept.statusCode, changes.statusCode].sort()).toEqual([200, 409]);
    const row = (await buyer.get(`/api/orders/${id}`)).json().order;
    expect(row.events).toHaveLength(1);
  });

  it('the buyer cancelling while the seller declines: one of them ends it', async () => {
    const id = await createOrderIn(t, 'awaiting_payment', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const [cancel, decline] = await Promise.all([
      buyer.post(`/api/orders/${id}/cancel`),
      seller.post(`/api/orders/${id}/decline`, { reason: 'Booked.' }),
    ]);
    expect([cancel.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
    expect((await buyer.get(`/api/orders/${id}`)).json().order.events).toHaveLength(1);
  });
});
