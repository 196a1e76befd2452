import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection.ts';

/** Finds a tag regardless of case, or creates it (SPEC: existing tags matched case-insensitively). */
export async function upsertTag(db: Db | Tx, name: string): Promise<string> {
  const result: unknown = await db.execute(
    sql`insert into tags (name) values (${name}) on conflict (lower(name)) do update set name = tags.name returning id`,
  );
  // drizzle's execute gives an array on postgres-js and { rows } on PGlite.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ id: string }>;
  const id = rows[0]?.id;
  if (!id) throw new Error(`tag ${name} not stored`);
  return id;
}
