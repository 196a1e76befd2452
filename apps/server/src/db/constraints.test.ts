/**
 * The rules of SPEC section 3 hold in the data itself: whatever code writes, the database refuses a
 * row that breaks them. Each statement runs raw SQL against the migrated schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql as drizzleSql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { databaseErrorStatus } from '../http/errors.ts';
import { migrationsFolder } from './connection.ts';

let t: TestApp;
let seller: string;
let buyer: string;
let offerId: string;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.deps.database.query<T>(text, params);

/** The SQLSTATE the database refused with (23505 unique, 23514 check, 23503 foreign key, 22P02 bad input). */
async function refusal(text: string, params: unknown[] = []): Promise<string> {
  try {
    await sql(text, params);
  } catch (error) {
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
        expect(databaseErrorStatus(error)?.status).toBeLessThan(500); // the API answers it with a 4xx
        return code;
      }
    }
    throw error;
  }
  throw new Error(`accepted: ${text}`);
}

async function newOffer(userId: string, extra = ''): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into offers (user_id, title${extra ? ', price_pence, is_paid_offer' : ''}) values ($1, 'An offer'${extra}) returning id`,
    [userId],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  seller = (await t.createUser()).id;
  buyer = (await t.createUser()).id;
  offerId = await newOffer(seller);
});
afterAll(async () => t.close());

describe('constraints in the data', () => {
  it('one offer per user', async () => {
    expect(await refusal("insert into offers (user_id, title) values ($1, 'Second')", [seller])).toBe('23505');
  });

  it('one boost, one favourite and one reaction per user and offer', async () => {
    await sql('insert into boosts (user_id, offer_id) values ($1, $2)', [buyer, offerId]);
    expect(await refusal('insert into boosts (user_id, offer_id) values ($1, $2)', [buyer, offerId])).toBe('23505');
    await sql('insert into favorites (user_id, offer_id) values ($1, $2)', [buyer, offerId]);
    expect(await refusal('insert into favorites (user_id, offer_id) values ($1, $2)', [buyer, offerId])).toBe('23505');
    await sql("insert into reactions (user_id, offer_id, emoji) values ($1, $2, 'Hype')", [buyer, offerId]);
    expect(
      await refusal("insert into reactions (user_id, offer_id, emoji) values ($1, $2, 'Smart')", [buyer, offerId]),
    ).toBe('23505');
  });

  it('reactions are limited to the five values', async () => {
    const other = (await t.createUser()).id;
    for (const emoji of ['Smart', 'Support', 'Hype', 'Not for Me', 'Watching']) {
      await sql('insert into reactions (user_id, offer_id, emoji) values ($1, $2, $3)', [other, offerId, emoji]);
      await sql('delete from reactions where user_id = $1', [other]);
    }
    for (const emoji of ['Love', 'hype', '', '<script>']) {
      expect(
        await refusal('insert into reactions (user_id, offer_id, emoji) values ($1, $2, $3)', [other, offerId, emoji]),
      ).toBe('23514');
    }
  });

  it('tag names are unique regardless of case', async () => {
    await sql("insert into tags (name) values ('design')");
    expect(await refusal("insert into tags (name) values ('Design')")).toBe('23505');
    expect(await refusal("insert into tags (name) values ('DESIGN')")).toBe('23505');
  });

  it('an order status outside its states is refused', async () => {
    for (const status of ['awaiting_payment', 'paid', 'delivered', 'completed']) {
      await sql("insert into orders (buyer_id, seller_id, offer_id, title, status) values ($1, $2, $3, 'Order', $4)", [
        buyer,
        seller,
        offerId,
        status,
      ]);
    }
    expect(
      await refusal("insert into orders (buyer_id, seller_id, title, status) values ($1, $2, 'Order', 'refunded')", [
        buyer,
        seller,
      ]),
    ).toBe('23514');
    expect(await refusal("update orders set status = 'shipped' where buyer_id = $1", [buyer])).toBe('23514');
  });

  it('money is whole pence and never negative', async () => {
    expect(
      await refusal("insert into orders (buyer_id, seller_id, title, price_pence) values ($1, $2, 'Order', -1)", [
        buyer,
        seller,
      ]),
    ).toBe('23514');
    const columns = await sql<{ table_name: string; data_type: string }>(
      "select table_name, data_type from information_schema.columns where column_name in ('price_pence', 'budget_pence') order by table_name",
    );
    expect(columns).toEqual([
      { table_name: 'offers', data_type: 'integer' },
      { table_name: 'orders', data_type: 'integer' },
      { table_name: 'private_jobs', data_type: 'integer' },
    ]);
    expect(
      await refusal(
        "insert into private_jobs (from_user_id, to_user_id, title, delivery_time, budget_pence) values ($1, $2, 'Job', '1 Day', 'ten')",
        [buyer, seller],
      ),
    ).toBe('22P02');
    expect(
      await refusal(
        "insert into private_jobs (from_user_id, to_user_id, title, delivery_time, budget_pence) values ($1, $2, 'Job', '1 Day', -500)",
        [buyer, seller],
      ),
    ).toBe('23514');
    const owner = (await t.createUser()).id;
    expect(await refusal("insert into offers (user_id, title, price_pence) values ($1, 'Cheap', -100)", [owner])).toBe(
      '23514',
    );
    expect(await refusal("insert into offers (user_id, title, price_pence) values ($1, 'Free?', 0)", [owner])).toBe(
      '23514',
    );
    expect(
      await refusal("insert into offers (user_id, title, is_paid_offer) values ($1, 'Paid without a price', true)", [
        owner,
      ]),
    ).toBe('23514');
    expect(
      await refusal(
        "insert into private_jobs (from_user_id, to_user_id, title, delivery_time, status) values ($1, $2, 'Job', '1 Day', 'lost')",
        [buyer, seller],
      ),
    ).toBe('23514');
    expect(
      await refusal(
        "insert into private_jobs (from_user_id, to_user_id, title, delivery_time) values ($1, $2, 'Job', '5 Days')",
        [buyer, seller],
      ),
    ).toBe('23514');
  });

  it('counters never go below zero', async () => {
    expect(await refusal('update offers set boost_count = -1 where id = $1', [offerId])).toBe('23514');
  });

  it('a role other than admin is refused, and twice the same role too', async () => {
    expect(await refusal("insert into user_roles (user_id, role) values ($1, 'superuser')", [buyer])).toBe('23514');
    await sql("insert into user_roles (user_id, role) values ($1, 'admin')", [buyer]);
    expect(await refusal("insert into user_roles (user_id, role) values ($1, 'admin')", [buyer])).toBe('23505');
  });

  it('rows point at things that exist', async () => {
    expect(await refusal("insert into boosts (user_id, offer_id) values ('nobody', $1)", [offerId])).toBe('23503');
    expect(await refusal('insert into boosts (user_id, offer_id) values ($1, gen_random_uuid())', [buyer])).toBe(
      '23503',
    );
  });

  it('deleting an account takes its own things with it and keeps the other side of its orders', async () => {
    const leaving = (await t.createUser()).id;
    const stays = (await t.createUser()).id;
    const leavingOffer = await newOffer(leaving);
    await sql('insert into boosts (user_id, offer_id) values ($1, $2)', [stays, leavingOffer]);
    await sql("insert into orders (buyer_id, seller_id, offer_id, title) values ($1, $2, $3, 'Kept order')", [
      stays,
      leaving,
      leavingOffer,
    ]);
    await sql("insert into gig_messages (sender_id, receiver_id, offer_id, message) values ($1, $2, $3, 'hello')", [
      stays,
      leaving,
      leavingOffer,
    ]);
    await sql('delete from users where id = $1', [leaving]);
    expect(await sql('select 1 from offers where id = $1', [leavingOffer])).toEqual([]);
    expect(await sql('select 1 from boosts where offer_id = $1', [leavingOffer])).toEqual([]);
    expect(
      await sql<{ buyer_id: string; seller_id: string | null; offer_id: string | null }>(
        "select buyer_id, seller_id, offer_id from orders where title = 'Kept order'",
      ),
    ).toEqual([{ buyer_id: stays, seller_id: null, offer_id: null }]);
    expect(
      await sql<{ receiver_id: string | null }>("select receiver_id from gig_messages where message = 'hello'"),
    ).toEqual([{ receiver_id: null }]);
  });

  it('a message is 1 to 1000 characters', async () => {
    expect(
      await refusal("insert into gig_messages (sender_id, receiver_id, message) values ($1, $2, '')", [buyer, seller]),
    ).toBe('23514');
    expect(
      await refusal('insert into gig_messages (sender_id, receiver_id, message) values ($1, $2, $3)', [
        buyer,
        seller,
        'x'.repeat(1001),
      ]),
    ).toBe('23514');
  });
});

describe('email addresses', () => {
  it('refuses a second account whose address differs only by case', async () => {
    await sql(`insert into users (id, display_name, email) values ('case-a', 'Case A', 'Case.Person@example.com')`);
    expect(
      await refusal(
        `insert into users (id, display_name, email) values ('case-b', 'Case B', 'case.person@EXAMPLE.com')`,
      ),
    ).toBe('23505');
  });

  it('looks an address up through users_email_lower_idx', async () => {
    const plan = await t.deps.database.db.transaction(async (tx) => {
      // The test table is tiny, so a scan is cheapest here; with scans priced out, only the index remains.
      for (const setting of ['enable_seqscan', 'enable_bitmapscan'])
        await tx.execute(drizzleSql.raw(`set local ${setting} = off`));
      const rows = await tx.execute(
        drizzleSql.raw(`explain select id from users where lower(email) = 'someone@example.com' limit 1`),
      );
      return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)
        .map((row) => Object.values(row as object)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Scan using users_email_lower_idx/);
  });

  it('the migration keeps the oldest of addresses that differ by case and moves the others aside, recorded', async () => {
    const file = path.join(migrationsFolder, '0006_email_lower_unique.sql');
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
    await sql('drop index users_email_lower_idx');
    await sql(`insert into users (id, display_name, email, created_at) values
      ('dup-old', 'Old', 'Dup@Example.com', now() - interval '2 days'),
      ('dup-new', 'New', 'dup@example.com', now() - interval '1 day'),
      ('dup-other', 'Other', 'other.dup@example.com', now())`);
    for (const statement of statements) await sql(statement);
    const rows = await sql<{ id: string; email: string }>(
      `select id, email from users where id like 'dup-%' order by id`,
    );
    expect(rows).toEqual([
      { id: 'dup-new', email: 'duplicate-dup-new@gigreel.invalid' },
      { id: 'dup-old', email: 'Dup@Example.com' },
      { id: 'dup-other', email: 'other.dup@example.com' },
    ]);
    const logged = await sql<{ user_id: string; email: string }>(
      `select user_id, details->>'email' as email from security_logs where event = 'email_case_duplicate_moved'`,
    );
    expect(logged).toEqual([{ user_id: 'dup-new', email: 'dup@example.com' }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL settings', () => {
  it('runs statements without JIT compilation', async () => {
    expect(await sql<{ jit: string }>('show jit')).toEqual([{ jit: 'off' }]);
  });
});
