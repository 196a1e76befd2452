import type { SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './connection.ts';
import { afterCursorPlaceholders, type TimeCursor } from './page-cursor.ts';
import { rowsOf } from './rows.ts';

/**
 * A statement drizzle builds once per database instead of on every call: building a query (walking
 * its tree of columns and templates) costs more CPU than PostgreSQL spends answering a small lookup.
 * `build` ends in `.prepare(name)` and takes its values as `sql.placeholder(...)`, given at execute.
 * Inside a transaction (another connection each time) the statement built in the database's first
 * transaction is sent on this one's connection: drizzle's prepared query keeps its text, parameters and row
 * mapping apart from the client it sends them on (`client`, drizzle-orm 0.45), so a transaction
 * pays for none of the building (0.1-0.2 ms of server CPU a statement, profiled on the boost toggle).
 */
export function preparedOnce<P>(build: (db: Db | Tx) => P): (db: Db | Tx) => P {
  const built = new WeakMap<Db | Tx, P>();
  // Per database, found through the options its transactions' sessions share (the logger that watches writes among them).
  const forTransactions = new WeakMap<object, P>();
  return (db) => {
    if (db instanceof PgTransaction) {
      const { session } = db as unknown as { session: { client: unknown; options: object } };
      let template = forTransactions.get(session.options);
      if (!template) {
        template = build(db);
        if (!Object.hasOwn(template as object, 'client'))
          throw new Error('preparedOnce: build must end in .prepare(name)');
        forTransactions.set(session.options, template);
      }
      return Object.assign(Object.create(template as object) as object, { client: session.client }) as P;
    }
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/** A prepared query as drizzle's sessions make one from SQL text (what `db.execute` does on every call). */
type SqlStatement = { execute(values?: Record<string, unknown>): Promise<unknown> };
type Internals = {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): SqlStatement };
  dialect: { sqlToQuery(sql: SQL): unknown };
};

/**
 * A statement written whole as SQL (with `sql.placeholder(...)` for its values), prepared once as
 * preparedOnce does; it answers its rows, on either engine.
 */
export function preparedSql<Row>(
  name: string,
  text: SQL,
): (db: Db | Tx, values: Record<string, unknown>) => Promise<Row[]> {
  const statement = preparedOnce((db) => {
    const { session, dialect } = db as unknown as Internals;
    return session.prepareQuery(dialect.sqlToQuery(text), undefined, name, false);
  });
  return async (db, values) => rowsOf<Row>(await statement(db).execute(values));
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
