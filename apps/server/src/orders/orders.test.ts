import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decideOrderMove,
  NEW_ORDERS_PER_DAY,
  OPEN_ORDERS_PER_SELLER,
  ORDER_MOVE_NAMES,
  ORDER_MOVES,
  messageTexts,
  ordersTexts,
  texts,
  type OrderMove,
  type OrderStatus,
} from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createOrderIn, createPaidOffer, multipart, pdfBytes, pngBytes, type OrderSetup } from './test-helpers.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let seller: Signed;
let buyer: Signed;
let stranger: Signed;
let admin: Signed;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, stranger, admin] = await Promise.all([
    t.signedIn({ name: 'Maya Seller' }),
    t.signedIn({ name: 'Ben Buyer' }),
    t.signedIn({ name: 'Stan Stranger' }),
    t.signedIn({ name: 'Ada Admin', admin: true }),
  ]);
  anonymous = t.client();
});
afterAll(async () => t.close());

const deliver = (
  c: TestClient,
  orderId: string,
  file: { name: string; data: Buffer } = { name: 'logo.pdf', data: pdfBytes() },
) => {
  const body = multipart({}, [{ field: 'file', ...file }]);
  return c.request({
    method: 'POST',
    url: `/api/orders/${orderId}/delivery`,
    payload: body.payload,
    headers: body.headers,
  });
};
const replace = (c: TestClient, orderId: string, file = { name: 'fixed logo.pdf', data: pdfBytes() }) => {
  const body = multipart({}, [{ field: 'file', ...file }]);
  return c.request({
    method: 'PUT',
    url: `/api/orders/${orderId}/delivery`,
    payload: body.payload,
    headers: body.headers,
  });
};
const tryMove = (c: TestClient, orderId: string, move: OrderMove) => {
  const url = `/api/orders/${orderId}`;
  switch (move) {
    case 'pay':
      return c.post(`${url}/paid`);
    case 'confirm_payment':
      return c.post(`${url}/payment-received`);
    case 'reject_payment':
      return c.post(`${url}/payment-not-received`, { note: 'Nothing in my account yet.' });
    case 'cancel':
      return c.post(`${url}/cancel`);
    case 'decline':
      return c.post(`${url}/decline`, { reason: 'I am fully booked this month.' });
    case 'deliver':
      return deliver(c, orderId);
    case 'replace_delivery':
      return replace(c, orderId);
    case 'request_changes':
      return c.post(`${url}/changes`, { note: 'Please make the blue darker.' });
    case 'complete':
      return c.post(`${url}/complete`);
    case 'report_problem':
      return c.post(`${url}/problem`, { reason: 'not_as_described', details: 'The logo is not the one offered.' });
    case 'resolve_complete':
    case 'resolve_cancel':
    case 'resolve_redeliver':
      return c.post(`/api/admin/disputes/${orderId}/resolve`, {
        outcome: { resolve_complete: 'complete', resolve_cancel: 'cancel', resolve_redeliver: 'redeliver' }[move],
        note: 'Both sides agreed on this by message.',
      });
    default:
      throw new Error(`${move} is the timers' move, not a route`);
  }
};
/** The moves the buyer or the seller makes (the timers' have their own tests: timers.test.ts; the admins' below). */
const byRole = (move: OrderMove) => [ORDER_MOVES[move].by].flat();
const personMoves = ORDER_MOVE_NAMES.filter((move) => byRole(move).some((who) => who === 'buyer' || who === 'seller'));
const adminMoves = ORDER_MOVE_NAMES.filter((move) => byRole(move).includes('admin'));
/** Everything a move may change: the row, and the counts of its history and files. */
const orderRow = async (id: string) =>
  (
    await t.deps.database.query<Record<string, unknown>>(
      `select status, paid_at, payment_confirmed_at, delivered_at, completed_at, cancelled_at, cancelled_by,
         cancel_reason, revisions_used, delivery_key,
         (select count(*)::int from order_events e where e.order_id = o.id) as events,
         (select count(*)::int from order_deliveries d where d.order_id = o.id) as deliveries
       from orders o where id = $1`,
      [id],
    )
  )[0];
const notificationsOf = (userId: string, kind: string) =>
  t.deps.database.query<{ title: string; link: string }>(
    'select title, link from notifications where user_id = $1 and kind = $2',
    [userId, kind],
  );
const storedDeliveries = async () => {
  const root = path.join(t.dataDir, 'files', 'deliveries');
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    return (
      await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])))
    ).flat();
  };
  return walk(root);
};

describe('buying, paying, delivering, downloading and completing', () => {
  it('walks the whole journey with server times, notifications and mail', async () => {
    const offerId = await createPaidOffer(t, seller.user.id, { title: 'Brand logo' });
    const created = await buyer.post('/api/orders', { offerId });
    expect(created.statusCode).toBe(201);
    const order = created.json().order;
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      title: 'Brand logo',
      pricePence: 4500,
      viewerRole: 'buyer',
      paypalLink: 'https://www.paypal.com/paypalme/seller',
      paidAt: null,
    });
    // coming back to the dialog reuses the unpaid order
    expect((await buyer.post('/api/orders', { offerId })).json().order.id).toBe(order.id);

    t.clock.advance(60_000);
    const paid = await buyer.post(`/api/orders/${order.id}/paid`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.status).toBe('paid');
    expect(paid.json().order.paidAt).toBe(t.clock.now().toISOString());
    expect(await notificationsOf(seller.user.id, 'order_paid')).toEqual([
      { title: 'New paid order: Brand logo', link: `/order/${order.id}` },
    ]);
    const sellerMails = await t.mails(seller.user.email);
    expect(sellerMails).toHaveLength(1);
    expect(sellerMails[0]!.text).toContain('Ben Buyer has paid for "Brand logo"');

    const delivered = await deliver(seller, order.id, { name: 'final logo.png', data: await pngBytes() });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().order).toMatchObject({
      status: 'delivered',
      delivery: { fileName: 'final logo.png', contentType: 'image/png' },
      viewerRole: 'seller',
    });
    expect(await notificationsOf(buyer.user.id, 'order_delivered')).toHaveLength(1);
    expect((await t.mails(buyer.user.email))[0]!.text).toContain('Maya Seller has delivered "Brand logo"');

    const link = await buyer.get(`/api/orders/${order.id}/delivery-link`);
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json();
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(3600_000);
    const download = await anonymous.get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('attachment; filename="final logo.png"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(await pngBytes())).toBe(true);

    const completed = await buyer.post(`/api/orders/${order.id}/complete`);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().order.status).toBe('completed');
    expect(completed.json().order.completedAt).toBe(t.clock.now().toISOString());
    expect(await notificationsOf(seller.user.id, 'order_completed')).toHaveLength(1);
  });

  it("refuses one's own offer, free offers, unapproved and unknown offers, and changes nothing", async () => {
    const sellerOffer = await createPaidOffer(t, (await t.createUser()).id);
    const own = await (await t.signedIn()).post('/api/orders', { offerId: sellerOffer });
    expect(own.statusCode).toBe(201);
    const mine = await createPaidOffer(t, buyer.user.id);
    const refused = await buyer.post('/api/orders', { offerId: mine });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ordersTexts.ownOffer);
    const free = await createPaidOffer(t, (await t.createUser()).id, { isPaidOffer: false, pricePence: null });
    expect((await stranger.post('/api/orders', { offerId: free })).json().error.message).toBe(ordersTexts.notForSale);
    const unapproved = await createPaidOffer(t, (await t.createUser()).id, { isApproved: false });
    expect((await stranger.post('/api/orders', { offerId: unapproved })).statusCode).toBe(404);
    expect((await stranger.post('/api/orders', { offerId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await stranger.post('/api/orders', { offerId: 'nope' })).statusCode).toBe(400);
    expect((await anonymous.post('/api/orders', { offerId: sellerOffer })).statusCode).toBe(401);
    const rows = await t.deps.database.query('select id from orders where offer_id = any($1::uuid[])', [
      [mine, free, unapproved],
    ]);
    expect(rows).toEqual([]);
  });

  it("never makes a payment link from a name: an offer without the seller's own link cannot be bought", async () => {
    const person = await t.createUser({ name: 'Zoë Quinn' });
    const offerId = await createPaidOffer(t, person.id, { paypalLink: null });
    const refused = await stranger.post('/api/orders', { offerId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'no_payment_link', message: ordersTexts.noPaymentLink });
    expect(await t.deps.database.query('select id from orders where offer_id = $1', [offerId])).toEqual([]);
    const linked = await createPaidOffer(t, (await t.createUser({ name: 'Zoë Quinn' })).id, {
      paypalLink: 'https://paypal.me/the-real-zoe',
    });
    expect((await stranger.post('/api/orders', { offerId: linked })).json().order.paypalLink).toBe(
      'https://paypal.me/the-real-zoe',
    );
  });
});

describe('the state machine on the server', () => {
  /** Every kind of order the machine tells apart, as the test places it. */
  const setups: Array<{ label: string; status: OrderStatus } & OrderSetup> = [
    { label: 'awaiting payment', status: 'awaiting_payment' },
    { label: 'paid, claimed', status: 'paid' },
    { label: 'paid, confirmed', status: 'paid', paymentConfirmed: true },
    { label: 'delivered, a revision left', status: 'delivered' },
    { label: 'delivered, no revision left', status: 'delivered', revisionsUsed: 1 },
    { label: 'completed', status: 'completed' },
    { label: 'cancelled', status: 'cancelled' },
    { label: 'disputed', status: 'disputed' },
  ];
  const factsOf = (setup: (typeof setups)[number]) => ({
    status: setup.status,
    paymentConfirmed: ['delivered', 'completed', 'disputed'].includes(setup.status) || !!setup.paymentConfirmed,
    revisionsLeft: 1 - (setup.revisionsUsed ?? 0),
    completedAt: setup.status === 'completed' ? t.clock.now() : null,
  });

  it('lets the buyer and the seller make exactly the moves the machine allows, and refuses the rest changing nothing', async () => {
    let allowedMoves = 0;
    for (const setup of setups) {
      const facts = factsOf(setup);
      for (const move of personMoves) {
        for (const [who, client] of [
          ['buyer', buyer],
          ['seller', seller],
        ] as const) {
          const id = await createOrderIn(t, setup.status, {
            buyerId: buyer.user.id,
            sellerId: seller.user.id,
            ...setup,
          });
          const before = await orderRow(id);
          const response = await tryMove(client, id, move);
          const label = `${who} ${move} on an order ${setup.label}`;
          const decision = decideOrderMove(facts, who, move, t.clock.now());
          if (decision.ok) {
            allowedMoves += 1;
            expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
            expect(response.json().order.status, label).toBe(decision.to);
            expect((await orderRow(id))!.events, label).toBe(Number(before!.events) + 1);
            continue;
          }
          expect(response.statusCode, `${label}: ${response.body}`).toBe(decision.reason === 'role' ? 403 : 409);
          expect(response.json().error.message, label).toBe(decision.message);
          expect(await orderRow(id), label).toEqual(before);
        }
      }
    }
    expect(allowedMoves).toBe(23);
  });

  it('lets an admin resolve exactly a disputed order, and nobody else', async () => {
    let allowedMoves = 0;
    for (const setup of setups)
      for (const move of adminMoves) {
        const id = await createOrderIn(t, setup.status, { buyerId: buyer.user.id, sellerId: seller.user.id, ...setup });
        const before = await orderRow(id);
        for (const client of [buyer, seller]) expect((await tryMove(client, id, move)).statusCode, move).toBe(403);
        expect((await tryMove(anonymous, id, move)).statusCode, move).toBe(401);
        const response = await tryMove(admin, id, move);
        const label = `admin ${move} on an order ${setup.label}`;
        const decision = decideOrderMove(factsOf(setup), 'admin', move);
        if (decision.ok) {
          allowedMoves += 1;
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          expect(response.json().order.status, label).toBe(decision.to);
          continue;
        }
        expect(response.statusCode, `${label}: ${response.body}`).toBe(409);
        expect(response.json().error.message, label).toBe(decision.message);
        expect(await orderRow(id), label).toEqual(before);
      }
    expect(allowedMoves).toBe(3);
  });

  it('hides every order from a stranger, asks the anonymous to sign in, and lets an admin read but not act', async () => {
    for (const move of personMoves) {
      const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
      const before = await orderRow(id);
      expect((await tryMove(anonymous, id, move)).statusCode, move).toBe(401);
      expect((await tryMove(stranger, id, move)).statusCode, move).toBe(404);
      expect((await tryMove(admin, id, move)).statusCode, move).toBe(403);
      expect(await orderRow(id), move).toEqual(before);
    }
  });

  it('says clearly why a move is refused', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect((await seller.post(`/api/orders/${id}/paid`)).json().error.message).toBe(
      'Only the buyer can confirm payment.',
    );
    expect((await buyer.post(`/api/orders/${id}/paid`)).json().error.message).toBe(
      'This order cannot be marked as paid: it is paid.',
    );
    expect((await buyer.post(`/api/orders/${id}/complete`)).json().error.message).toBe(
      'Only a delivered order can be completed; it is paid.',
    );
  });

  it('two concurrent "paid" confirmations leave one paid order, one notification and one mail', async () => {
    const other = await t.signedIn({ name: 'Quick Clicker' });
    const concurrentSeller = await t.signedIn({ name: 'Concurrent Seller' });
    const offerId = await createPaidOffer(t, concurrentSeller.user.id);
    const [first, second] = await Promise.all([
      other.post('/api/orders', { offerId }),
      other.post('/api/orders', { offerId }),
    ]);
    expect(first.json().order.id).toBe(second.json().order.id);
    const id = first.json().order.id as string;
    const results = await Promise.all([
      other.post(`/api/orders/${id}/paid`),
      other.post(`/api/orders/${id}/paid`),
      other.post(`/api/orders/${id}/paid`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.deps.database.query<{ status: string; seller_id: string }>(
      'select status, seller_id from orders where offer_id = $1',
      [offerId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('paid');
    expect(await notificationsOf(rows[0]!.seller_id, 'order_paid')).toHaveLength(1);
    expect(await t.mails(concurrentSeller.user.email)).toHaveLength(1);
  });
});

describe('who can read an order', () => {
  it("lists the viewer's orders and sales newest first with counts", async () => {
    const me = await t.signedIn();
    const them = await t.createUser();
    const a = await createOrderIn(t, 'paid', { buyerId: me.user.id, sellerId: them.id });
    t.clock.advance(1000);
    const b = await createOrderIn(t, 'completed', { buyerId: me.user.id, sellerId: them.id });
    const c = await createOrderIn(t, 'delivered', { buyerId: them.id, sellerId: me.user.id });
    const bought = (await me.get('/api/orders?role=buyer')).json();
    expect(bought.orders.map((o: { id: string }) => o.id)).toEqual([b, a]);
    expect(bought.counts).toEqual({ buyer: 2, seller: 1 });
    expect((await me.get('/api/orders?role=seller')).json().orders.map((o: { id: string }) => o.id)).toEqual([c]);
    expect((await stranger.get('/api/orders?role=buyer')).json().orders.map((o: { id: string }) => o.id)).not.toContain(
      a,
    );
    expect((await anonymous.get('/api/orders')).statusCode).toBe(401);
    expect((await me.get('/api/orders?role=admin')).statusCode).toBe(400);
  });

  it('shows an order, its messages and its delivery only to buyer, seller and admins', async () => {
    const id = await createOrderIn(t, 'delivered', { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect((await buyer.post(`/api/orders/${id}/messages`, { key: 'all_good' })).statusCode).toBe(201);
    for (const [who, client, status] of [
      ['anonymous', anonymous, 401],
      ['stranger', stranger, 404],
    ] as const) {
      for (const url of [`/api/orders/${id}`, `/api/orders/${id}/delivery-link`]) {
        const response = await client.get(url);
        expect(response.statusCode, `${who} ${url}`).toBe(status);
        expect(response.body).not.toContain('all_good');
      }
      expect((await client.post(`/api/orders/${id}/messages`, { key: 'all_good' })).statusCode, who).toBe(status);
    }
    expect((await stranger.get('/api/orders/00000000-0000-4000-8000-000000000000')).json().error.message).toBe(
      ordersTexts.notFound,
    );
    const asSeller = (await seller.get(`/api/orders/${id}`)).json().order;
    expect(asSeller.viewerRole).toBe('seller');
    expect(asSeller.messages).toMatchObject([{ senderRole: 'buyer', key: 'all_good' }]);
    expect((await admin.get(`/api/orders/${id}`)).json().order.viewerRole).toBe('admin');
    expect((await buyer.get(`/api/orders/${id}/delivery-link`)).statusCode).toBe(200);
    expect((await admin.get(`/api/orders/${id}/delivery-link`)).statusCode).toBe(200);
  });

  it('lets each side send only its own four canned messages', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    t.clock.advance(1000);
    expect((await seller.post(`/api/orders/${id}/messages`, { key: 'working' })).json().message).toMatchObject({
      senderRole: 'seller',
      key: 'working',
      sentAt: t.clock.now().toISOString(),
    });
    const wrong = await buyer.post(`/api/orders/${id}/messages`, { key: 'working' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ordersTexts.wrongMessageKey);
    expect((await admin.post(`/api/orders/${id}/messages`, { key: 'waiting' })).json().error.message).toBe(
      ordersTexts.notAParty,
    );
    expect((await buyer.post(`/api/orders/${id}/messages`, { key: 'waiting', extra: 1 })).statusCode).toBe(400);
    const messages = (await buyer.get(`/api/orders/${id}`)).json().order.messages;
    expect(messages.map((m: { key: string }) => m.key)).toEqual(['working']);
  });

  it("takes a party's own text under the message rules, and tells the other side", async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const sent = await buyer.post(`/api/orders/${id}/messages`, { text: '  Can you add <b>our</b> slogan?  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({ senderRole: 'buyer', key: null, text: 'Can you add our slogan?' });
    const told = await t.deps.database.query<{ title: string; body: string }>(
      "select title, body from notifications where user_id = $1 and kind = 'order_message' and link = $2",
      [seller.user.id, `/order/${id}`],
    );
    expect(told).toEqual([
      { title: 'New message on your order: Order paid', body: 'Ben Buyer: Can you add our slogan?' },
    ]);
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(1001) }, { key: 'waiting', text: 'both' }, {}]) {
      const refused = await buyer.post(`/api/orders/${id}/messages`, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.json().error.message).toBe(messageTexts.invalidBody);
    }
    const cancelled = await createOrderIn(t, 'cancelled', { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect((await seller.post(`/api/orders/${cancelled}/messages`, { text: 'Why?' })).statusCode).toBe(409);
    expect((await seller.get(`/api/orders/${id}`)).json().order.messages).toMatchObject([
      { key: null, text: 'Can you add our slogan?' },
    ]);
  });

  it('takes only the messages that fit where the order is: no "still waiting" once delivered, none once cancelled', async () => {
    const delivered = await createOrderIn(t, 'delivered', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const late = await buyer.post(`/api/orders/${delivered}/messages`, { key: 'waiting' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('That message does not fit an order that is delivered.');
    expect((await buyer.post(`/api/orders/${delivered}/messages`, { key: 'not_happy' })).statusCode).toBe(201);
    const cancelled = await createOrderIn(t, 'cancelled', { buyerId: buyer.user.id, sellerId: seller.user.id });
    for (const [client, key] of [
      [buyer, 'all_good'],
      [seller, 'support'],
    ] as const)
      expect((await client.post(`/api/orders/${cancelled}/messages`, { key })).statusCode).toBe(409);
  });
});

describe('delivery files and signed links', () => {
  it('refuses the wrong kind and too large files by their bytes, storing nothing', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const before = await storedDeliveries();
    const html = await deliver(seller, id, {
      name: 'logo.pdf',
      data: Buffer.from('<html><script>alert(1)</script></html>\u0000'),
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(texts.validation.invalidFileType);
    const exe = await deliver(seller, id, {
      name: 'logo.pdf',
      data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
    });
    expect(exe.statusCode).toBe(415);
    const big = await deliver(seller, id, {
      name: 'big.pdf',
      data: Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(texts.validation.fileTooLarge);
    expect((await orderRow(id))!.status).toBe('paid');
    expect(await storedDeliveries()).toEqual(before);
    const text = await deliver(seller, id, { name: 'notes.txt', data: Buffer.from('Here are your notes.\n') });
    expect(text.statusCode).toBe(200);
    expect(text.json().order.delivery).toEqual({ fileName: 'notes.txt', contentType: 'text/plain' });
  });

  it('a signed link stops working after an hour, and cannot be forged or moved to another order', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect((await deliver(seller, id)).statusCode).toBe(200);
    const { url } = (await buyer.get(`/api/orders/${id}/delivery-link`)).json();
    expect((await stranger.get(url)).statusCode).toBe(200);
    const forged = url.replace(/sig=([A-Za-z0-9_-])/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await stranger.get(forged)).statusCode).toBe(403);
    const other = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect((await deliver(seller, other)).statusCode).toBe(200);
    expect((await stranger.get(url.replace(id, other))).statusCode).toBe(403);
    const stretched = url.replace(/expires=(\d+)/, (_: string, n: string) => `expires=${Number(n) + 3600}`);
    expect((await stranger.get(stretched)).statusCode).toBe(403);
    t.clock.advance(3600_000 + 1000);
    const expired = await buyer.get(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(ordersTexts.linkExpired);
    expect((await buyer.get((await buyer.get(`/api/orders/${id}/delivery-link`)).json().url)).statusCode).toBe(200);
  });

  it('answers 404 when there is no delivery yet', async () => {
    const id = await createOrderIn(t, 'paid', { buyerId: buyer.user.id, sellerId: seller.user.id });
    const response = await buyer.get(`/api/orders/${id}/delivery-link`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(ordersTexts.noDelivery);
  });
});

describe('order quotas', () => {
  const buyAndPay = async (client: TestClient, offerId: string) => {
    const created = await client.post('/api/orders', { offerId });
    if (created.statusCode !== 201) return created;
    return client.post(`/api/orders/${created.json().order.id}/paid`);
  };

  it(`keeps at most ${OPEN_ORDERS_PER_SELLER} open orders per buyer and seller, so "paid" cannot flood the seller's inbox`, async () => {
    const flooder = await t.signedIn();
    const victim = await t.signedIn();
    const offerId = await createPaidOffer(t, victim.user.id);
    for (let i = 0; i < OPEN_ORDERS_PER_SELLER; i++) expect((await buyAndPay(flooder, offerId)).statusCode).toBe(200);
    const refused = await flooder.post('/api/orders', { offerId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'too_many_open_orders',
      message: ordersTexts.tooManyOpenOrders(OPEN_ORDERS_PER_SELLER),
    });
    expect(await t.deps.database.query('select id from orders where buyer_id = $1', [flooder.user.id])).toHaveLength(
      OPEN_ORDERS_PER_SELLER,
    );
    expect(await t.mails(victim.user.email)).toHaveLength(OPEN_ORDERS_PER_SELLER);
    // a delivered order is no longer open, so it frees a place
    const [first] = await t.deps.database.query<{ id: string }>(
      'select id from orders where buyer_id = $1 order by created_at limit 1',
      [flooder.user.id],
    );
    expect((await deliver(victim, first!.id)).statusCode).toBe(200);
    expect((await flooder.post('/api/orders', { offerId })).statusCode).toBe(201);
  });

  it('concurrent buys cannot slip past the open-order limit', async () => {
    const flooder = await t.signedIn();
    const offerId = await createPaidOffer(t, (await t.createUser()).id);
    for (let i = 0; i < OPEN_ORDERS_PER_SELLER - 1; i++)
      expect((await buyAndPay(flooder, offerId)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 4 }, () => buyAndPay(flooder, offerId)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      await t.deps.database.query(
        "select id from orders where buyer_id = $1 and status in ('awaiting_payment', 'paid')",
        [flooder.user.id],
      ),
    ).toHaveLength(OPEN_ORDERS_PER_SELLER);
  });

  it(`lets one buyer open at most ${NEW_ORDERS_PER_DAY} orders in 24 hours`, async () => {
    const buyerOfMany = await t.signedIn();
    const offers = await Promise.all(
      Array.from({ length: NEW_ORDERS_PER_DAY + 1 }, async () => createPaidOffer(t, (await t.createUser()).id)),
    );
    for (const offerId of offers.slice(0, NEW_ORDERS_PER_DAY))
      expect((await buyerOfMany.post('/api/orders', { offerId })).statusCode).toBe(201);
    const last = offers[NEW_ORDERS_PER_DAY]!;
    const refused = await buyerOfMany.post('/api/orders', { offerId: last });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'too_many_orders',
      message: ordersTexts.tooManyNewOrders(NEW_ORDERS_PER_DAY),
    });
    expect(await t.deps.database.query('select id from orders where offer_id = $1', [last])).toEqual([]);
    // coming back to an order already opened is not a new order
    expect((await buyerOfMany.post('/api/orders', { offerId: offers[0] })).statusCode).toBe(201);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await buyerOfMany.post('/api/orders', { offerId: last })).statusCode).toBe(201);
  });
});
