/**
 * `column = any($1)`, the ids sent as one array: one statement text for any number of ids (so one
 * prepared statement, not one per length), and drizzle builds one parameter instead of one per id
 * (building a 200-id IN list cost more than running it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export function anyOf(column: PgColumn, values: string[], type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;
}
