/**
 * A problem reported on an order and an admin resolving it (issue 16): who may report and when, what
 * a report stops (the order's timers), who is told, the admins' list of open disputes, and each of
 * the three resolutions with its note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersTexts } from '@gigreel/core';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createOrderIn } from './test-helpers.ts';
import { runOrderTimer } from './index.ts';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
let t: TestApp;
let seller: Signed;
let buyer: Signed;
let admin: Signed;
let anonymous: TestClient;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, admin] = await Promise.all([
    t.signedIn({ name: 'Maya Seller' }),
    t.signedIn({ name: 'Ben Buyer' }),
    t.signedIn({ name: 'Ada Admin', admin: true }),
  ]);
  anonymous = t.client();
});
afterAll(async () => t.close());

const orderIn = (status: Parameters<typeof createOrderIn>[1], extra: { placedAt?: Date } = {}) =>
  createOrderIn(t, status, { buyerId: buyer.user.id, sellerId: seller.user.id, ...extra });
const report = (client: TestClient, orderId: string, body: Record<string, unknown> = {}) =>
  client.post(`/api/orders/${orderId}/problem`, {
    reason: 'not_as_described',
    details: 'The logo is not the one in the offer.',
    ...body,
  });
const resolve = (orderId: string, outcome: string, note = 'We agreed on this by message.') =>
  admin.post(`/api/admin/disputes/${orderId}/resolve`, { outcome, note });
const notices = async (userId: string, kind: string) =>
  t.deps.database.query<{ title: string; body: string }>(
    'select title, body from notifications where user_id = $1 and kind = $2',
    [userId, kind],
  );
const problemRows = (orderId: string) =>
  t.deps.database.query<{ resolved: boolean; outcome: string | null; resolved_by: string | null }>(
    'select resolved_at is not null as resolved, outcome, resolved_by from order_problems where order_id = $1 order by id',
    [orderId],
  );

describe('reporting a problem', () => {
  it('disputes a delivered order: the problem shows on the order, both sides and the admins are told, the timer is left alone', async () => {
    const id = await orderIn('delivered');
    const reported = await report(buyer, id);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().message).toBe(ordersTexts.problem.reported);
    const { order } = reported.json();
    expect(order.status).toBe('disputed');
    expect(order.problem).toEqual({
      reason: 'not_as_described',
      details: 'The logo is not the one in the offer.',
      reportedBy: 'buyer',
      reportedAt: t.clock.now().toISOString(),
    });
    expect(order.events.at(-1)).toMatchObject({
      kind: 'problem_reported',
      by: 'buyer',
      note: 'The delivery is not what was offered: The logo is not the one in the offer.',
    });
    expect(await notices(seller.user.id, 'order_problem')).toHaveLength(1);
    expect(await notices(admin.user.id, 'order_problem')).toEqual([
      { title: `Problem reported: ${order.title}`, body: 'Ben Buyer: The delivery is not what was offered' },
    ]);
    expect((await t.mails(seller.user.email)).map((mail) => mail.text).join('\n')).toContain(
      `Ben Buyer reported a problem with the order for "${order.title}"`,
    );
    // a timer set before the report (the order had no move then) finds one since and leaves the order alone
    expect(await runOrderTimer(t.deps, { orderId: id, kind: 'auto_complete', after: 0 })).toBe('left alone');
    expect((await seller.get(`/api/orders/${id}`)).json().order.status).toBe('disputed');
  });

  it('takes a report from the seller on a paid order, and on a completed one for 14 days after it completed', async () => {
    expect((await report(seller, await orderIn('paid'), { reason: 'payment' })).json().order.status).toBe('disputed');
    const recent = await orderIn('completed', { placedAt: new Date(t.clock.now().getTime() - 14 * DAY) });
    expect((await report(buyer, recent)).statusCode).toBe(200);
    const old = await orderIn('completed', { placedAt: new Date(t.clock.now().getTime() - 15 * DAY) });
    const late = await report(buyer, old);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(ordersTexts.cannotReport('completed'));
  });

  it('refuses a report before payment, a second report, and anyone who is not a party', async () => {
    const unpaid = await orderIn('awaiting_payment');
    expect((await report(buyer, unpaid)).statusCode).toBe(409);
    const id = await orderIn('delivered');
    expect((await report(buyer, id)).statusCode).toBe(200);
    const again = await report(seller, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A problem is already reported on this order. An admin is looking at it.');
    expect((await report(admin, await orderIn('delivered'))).statusCode).toBe(403);
    expect((await report(await t.signedIn(), await orderIn('delivered'))).statusCode).toBe(404);
    expect((await report(anonymous, await orderIn('delivered'))).statusCode).toBe(401);
    expect(await problemRows(unpaid)).toEqual([]);
  });

  it('says what is missing or too long, and writes nothing', async () => {
    const id = await orderIn('delivered');
    const noReason = await buyer.post(`/api/orders/${id}/problem`, { details: 'Something is wrong.' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(ordersTexts.problem.chooseReason);
    const badReason = await report(buyer, id, { reason: 'refund please' });
    expect(badReason.json().error.message).toBe(ordersTexts.problem.chooseReason);
    const noDetails = await report(buyer, id, { details: '   ' });
    expect(noDetails.json().error.message).toBe(ordersTexts.problem.detailsRequired);
    const onlyMarkup = await report(buyer, id, { details: '<b></b>' });
    expect(onlyMarkup.json().error.message).toBe(ordersTexts.problem.detailsRequired);
    const long = await report(buyer, id, { details: 'x'.repeat(1001) });
    expect(long.json().error.message).toBe(ordersTexts.problem.tooLong);
    const huge = await report(buyer, id, { details: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(400);
    expect(await problemRows(id)).toEqual([]);
    expect((await buyer.get(`/api/orders/${id}`)).json().order.status).toBe('delivered');
  });
});

describe("the admins' disputes", () => {
  it('lists open disputes, the longest waiting first, 30 to a page, and forgets resolved ones', async () => {
    // start from a clean list: resolve what the tests above left open
    for (let page = (await admin.get('/api/admin/disputes')).json(); page.disputes.length;) {
      for (const open of page.disputes) expect((await resolve(open.id, 'complete')).statusCode).toBe(200);
      page = (await admin.get('/api/admin/disputes')).json();
    }
    const ids: string[] = [];
    for (let i = 0; i < 31; i += 1) {
      const id = await orderIn('delivered');
      expect((await report(buyer, id, { details: `Problem ${i}` })).statusCode).toBe(200);
      ids.push(id);
      t.clock.advance(1000);
    }
    const first = (await admin.get('/api/admin/disputes')).json();
    expect(first.disputes.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 30));
    expect(first.disputes[0]).toMatchObject({
      status: 'disputed',
      buyer: { displayName: 'Ben Buyer' },
      seller: { displayName: 'Maya Seller' },
      problem: { reason: 'not_as_described', details: 'Problem 0', reportedBy: 'buyer' },
    });
    const second = (await admin.get(`/api/admin/disputes?cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ disputes: [{ id: ids[30] }], nextCursor: null });
    expect((await admin.get('/api/admin/disputes?cursor=not-a-cursor')).json().disputes[0].id).toBe(ids[0]);
    expect((await resolve(ids[0]!, 'redeliver')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/disputes')).json().disputes[0].id).toBe(ids[1]);
  });

  it('completes a disputed order: both sides get the note in the app and by mail, and it cannot be resolved twice', async () => {
    const id = await orderIn('delivered');
    await report(seller, id, { reason: 'no_answer', details: 'The buyer does not answer.' });
    const resolved = await resolve(id, 'complete', 'The delivery matches the offer.');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().message).toBe(ordersTexts.problem.resolved);
    const { order } = resolved.json();
    expect(order).toMatchObject({ status: 'completed', completedAt: t.clock.now().toISOString(), problem: null });
    expect(order.events.at(-1)).toMatchObject({
      kind: 'resolved_completed',
      by: 'admin',
      note: 'The delivery matches the offer.',
    });
    for (const person of [buyer, seller])
      expect(await notices(person.user.id, 'order_resolved')).toContainEqual({
        title: `Problem resolved: ${order.title}`,
        body: 'The delivery matches the offer.',
      });
    expect((await t.mails(buyer.user.email)).map((mail) => mail.text).join('\n')).toContain(
      `An admin resolved the problem with "${order.title}": the order is completed. Their note: The delivery matches the offer.`,
    );
    expect(await problemRows(id)).toEqual([{ resolved: true, outcome: 'complete', resolved_by: admin.user.id }]);
    const again = await resolve(id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('There is no open problem on this order: it is completed.');
  });

  it('cancels a disputed order with the note as its reason, by an admin', async () => {
    const id = await orderIn('paid');
    await report(buyer, id, { reason: 'not_delivered', details: 'Nothing arrived after two weeks.' });
    const { order } = (await resolve(id, 'cancel', 'The seller refunded the buyer.')).json();
    expect(order).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'admin',
      cancelReason: 'The seller refunded the buyer.',
    });
  });

  it('sends a completed order back for delivery: it is paid again, no longer complete, and the seller can deliver', async () => {
    const id = await orderIn('completed', { placedAt: new Date(t.clock.now().getTime() - DAY) });
    await report(buyer, id, { details: 'The file is corrupt.' });
    const { order } = (await resolve(id, 'redeliver', 'Please upload the file again.')).json();
    expect(order).toMatchObject({ status: 'paid', completedAt: null });
    expect((await seller.get(`/api/orders/${id}`)).json().order.status).toBe('paid');
  });

  it('asks for a note and a known outcome, and keeps the dispute open', async () => {
    const id = await orderIn('delivered');
    await report(buyer, id);
    const noNote = await resolve(id, 'complete', ' ');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toBe(ordersTexts.problem.noteRequired);
    expect((await resolve(id, 'refund')).statusCode).toBe(400);
    expect(
      (await admin.post(`/api/admin/disputes/not-an-id/resolve`, { outcome: 'complete', note: 'x' })).statusCode,
    ).toBe(400);
    expect((await resolve('00000000-0000-4000-8000-000000000000', 'complete')).statusCode).toBe(404);
    expect((await buyer.get(`/api/orders/${id}`)).json().order.status).toBe('disputed');
  });
});
