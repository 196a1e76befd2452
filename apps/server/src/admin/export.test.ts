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
});
