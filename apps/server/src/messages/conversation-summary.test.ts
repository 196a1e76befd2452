/**
 * The conversation summary (one row per pair, written in the message's transaction) answers exactly
 * what the messages themselves say: the conversations list and the unread badge are compared here
 * with the definition they replaced, computed from gig_messages, after sends in both directions,
 * messages with the same timestamp, reads, concurrent sends and reads, and a person leaving. The
 * migration's backfill builds the same rows from the messages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { migrationsFolder } from '../db/connection.ts';
import { offers } from '../db/schema.ts';

let t: TestApp;
type Person = TestClient & { user: { id: string; email: string; name: string } };
let people: Person[];
const offerOf = new Map<string, string>();

const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.deps.database.query<T>(text, params);

/** The conversations list as it was defined before the summary: straight from the messages. */
async function fromMessages(me: string) {
  const rows = await query<{
    other_id: string;
    message: string;
    created_at: Date | string;
    from_me: boolean;
    offer_title: string | null;
    unread: number;
    total: number;
  }>(
    `with mine as (
       select m.id, m.message, m.created_at, m.offer_title, m.sender_id, m.receiver_id, m.read_at,
              case when m.sender_id = $1 then m.receiver_id else m.sender_id end as other_id
         from gig_messages m where m.sender_id = $1 or m.receiver_id = $1
     ), latest as (
       select distinct on (other_id) * from mine where other_id is not null order by other_id, created_at desc, id desc
     ), unread as (
       select other_id, count(*)::int as n from mine where receiver_id = $1 and read_at is null group by other_id
     )
     select l.other_id, l.message, l.created_at, (l.sender_id = $1) as from_me, l.offer_title, coalesce(r.n, 0)::int as unread, (count(*) over ())::int as total
       from latest l join users u on u.id = l.other_id left join unread r on r.other_id = l.other_id
      order by l.created_at desc, l.id desc limit 200`,
    [me],
  );
  const [unread] = await query<{ n: number }>(
    'select count(*)::int as n from gig_messages where receiver_id = $1 and read_at is null',
    [me],
  );
  return {
    total: rows[0]?.total ?? 0,
    conversations: rows.map((row) => ({
      otherUser: row.other_id,
      lastMessage: {
        text: row.message,
        createdAt: new Date(row.created_at).toISOString(),
        fromMe: row.from_me,
        offerTitle: row.offer_title,
      },
      unreadCount: row.unread,
    })),
    unreadMessages: unread!.n,
  };
}

/** What the API answers now. */
async function fromApi(person: Person) {
  const list = (await person.get('/api/messages/conversations')).json() as {
    total: number;
    conversations: Array<{ otherUser: { id: string }; lastMessage: Record<string, unknown>; unreadCount: number }>;
  };
  const unread = (await person.get('/api/unread')).json() as { messages: number };
  return {
    total: list.total,
    conversations: list.conversations.map((row) => ({
      otherUser: row.otherUser.id,
      lastMessage: row.lastMessage,
      unreadCount: row.unreadCount,
    })),
    unreadMessages: unread.messages,
  };
}

async function expectAgreement() {
  for (const person of people)
    expect(await fromApi(person), person.user.name).toEqual(await fromMessages(person.user.id));
}

const send = (from: Person, to: Person, text: string) =>
  from.post('/api/messages', { offerId: offerOf.get(to.user.id), text });
const reply = (from: Person, to: Person, text: string) => from.post(`/api/messages/with/${to.user.id}`, { text });
const open = (reader: Person, other: Person) => reader.post(`/api/messages/with/${other.user.id}/read`);

beforeAll(async () => {
  t = await createTestApp();
  people = [];
  for (const name of ['Ada', 'Ben', 'Cy', 'Dee', 'Eve']) {
    const person = await t.signedIn({ name });
    const [row] = await t.deps.database.db
      .insert(offers)
      .values({
        userId: person.user.id,
        title: `${name}'s offer`,
        mediaKey: 'offers/x.mp4',
        mediaType: 'video',
        isApproved: true,
      })
      .returning({ id: offers.id });
    offerOf.set(person.user.id, row!.id);
    people.push(person);
  }
});
afterAll(async () => t.close());

describe('the conversation summary', () => {
  it('matches the messages after sends both ways, equal timestamps, replies and reads', async () => {
    const [ada, ben, cy, dee] = people as [Person, Person, Person, Person];
    // The clock stands still: several messages share a timestamp, and the id decides which is latest.
    for (let i = 0; i < 4; i++) expect((await send(ada, ben, `Ada to Ben ${i}`)).statusCode).toBe(201);
    expect((await send(ben, ada, 'Ben to Ada')).statusCode).toBe(201);
    expect((await send(cy, ada, 'Cy to Ada')).statusCode).toBe(201);
    expect((await send(dee, cy, 'Dee to Cy')).statusCode).toBe(201);
    await expectAgreement();
    t.clock.advance(1000);
    expect((await reply(ada, cy, 'Ada replies to Cy')).statusCode).toBe(201);
    expect((await open(ben, ada)).json().updated).toBe(4);
    expect((await open(ben, ada)).json().updated).toBe(0);
    await expectAgreement();
    t.clock.advance(1000);
    expect((await reply(ben, ada, 'Ben again')).statusCode).toBe(201);
    expect((await send(ben, dee, 'Ben to Dee')).statusCode).toBe(201);
    expect((await open(ada, ben)).json()).toMatchObject({ updated: 2, unread: { messages: 1 } });
    expect((await open(ada, cy)).json()).toMatchObject({ updated: 1, unread: { messages: 0 } });
    await expectAgreement();
  });

  it('stays exact under concurrent sends and reads of one pair', async () => {
    const [ada, , , , eve] = people as [Person, Person, Person, Person, Person];
    const requests: Array<Promise<unknown>> = [];
    for (let i = 0; i < 8; i++) {
      requests.push(send(eve, ada, `Eve ${i}`), send(ada, eve, `Ada ${i}`));
      if (i % 3 === 0) requests.push(open(ada, eve), open(eve, ada));
    }
    await Promise.all(requests);
    await expectAgreement();
    await Promise.all([open(ada, eve), open(eve, ada)]);
    await expectAgreement();
  });

  it('is what the migration builds from the messages', async () => {
    const columns =
      'user_low, user_high, last_message_id, last_sender_id, last_message, last_offer_title, last_at, unread_low, unread_high';
    const kept = await query(`select ${columns} from conversation_summaries order by user_low, user_high`);
    expect(kept.length).toBeGreaterThan(4);
    const migration = readFileSync(path.join(migrationsFolder, '0007_indexes_search_conversations.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    await query('delete from conversation_summaries');
    await query(migration.find((statement) => statement.includes('INSERT INTO "conversation_summaries"'))!);
    expect(await query(`select ${columns} from conversation_summaries order by user_low, user_high`)).toEqual(kept);
  });

  it('loses a pair when one of its people leaves, as the list always left them out', async () => {
    const [, ben, , dee] = people as [Person, Person, Person, Person];
    const before = await fromApi(ben);
    expect(before.conversations.map((row) => row.otherUser)).toContain(dee.user.id);
    await query('delete from users where id = $1', [dee.user.id]);
    people = people.filter((person) => person !== dee);
    expect(
      await query('select 1 from conversation_summaries where user_low = $1 or user_high = $1', [dee.user.id]),
    ).toEqual([]);
    const after = await fromApi(ben);
    expect(after.conversations.map((row) => row.otherUser)).not.toContain(dee.user.id);
    expect(after.total).toBe(before.total - 1);
    expect(after).toEqual(await fromMessages(ben.user.id));
    // Cy had not read what Dee sent: the list agrees with the messages, and the badge no longer
    // counts a departed person's messages (it did before, with no thread left to open to clear them).
    const cy = people[2]!;
    const [fromDeparted] = await query<{ n: number }>(
      'select count(*)::int as n from gig_messages where receiver_id = $1 and sender_id is null and read_at is null',
      [cy.user.id],
    );
    expect(fromDeparted!.n).toBe(1);
    const reference = await fromMessages(cy.user.id);
    expect(await fromApi(cy)).toEqual({ ...reference, unreadMessages: reference.unreadMessages - 1 });
  });
});
