/**
 * The conversations list and a thread come in keyset pages (30 conversations, 40 messages): walked
 * page by page they hold every row once, in order, even where many rows share a timestamp down to
 * the microsecond; a damaged cursor starts from the top; a cursor never shows rows not the viewer's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { damagedCursors } from '../../test/pages.ts';
import { encodePageCursor } from '../db/page-cursor.ts';
import { CONVERSATIONS_PAGE, THREAD_PAGE, insertMessage } from './messages.queries.ts';

let t: TestApp;
type Person = TestClient & { user: { id: string; email: string; name: string } };
let ava: Person;
let leo: Person;
let sam: Person;

type ThreadPage = { messages: Array<{ id: string; text: string }>; nextCursor: string | null };
type ConversationPage = {
  conversations: Array<{ otherUser: { id: string } }>;
  total: number;
  nextCursor: string | null;
};

const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.deps.database.query<T>(text, params);

const send = (from: string, to: string, message: string, createdAt: Date) =>
  insertMessage(t.deps.database.db, {
    senderId: from,
    receiverId: to,
    offerId: null,
    offerTitle: null,
    message,
    createdAt,
  });

const withCursor = (url: string, cursor: string | null) =>
  cursor === null ? url : `${url}?cursor=${encodeURIComponent(cursor)}`;

/** Every page of a thread, newest page first, as the web app asks for them. */
async function walkThread(viewer: Person, otherId: string) {
  const pages: ThreadPage[] = [];
  let cursor: string | null = null;
  do {
    const response = await viewer.get(withCursor(`/api/messages/with/${otherId}`, cursor));
    expect(response.statusCode).toBe(200);
    const page = response.json() as ThreadPage;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

async function walkConversations(viewer: Person) {
  const pages: ConversationPage[] = [];
  let cursor: string | null = null;
  do {
    const response = await viewer.get(withCursor('/api/messages/conversations', cursor));
    expect(response.statusCode).toBe(200);
    const page = response.json() as ConversationPage;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

/** The pair's messages oldest first, straight from the table. */
async function threadFromTable(a: string, b: string) {
  const rows = await query<{ id: string }>(
    `select id from gig_messages where (sender_id = $1 and receiver_id = $2) or (sender_id = $2 and receiver_id = $1)
      order by created_at, id`,
    [a, b],
  );
  return rows.map((row) => row.id);
}

const THREAD_SIZE = THREAD_PAGE * 2 + 15;
const PEOPLE = CONVERSATIONS_PAGE * 2 + 5;
const others: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ava = await t.signedIn({ name: 'Ava Buyer' });
  leo = await t.signedIn({ name: 'Leo Seller' });
  sam = await t.signedIn({ name: 'Sam Stranger' });
  // Ava and Leo: both directions, in groups of seven that share one millisecond.
  const start = Date.parse('2026-03-01T10:00:00.000Z');
  for (let i = 0; i < THREAD_SIZE; i++) {
    const [from, to] = i % 3 === 0 ? [leo, ava] : [ava, leo];
    await send(from.user.id, to.user.id, `Ava and Leo ${i}`, new Date(start + Math.floor(i / 7) * 1000));
  }
  // A few that differ only in microseconds, inside one millisecond.
  const microseconds = await query(
    `update gig_messages set created_at = '2026-03-01 09:00:00.000001+00'::timestamptz + (substring(message from '\\d+$')::int * interval '1 microsecond')
      where message like 'Ava and Leo %' and substring(message from '\\d+$')::int < 12 returning id`,
  );
  expect(microseconds).toHaveLength(12);
  // Sam talks with both, at the same times, so his rows interleave with theirs.
  for (let i = 0; i < 50; i++) {
    await send(sam.user.id, leo.user.id, `Sam to Leo ${i}`, new Date(start + Math.floor(i / 7) * 1000));
    await send(ava.user.id, sam.user.id, `Ava to Sam ${i}`, new Date(start + Math.floor(i / 7) * 1000));
  }
  // Ava has many more conversations than a page: groups of five share a millisecond.
  for (let i = 0; i < PEOPLE - 2; i++) {
    const other = await t.createUser({ name: `Person ${i}` });
    others.push(other.id);
    const at = new Date(Date.parse('2026-02-01T00:00:00.000Z') + Math.floor(i / 5) * 1000);
    await send(i % 2 ? ava.user.id : other.id, i % 2 ? other.id : ava.user.id, `Hello ${i}`, at);
  }
  // and a run of conversations whose latest messages differ only in microseconds
  const latest = await query(
    `update conversation_summaries set last_at = '2026-02-01 00:00:00.000001+00'::timestamptz + (substring(last_message from '\\d+$')::int * interval '1 microsecond')
      where last_message like 'Hello %' and substring(last_message from '\\d+$')::int between 20 and 34 returning last_at`,
  );
  expect(latest).toHaveLength(15);
});
afterAll(async () => t.close());

describe('a thread in pages', () => {
  it('walks from the newest page to the oldest: every message once, in order, the last page without a cursor', async () => {
    const expected = await threadFromTable(ava.user.id, leo.user.id);
    expect(expected).toHaveLength(THREAD_SIZE);
    for (const [viewer, other] of [
      [ava, leo],
      [leo, ava],
    ] as const) {
      const pages = await walkThread(viewer, other.user.id);
      expect(pages.map((page) => page.messages.length)).toEqual([
        THREAD_PAGE,
        THREAD_PAGE,
        THREAD_SIZE - 2 * THREAD_PAGE,
      ]);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      // on screen: the older pages above, each page oldest first
      const shown = [...pages].reverse().flatMap((page) => page.messages.map((m) => m.id));
      expect(shown).toEqual(expected);
    }
  });

  it('answers one page with no cursor when the thread fits in it', async () => {
    const page = (await sam.get(`/api/messages/with/${leo.user.id}`)).json() as ThreadPage;
    expect(page.messages).toHaveLength(THREAD_PAGE);
    const short = await t.signedIn({ name: 'Short Thread' });
    await send(short.user.id, leo.user.id, 'Just one', new Date());
    const one = (await short.get(`/api/messages/with/${leo.user.id}`)).json() as ThreadPage;
    expect(one.messages.map((m) => m.text)).toEqual(['Just one']);
    expect(one.nextCursor).toBeNull();
  });

  it('starts from the newest page on a damaged or made-up cursor, never a 500', async () => {
    const first = (await ava.get(`/api/messages/with/${leo.user.id}`)).json() as ThreadPage;
    for (const cursor of damagedCursors(first.nextCursor!, first.messages[0]!.id)) {
      const response = await ava.get(withCursor(`/api/messages/with/${leo.user.id}`, cursor));
      expect(response.statusCode, cursor).toBe(200);
      expect(response.json(), cursor).toEqual(first);
    }
  });

  it('never shows another pair’s messages, whatever cursor is sent', async () => {
    const [, second] = await walkThread(ava, leo.user.id);
    const avaLeo = second!.messages.map((m) => m.id);
    // Sam, with a cursor from Ava's thread with Leo, sees only his own messages with Leo
    const samPage = (
      await sam.get(withCursor(`/api/messages/with/${leo.user.id}`, pagesCursor(second!)))
    ).json() as ThreadPage;
    expect(samPage.messages.length).toBeGreaterThan(0);
    expect(samPage.messages.every((m) => m.text.startsWith('Sam to Leo'))).toBe(true);
    expect(samPage.messages.some((m) => avaLeo.includes(m.id))).toBe(false);
    // and a cursor made up from the newest of Ava's messages shows Sam nothing of Ava's
    const [newest] = await query<{ at: string; id: string }>(
      `select created_at::text as at, id from gig_messages order by created_at desc, id desc limit 1`,
    );
    const madeUp = encodePageCursor(newest!.at, newest!.id);
    const samAva = (await sam.get(withCursor(`/api/messages/with/${ava.user.id}`, madeUp))).json() as ThreadPage;
    expect(samAva.messages.every((m) => m.text.startsWith('Ava to Sam'))).toBe(true);
    const samLeo = (await sam.get(withCursor(`/api/messages/with/${leo.user.id}`, madeUp))).json() as ThreadPage;
    expect(samLeo.messages.every((m) => m.text.startsWith('Sam to Leo'))).toBe(true);
  });
});

describe('the conversations list in pages', () => {
  it('walks every conversation once, newest first, the last page without a cursor', async () => {
    const pages = await walkConversations(ava);
    // Ava's conversations: Leo, Sam and everyone else
    const count = PEOPLE;
    expect(pages.map((page) => page.conversations.length)).toEqual([
      CONVERSATIONS_PAGE,
      CONVERSATIONS_PAGE,
      count - 2 * CONVERSATIONS_PAGE,
    ]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    for (const page of pages) expect(page.total).toBe(count);
    const ids = pages.flatMap((page) => page.conversations.map((c) => c.otherUser.id));
    const expected = await query<{ other: string }>(
      `select case when user_low = $1 then user_high else user_low end as other from conversation_summaries
        where user_low = $1 or user_high = $1 order by last_at desc, last_message_id desc`,
      [ava.user.id],
    );
    expect(ids).toEqual(expected.map((row) => row.other));
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual(expect.arrayContaining([leo.user.id, sam.user.id, ...others]));
  });

  it('starts from the top on a damaged or made-up cursor, never a 500', async () => {
    const first = (await ava.get('/api/messages/conversations')).json() as ConversationPage;
    for (const cursor of damagedCursors(first.nextCursor!, first.conversations[0]!.otherUser.id, 'text')) {
      const response = await ava.get(withCursor('/api/messages/conversations', cursor));
      expect(response.statusCode, cursor).toBe(200);
      expect(response.json(), cursor).toEqual(first);
    }
  });

  it('never shows another person’s conversations through their cursor', async () => {
    const [first] = await walkConversations(ava);
    const samPage = (
      await sam.get(withCursor('/api/messages/conversations', first!.nextCursor))
    ).json() as ConversationPage;
    const samOthers = samPage.conversations.map((c) => c.otherUser.id);
    expect(samOthers.every((id) => id === leo.user.id || id === ava.user.id)).toBe(true);
    const [newest] = await query<{ at: string; id: string }>(
      `select (last_at + interval '1 day')::text as at, last_message_id as id from conversation_summaries limit 1`,
    );
    const all = (
      await sam.get(withCursor('/api/messages/conversations', encodePageCursor(newest!.at, newest!.id)))
    ).json() as ConversationPage;
    expect(all.conversations.map((c) => c.otherUser.id).sort()).toEqual([leo.user.id, ava.user.id].sort());
    expect(all.nextCursor).toBeNull();
  });
});

/** The previous page's cursor of a thread page (a page with a next one). */
function pagesCursor(page: ThreadPage): string {
  expect(page.nextCursor).not.toBeNull();
  return page.nextCursor!;
}
