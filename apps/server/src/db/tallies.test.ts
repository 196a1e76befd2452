/**
 * The tallies (migration 0009) say exactly what counting the rows says: after people join and leave,
 * an admin is granted, offers are approved, lose their media and go, messages open conversations,
 * orders are paid, completed and deleted, people follow, try to sign in and are mailed, every count read
 * (tallies plus changes not yet folded) equals a recount from the rows (every topic of row_tallies
 * occurs); folding changes nothing a reader sees; a boost appends nothing.
 * users.has_offer follows the person's offer.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMessage, createOffer, createOrder } from '../admin/test-factories.ts';
import { foldTallyChanges, readTopRanked } from './tallies.queries.ts';

let t: TestApp;
const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.deps.database.query<T>(text, params);

/** Every count a reader sees: folded tallies plus the changes appended since, by topic and subject. */
async function seen(): Promise<Record<string, [number, number]>> {
  const rows = await query<{ key: string; count: number; amount: number }>(
    `select topic || ':' || subject as key, sum(count)::float8 as count, sum(amount)::float8 as amount
       from (select topic, subject, count, amount from tallies union all select topic, subject, count, amount from tally_changes) t
      group by topic, subject having sum(count) <> 0 or sum(amount) <> 0 order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, [Number(row.count), Number(row.amount)]]));
}

/** What counting the rows gives, in a transaction rolled back so the tallies stay as the triggers left them. */
async function recounted(): Promise<Record<string, [number, number]>> {
  let counts: Record<string, [number, number]> = {};
  await t.deps.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select recount_tallies()`);
      const rows = (await tx.execute(
        sql`select topic || ':' || subject as key, count::float8 as count, amount::float8 as amount from tallies order by 1`,
      )) as unknown as { rows?: Array<{ key: string; count: number; amount: number }> };
      const list = rows.rows ?? (rows as unknown as Array<{ key: string; count: number; amount: number }>);
      counts = Object.fromEntries(list.map((row) => [row.key, [Number(row.count), Number(row.amount)]]));
      throw new Error('roll back');
    })
    .catch((error: Error) => {
      if (error.message !== 'roll back') throw error;
    });
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('tallies', () => {
  it('equal a recount of the rows after joins, leaves, approvals, messages, orders, follows, sign-ins and mails, before and after folding', async () => {
    const admin = await t.createUser({ admin: true });
    const seller = await t.createUser({ name: 'Seller' });
    const buyer = await t.createUser({ name: 'Buyer' });
    const leaver = await t.createUser({ name: 'Leaver' });
    const shown = await createOffer(t, seller.id);
    const pending = await createOffer(t, buyer.id, { isApproved: false });
    const gone = await createOffer(t, leaver.id);
    await query('update offers set is_approved = true where id = $1', [pending]);
    await query(`update offers set media_key = '' where id = $1`, [shown]);
    await query('delete from offers where id = $1', [gone]);
    const hasOffer = async (id: string) =>
      (await query<{ has_offer: boolean }>('select has_offer from users where id = $1', [id]))[0]?.has_offer;
    expect([await hasOffer(seller.id), await hasOffer(leaver.id), await hasOffer(admin.id)]).toEqual([
      true,
      false,
      false,
    ]);
    await createMessage(t, { senderId: buyer.id, receiverId: seller.id });
    await query(
      `insert into conversation_summaries (user_low, user_high, last_message_id, last_sender_id, last_message, last_at)
       values (least($1, $2), greatest($1, $2), gen_random_uuid(), $1, 'Hi', now()),
              (least($1, $3), greatest($1, $3), gen_random_uuid(), $1, 'Hi', now())`,
      [buyer.id, leaver.id, seller.id],
    );
    const paid = await createOrder(t, { sellerId: seller.id, buyerId: buyer.id });
    await query(`update orders set status = 'paid' where id = $1`, [paid]);
    await query(`update orders set status = 'completed', completed_at = now() where id = $1`, [paid]);
    await createOrder(t, { sellerId: leaver.id, buyerId: buyer.id, status: 'completed', pricePence: 700 });
    const dropped = await createOrder(t, { sellerId: seller.id, buyerId: leaver.id, pricePence: 300 });
    await query('delete from orders where id = $1', [dropped]);
    // an open order whose buyer leaves: counted in orders, in nobody's bought
    await createOrder(t, { sellerId: seller.id, buyerId: leaver.id, pricePence: 400 });
    // follows: the leaver's go with their account
    await query('insert into follows (follower_id, followee_id) values ($1, $2), ($3, $2), ($2, $1)', [
      buyer.id,
      seller.id,
      leaver.id,
    ]);
    await query('delete from users where id = $1', [leaver.id]);
    await query(`insert into security_logs (user_id, event, ip_address) values ($1, 'test', '127.0.0.1')`, [admin.id]);
    await query(
      `insert into login_attempts (email, ip_address, success, attempted_at)
       values ('a@example.com', '127.0.0.1', false, '2025-01-02T15:04:05+01:00'), ('a@example.com', '127.0.0.1', true, now())`,
    );
    // sent and failed only: the test app's mail worker takes a queued mail
    const mails = await query<{ id: number }>(
      `insert into mail_outbox (recipient, subject, status, finished_at) values ('a@example.com', 'Hi', 'sent', now()),
       ('b@example.com', 'Hi', 'sent', now()) returning id`,
    );
    await query(`update mail_outbox set status = 'failed' where id = $1`, [mails[0]!.id]);

    const before = await seen();
    expect(before).toEqual(await recounted());
    expect(before[`sales:${seller.id}`]).toEqual([1, 1000]);
    expect(before[`sales:${leaver.id}`]).toBeUndefined();
    expect(before['admins:']).toEqual([1, 0]);
    expect(before['orders:awaiting_payment']).toEqual([1, 400]);
    expect(before[`bought:${leaver.id}`]).toBeUndefined();
    expect([before[`conversations:${seller.id}`], before['login_attempts_hour:2025-01-02T14']]).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect([before['mails:sent'], before['mails:failed']]).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect([before[`followers:${seller.id}`], before[`following:${seller.id}`]]).toEqual([
      [1, 0],
      [1, 0],
    ]);
    const vacuums = () =>
      query(`select vacuum_count::int as n from pg_stat_user_tables where relname = 'tally_changes'`);
    const [vacuumed] = await vacuums();
    await foldTallyChanges(t.deps.database);
    expect(await query('select 1 from tally_changes')).toEqual([]);
    // and the folded rows are cleared away, not left dead for every count of a whole topic to walk
    expect(await vacuums()).toEqual([{ n: Number(vacuumed!.n) + 1 }]);
    expect(await seen()).toEqual(before);
    expect(await query(`select 1 from tallies where subject = $1`, [leaver.id])).toEqual([]);
  });

  it('a boost appends no change (only the counted columns of an offer fire the trigger)', async () => {
    const seller = await t.createUser();
    const booster = await t.signedIn();
    const offer = await createOffer(t, seller.id);
    await foldTallyChanges(t.deps.database);
    expect((await booster.post(`/api/offers/${offer}/boost`)).statusCode).toBe(200);
    expect(await query('select topic from tally_changes')).toEqual([]);
  });

  it('ranks sellers by amount with changes not yet folded, past the folded top', async () => {
    const sellers = await Promise.all([1, 2, 3].map((i) => t.createUser({ name: `Ranked ${i}` })));
    const buyer = await t.createUser();
    for (const [i, seller] of sellers.entries())
      await createOrder(t, { sellerId: seller.id, buyerId: buyer.id, status: 'completed', pricePence: 100 * (i + 1) });
    await foldTallyChanges(t.deps.database);
    // The smallest seller overtakes the others before any fold.
    await createOrder(t, { sellerId: sellers[0]!.id, buyerId: buyer.id, status: 'completed', pricePence: 10_000 });
    const top = await readTopRanked(t.deps.database, 'sales', 1);
    const best = top.sort((a, b) => b.amount - a.amount)[0];
    expect(best).toMatchObject({ subject: sellers[0]!.id, count: 2, amount: 10_100 });
  });
});
