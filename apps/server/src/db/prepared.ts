import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './connection.ts';
import { afterCursorPlaceholders, type TimeCursor } from './page-cursor.ts';

/**
 * A statement drizzle builds once per database instead of on every call: building a query (walking
 * its tree of columns and templates) costs more CPU than PostgreSQL spends answering a small lookup.
 * `build` ends in `.prepare(name)` and takes its values as `sql.placeholder(...)`, given at execute.
 * Inside a transaction (another connection each time) it is built for that transaction alone.
 */
export function preparedOnce<P>(build: (db: Db | Tx) => P): (db: Db | Tx) => P {
  const built = new WeakMap<Db | Tx, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * A keyset list's two statements, prepared once each: its first page, and a page after a cursor (a
 * text of its own, so each keeps the plan that fits it). `build` adds `after` to its conditions, run
 * with cursorValues(cursor).
 */
export function preparedPages<P>(
  build: (db: Db | Tx, after: typeof afterCursorPlaceholders | (() => undefined)) => P,
): (db: Db | Tx, cursor: TimeCursor | null) => P {
  const first = preparedOnce((db) => build(db, () => undefined));
  const next = preparedOnce((db) => build(db, afterCursorPlaceholders));
  return (db, cursor) => (cursor ? next : first)(db);
}

/**
 * The same for a list in another order: `after` is the condition past the cursor, with placeholders
 * (given at execute), added by `build` to the next page's conditions.
 */
export function preparedKeysetPages<P>(
  after: SQL,
  build: (db: Db | Tx, after: SQL | undefined) => P,
): (db: Db | Tx, cursor: unknown) => P {
  const first = preparedOnce((db) => build(db, undefined));
  const next = preparedOnce((db) => build(db, after));
  return (db, cursor) => (cursor ? next : first)(db);
}
