import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';
import { rowsOf } from '../db/rows.ts';

/** Finds a tag regardless of case, or creates it (SPEC: existing tags matched case-insensitively). */
export async function upsertTag(db: Db | Tx, name: string): Promise<string> {
  const result: unknown = await db.execute(
    sql`insert into tags (name) values (${name}) on conflict (lower(name)) do update set name = tags.name returning id`,
  );
  const rows = rowsOf<{ id: string }>(result);
  const id = rows[0]?.id;
  if (!id) throw new Error(`tag ${name} not stored`);
  return id;
}
