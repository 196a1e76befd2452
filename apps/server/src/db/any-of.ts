/**
 * `column = any($1)`, the ids sent as one array: one statement text for any number of ids (so one
 * prepared statement, not one per length), and drizzle builds one parameter instead of one per id
 * (building a 200-id IN list cost more than running it). A statement prepared once takes the ids as
 * a placeholder (sql.placeholder) instead.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export function anyOf(column: PgColumn, values: string[] | Placeholder, type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = any(${Array.isArray(values) ? sql.param(values) : values}::${sql.raw(type)}[])`;
}
