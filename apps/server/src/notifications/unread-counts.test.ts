/**
 * GET /api/unread counts up to UNREAD_CAP (the badge shows "99+" from there) without reading a
 * person's whole history, exactly below it, and only the viewer's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_CAP } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** `notifications` unread notifications, and `pairs` people who each sent `each` unread messages. */
async function seed(userId: string, counts: { notifications: number; pairs: number; each: number }) {
  await t.deps.database.query(
    `insert into notifications (user_id, kind, title, link)
     select $1, 'order_paid', 'Paid ' || i, '/orders' from generate_series(1, $2::int) i`,
    [userId, counts.notifications],
  );
  for (let i = 0; i < counts.pairs; i += 1) {
    const other = await t.createUser();
    const [low, high] = [userId, other.id].sort();
    await t.deps.database.query(
      `with message as (
         insert into gig_messages (sender_id, receiver_id, message) values ($2, $1, 'Hello') returning id, created_at)
       insert into conversation_summaries (user_low, user_high, last_message_id, last_sender_id, last_message, last_at, unread_low, unread_high)
       select $3, $4, id, $2, 'Hello', created_at, $5, $6 from message`,
      [userId, other.id, low, high, low === userId ? counts.each : 0, high === userId ? counts.each : 0],
    );
  }
}

describe('unread counts', () => {
  it('count exactly below the cap', async () => {
    const ava = await t.signedIn();
    await seed(ava.user.id, { notifications: UNREAD_CAP - 1, pairs: 3, each: 2 });
    const response = await ava.get('/api/unread');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ messages: 6, notifications: UNREAD_CAP - 1 });
  });

  it('stop at the cap for a person with more unread than a badge shows', async () => {
    const leo = await t.signedIn();
    await seed(leo.user.id, { notifications: UNREAD_CAP + 150, pairs: 4, each: 40 });
    const response = await leo.get('/api/unread');
    expect(response.json()).toEqual({ messages: UNREAD_CAP, notifications: UNREAD_CAP });
  });

  it("never count someone else's", async () => {
    const mia = await t.signedIn();
    const response = await mia.get('/api/unread');
    expect(response.json()).toEqual({ messages: 0, notifications: 0 });
  });
});
