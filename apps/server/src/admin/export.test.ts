import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { exportCsv } from './export.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('export of a large table', () => {
  it('streams 100,000 messages in keyset batches, newest first, each exactly once', async () => {
    const admin = await t.signedIn({ admin: true });
    const a = await t.createUser({ name: 'Alpha' });
    // Many rows share a created_at, so the id breaks ties and no row is lost between batches.
    await t.deps.database.query(
      `
      insert into gig_messages (sender_id, receiver_id, message, created_at)
      select $1, null, case when i = 1 then '=cmd|'' /C calc''!A0' else 'message ' || i end, timestamptz '2026-01-01' + (i / 7) * interval '1 second'
      from generate_series(1, 100000) as i`,
      [a.id],
    );
    let chunks = 0;
    let text = '';
    const actor = { id: admin.user.id, displayName: admin.user.name, isAdmin: true };
    for await (const chunk of exportCsv({ deps: t.deps, actor, table: 'messages', batchSize: 5000 })) {
      chunks += 1;
      text += String(chunk);
    }
    expect(chunks).toBe(21); // the header, then 20 batches of 5000
    const rows = parseCsv(text);
    expect(rows).toHaveLength(100_001);
    const ids = new Set(rows.slice(1).map((row) => row[0]));
    expect(ids.size).toBe(100_000);
    expect(rows[1]?.[7]).toMatch(/^message \d+$/);
    expect(rows.find((row) => row[7]?.includes('calc'))?.[7]).toBe("'=cmd|' /C calc'!A0");

    const response = await admin.get('/api/admin/export/messages');
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\r\n').length).toBe(100_002);
  }, 120_000);

  it('rows written into a batch after its end was found are exported once each, none lost', async () => {
    const admin = await t.signedIn({ admin: true });
    const a = await t.createUser({ name: 'Beta' });
    const { database } = t.deps;
    await database.query(
      `insert into gig_messages (sender_id, receiver_id, message, created_at)
       select $1, null, 'earlier ' || i, timestamptz '2020-01-01' + i * interval '1 minute' from generate_series(1, 50) as i`,
      [a.id],
    );
    // Just before the first batch that reaches these rows is read, ten more rows land where it has not
    // read yet, a second apart. On PostgreSQL that batch was asked for up to an end found beforehand
    // (its last two values): the rows go just newer than that end, so it comes back full and short of
    // it. PGlite reads batch after batch from the last row (its last two values): the rows go just older.
    let added = false;
    const query: typeof database.query = async (text, params = []) => {
      const position = String(params.at(-2));
      if (!added && text.includes('json_build_array') && position.startsWith('2020')) {
        added = true;
        await database.query(
          `insert into gig_messages (sender_id, receiver_id, message, created_at)
           select $1, null, 'added ' || i, $2::timestamptz + $3 * (11 - i) * interval '1 second' from generate_series(1, 10) as i`,
          [a.id, position, database.kind === 'postgres' ? 1 : -1],
        );
      }
      return database.query(text, params);
    };
    const actor = { id: admin.user.id, displayName: admin.user.name, isAdmin: true };
    let text = '';
    const only = { ...t.deps, database: { ...database, query } };
    for await (const chunk of exportCsv({ deps: only, actor, table: 'messages', batchSize: 20 })) text += String(chunk);
    expect(added).toBe(true);
    const messages = parseCsv(text)
      .slice(1)
      .map((row) => row[7])
      .filter((message) => /^(earlier|added) /.test(message ?? ''));
    expect(new Set(messages).size).toBe(messages.length);
    expect(messages.filter((message) => message?.startsWith('added'))).toHaveLength(10);
    expect(messages.filter((message) => message?.startsWith('earlier'))).toHaveLength(50);
    // in their place among the rest: one run of ten, newest first
    const places = messages.flatMap((message, place) => (message?.startsWith('added') ? [place] : []));
    expect(places.at(-1)! - places[0]!).toBe(9);
  });
});
