/**
 * `column = value` with the value written into the statement's text instead of sent as a parameter,
 * for the conditions a partial index is made for (`where status = 'open'`). A parameter's value is
 * unknown to a prepared statement's generic plan, which then cannot use the partial index: PostgreSQL
 * planned the reports queue again on every call instead (1.3 ms of its 3.4 at 1M cases and people).
 * Only fixed words of the code, never a value a person sent.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export function isConstant(column: PgColumn, value: string | boolean): SQL {
  if (typeof value === 'boolean') return value ? sql`${column}` : sql`not ${column}`;
  if (!/^[a-z_]+$/.test(value)) throw new Error(`isConstant: "${value}" is not a fixed word`);
  return sql`${column} = ${sql.raw(`'${value}'`)}`;
}
