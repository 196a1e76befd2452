import type { Database } from '../db/connection.ts';

/** Finds a tag regardless of case, or creates it (SPEC: existing tags matched case-insensitively). */
export async function upsertTag(database: Pick<Database, 'query'>, name: string): Promise<string> {
  const rows = await database.query<{ id: string }>(
    'insert into tags (name) values ($1) on conflict (lower(name)) do update set name = tags.name returning id',
    [name],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`tag ${name} not stored`);
  return id;
}
