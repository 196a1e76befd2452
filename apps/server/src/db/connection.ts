/**
 * The one place that knows which engine runs: PGlite embedded under DATA_DIR by default, PostgreSQL
 * when DATABASE_URL is set. Everything else sees the same drizzle database and the same
 * LISTEN/NOTIFY pair, so features never ask which engine they are on.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { plannedForValues, valuesDecidePlan } from '../platform/request-context.ts';
import * as schema from './schema.ts';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction; without drizzle's relational queries (withPlainTransactions). */
export type Tx = Omit<Parameters<Parameters<Db['transaction']>[0]>[0], 'query'>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL and returns its rows, whichever engine is underneath. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * SQL for a library that brings its own (the job queue): with values, one statement; without,
   * possibly several. Answers in node-postgres's shape, `{ rows }` of the last statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** `onListen` runs each time the LISTEN is in place, again after a lost connection came back (events in between are lost). */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onWrite` when a statement of this process inserts, updates or deletes rows of one of these
   * tables directly (before it runs, in the caller's async context); returns the way to stop.
   */
  watchWrites(tables: string[], onWrite: () => void): () => void;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, used to copy a migrated database per test file. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: the data folder as a tarball taken between transactions (none is open while it is read),
   * after a checkpoint: a consistent backup of the running database (platform/backup.ts).
   */
  snapshot?(): Promise<Blob>;
  /** PostgreSQL only: the pool's size, and how many statements and transactions hold or wait for a connection. */
  poolStats?(): { size: number; inUse: number; waiting: number };
};

/**
 * drizzle makes each transaction a new database object, and given a schema it builds that object one
 * relational query builder per table (46 of them: about 18 µs and as many objects for the collector,
 * on every transaction). Only Better Auth's adapter reads through `db.query`, on the database itself
 * (decision 0014), so transactions are made without them: `tx.query` is undefined.
 */
function withPlainTransactions(db: Db): Db {
  (db as unknown as { session: { schema: unknown } }).session.schema = undefined;
  return db;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type ConnectOptions =
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File } | { kind: 'postgres'; url: string; max?: number };

/**
 * What Database.watchWrites sees: every statement drizzle sends (its logger, on both engines) and
 * every one sent with Database.query; not the job queue's own (executeSql), which writes none of them.
 */
function writeWatch() {
  const watchers = new Set<{ pattern: RegExp; onWrite: () => void }>();
  return {
    logger: {
      logQuery(text: string) {
        for (const watcher of watchers) if (watcher.pattern.test(text)) watcher.onWrite();
      },
    },
    watchWrites(tables: string[], onWrite: () => void) {
      const names = tables.map((table) => table.replace(/[^a-z_]/g, '')).join('|');
      const watcher = {
        pattern: new RegExp(`^\\s*(?:update|delete\\s+from|insert\\s+into)\\s+"?(?:${names})"?[\\s(]`, 'i'),
        onWrite,
      };
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
  };
}

export async function openDatabase(options: ConnectOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.max ?? 10);
  // pg_trgm's code (the offers' title search index, migration 0007) is loaded with every PGlite.
  const extensions = { pg_trgm };
  const pg = options.loadDataDir
    ? await PGlite.create({ loadDataDir: options.loadDataDir, extensions })
    : await PGlite.create(options.dataDir ?? 'memory://', { extensions });
  const watch = writeWatch();
  const db = withPlainTransactions(drizzlePglite(pg, { schema, logger: watch.logger }) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    watchWrites: watch.watchWrites,
    async query<T>(text: string, params: unknown[] = []) {
      watch.logger.logQuery(text);
      const result = await pg.query<T>(text, params);
      return result.rows;
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pg.query(text, values)).rows };
      const results = await pg.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    async listen(channel, onPayload, onListen) {
      // In-process: a LISTEN here is never lost.
      const unsubscribe = await pg.listen(channel, onPayload);
      onListen?.();
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await pg.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    async dump() {
      return pg.dumpDataDir('gzip');
    },
    async snapshot() {
      await pg.exec('checkpoint');
      // Holding the transaction lock: every other transaction has ended or waits until the folder is read.
      return pg.transaction(() => pg.dumpDataDir('gzip'));
    },
  };
}

/** How oneProcessAtATime reaches a PostgreSQL database on a connection of its own (kept out of the object, which may be logged). */
const startupLockSessions = new WeakMap<Database, () => postgres.Sql>();

/**
 * A Unix socket named the way libpq and node-postgres take it, `postgres://user@localhost/db?host=/var/run/postgresql`:
 * on the database's own machine a socket costs less per statement than TCP on the loopback. postgres.js
 * takes the folder as its `host` option; left in the address it would be sent as a server setting.
 */
function socketHost(url: string): { host?: string } {
  const host = URL.canParse(url) ? new URL(url).searchParams.get('host') : null;
  return host?.startsWith('/') ? { host } : {};
}
function withoutSocketHost(url: string): string {
  if (!socketHost(url).host) return url;
  const parsed = new URL(url);
  parsed.searchParams.delete('host');
  return parsed.toString();
}

/**
 * Statements are named prepared statements unless run inside `plannedForValues`. Drizzle sends a
 * statement it was not asked to prepare unnamed, so PostgreSQL parsed and planned every statement of
 * every request again: planning a person's order list took 2 ms of its 3. Named, each connection
 * parses a text once, and PostgreSQL keeps a generic plan where that plans as well as the values'
 * own plans would (an indexed lookup or a keyset page of one person's rows). The switch lives in the
 * request's context (platform/request-context.ts); features reach it here, beside the database.
 */
export { plannedForValues };

/**
 * A page's size goes into a prepared statement's text (drizzle sends `.limit(n)` as the last parameter):
 * a generic plan that does not know how many rows are wanted sorts all of a person's rows (16 ms for
 * 2,000 private jobs) where knowing it walks the index and stops after the page (1 ms).
 */
function limitInText(text: string, params: unknown[]): { text: string; params: unknown[] } {
  const last = params.length;
  const value = params[last - 1];
  if (!Number.isSafeInteger(value) || (value as number) < 0) return { text, params };
  const placeholder = new RegExp(`\\$${last}(?!\\d)`, 'g');
  const uses = text.match(placeholder)?.length ?? 0;
  const asLimit = new RegExp(`\\blimit \\$${last}(?!\\d)`, 'i');
  if (uses !== 1 || !asLimit.test(text)) return { text, params };
  return { text: text.replace(asLimit, `limit ${value as number}`), params: params.slice(0, -1) };
}

type Client = postgres.Sql | postgres.TransactionSql;
const UNDERNEATH = Symbol('the driver underneath');

/**
 * How long a statement, or a transaction's start, may wait for a connection. Only while the database
 * cannot be reached (restarting, a network fault) does a wait come near this: postgres.js would hold the
 * statement until a connection opens, however long, so it is given up instead and the request answers 503
 * (http/errors.ts) rather than hanging. Statements already running are never cut short by this.
 */
const CONNECTION_WAIT_MS = 4_000;
const waitedTooLong = () =>
  Object.assign(new Error('no database connection within the wait limit'), { code: 'CONNECTION_WAIT' });

/** A statement's error that says its connection is gone (the server shut down, the socket closed). */
const LOST_CONNECTION = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * A transaction's work that failed because its connection is gone is left unsettled: postgres.js
 * would answer the failure by sending ROLLBACK on that connection, whose socket is already gone, and
 * its deferred write then throws outside any promise and ends the process (postgres.js 3.4.9, seen when
 * PostgreSQL restarts under load). The transaction fails anyway, as postgres.js rejects it when the
 * connection closes; if no close comes within the wait limit, the error is passed on after all.
 */
function untilConnectionLost<T>(work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    work.then(resolve, (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && LOST_CONNECTION.has(code))
        setTimeout(() => reject(error), CONNECTION_WAIT_MS).unref();
      else reject(error);
    });
  });
}

const lostConnection = () =>
  Object.assign(new Error('the transaction lost its connection'), { code: 'CONNECTION_CLOSED' });

/** What a statement of a transaction whose connection is gone answers, drizzle's `values()` included. */
function failedStatement() {
  const failed = Promise.reject(lostConnection());
  failed.catch(() => undefined);
  return Object.assign(failed, { values: () => failed, execute: () => failed });
}

/** Marks the transaction's connection gone when one of its statements says so. */
function noticeLost<Q>(query: Q, lost: { gone: boolean }): Q {
  const pending = query as unknown as { then: PromiseLike<unknown>['then'] };
  const then = pending.then;
  let watched = false;
  pending.then = function (this: unknown, ...args: Parameters<PromiseLike<unknown>['then']>) {
    if (!watched) {
      watched = true;
      then.call(this, undefined, (error: unknown) => {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && LOST_CONNECTION.has(code)) lost.gone = true;
      });
    }
    return then.apply(this, args);
  } as PromiseLike<unknown>['then'];
  return query;
}

/** Statements not yet on a connection, each with when it was sent; looked at four times a second while any waits. */
type Waiting = { state: unknown; cancel(): unknown; then: PromiseLike<unknown>['then'] };

function connectionWaits() {
  const waiting = new Map<Waiting, number>();
  let sweeper: NodeJS.Timeout | undefined;
  /** Statements and transactions sent and not yet settled (the pool's use, for /metrics). */
  let inUse = 0;
  const sweep = () => {
    const now = performance.now();
    for (const [query, since] of waiting) {
      // postgres.js sets a statement's state once it is sent on a connection.
      if (query.state) waiting.delete(query);
      else if (now - since > CONNECTION_WAIT_MS) {
        waiting.delete(query);
        // A statement that never reached a connection is taken out of the pool's queue and fails (57014).
        void query.cancel();
      }
    }
    if (waiting.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  const watch = <Q>(query: Q): Q => {
    const pending = query as unknown as Waiting;
    waiting.set(pending, performance.now());
    sweeper ??= setInterval(sweep, 250).unref();
    // Counted from the first `then` (postgres.js sends a statement when it is first awaited) until it settles.
    const then = pending.then;
    let counted = false;
    pending.then = function (this: Waiting, ...args: Parameters<Waiting['then']>) {
      if (!counted) {
        counted = true;
        inUse += 1;
        const settled = () => void (inUse -= 1);
        then.call(this, settled, settled);
      }
      return then.apply(this, args);
    } as Waiting['then'];
    return query;
  };
  return Object.assign(watch, {
    transaction: (change: 1 | -1) => void (inUse += change),
    stats: () => {
      let unsent = 0;
      for (const query of waiting.keys()) if (!query.state) unsent += 1;
      return { inUse, waiting: unsent };
    },
  });
}

/** The driver a database's statements finally reach (postgres.js or PGlite), for tests that watch them. */
export function driverUnderneath(db: Db): Record<string | symbol, unknown> {
  const client = (db as unknown as { $client: Record<string | symbol, unknown> }).$client;
  return (client[UNDERNEATH] as Record<string | symbol, unknown> | undefined) ?? client;
}

/**
 * The driver as drizzle sees it: `unsafe` prepares unless asked not to, in transactions too. On the pool
 * itself (`watch` given), a statement or a transaction that waits too long for a connection is given up.
 */
function preparedByDefault<T extends Client>(
  client: T,
  watch?: ReturnType<typeof connectionWaits>,
  lost?: { gone: boolean },
): T {
  const sent = <Q>(query: Q) => (watch ? watch(query) : lost ? noticeLost(query, lost) : query);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === UNDERNEATH) return target;
      if (property === 'unsafe')
        return (text: string, params: unknown[] = [], options?: { prepare?: boolean }) => {
          // A transaction whose connection is gone sends nothing more on it (see untilConnectionLost).
          if (lost?.gone) return failedStatement();
          if (valuesDecidePlan()) return sent(target.unsafe(text, params as never, { ...options, prepare: false }));
          const statement = limitInText(text, params);
          // postgres.js sends a statement without parameters (a first page, a count, a page whose size
          // went into its text) as a simple query, parsed and planned on every call: 2.3 ms of planning
          // for the admin's disputes page, whose plan then runs in 0.6 ms. Only text holding several
          // statements needs the simple protocol.
          const simple = statement.params.length === 0 && /;\s*\S/.test(statement.text);
          return sent(
            target.unsafe(statement.text, statement.params as never, { ...options, prepare: true, simple } as never),
          );
        };
      if (property === 'begin' && watch)
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const work = args[last] as (tx: Client) => unknown;
          let started = false;
          let abandoned = false;
          // A transaction given up before it began must not run later, when a connection comes.
          args[last] = (tx: Client) => {
            started = true;
            if (abandoned) throw waitedTooLong();
            const lostHere = { gone: false };
            return untilConnectionLost(Promise.resolve(work(preparedByDefault(tx, undefined, lostHere))));
          };
          watch.transaction(1);
          const begun = (Reflect.get(target, property, receiver) as (...a: unknown[]) => Promise<unknown>)
            .apply(target, args)
            .finally(() => watch.transaction(-1));
          let timer: NodeJS.Timeout | undefined;
          const givenUp = new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => {
              if (started) return;
              abandoned = true;
              reject(waitedTooLong());
            }, CONNECTION_WAIT_MS);
          });
          return Promise.race([begun, givenUp]).finally(() => clearTimeout(timer));
        };
      if (property === 'begin' || property === 'savepoint')
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const work = args[last] as (tx: Client) => unknown;
          args[last] = (tx: Client) => work(preparedByDefault(tx, undefined, lost));
          return (Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown).apply(target, args);
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

/** Any constant shared by every process: the key of the advisory lock that lets one process start up at a time. */
const MIGRATION_LOCK = 7_370_301;

async function openPostgres(url: string, max: number): Promise<Database> {
  // JIT compiles a plan's expressions before running it: for the product's short indexed statements
  // that costs far more than it saves (measured: 429 ms of a 570 ms statement), so it is off. So are
  // parallel workers: starting them cost ~300 ms of a 334 ms tag search that runs in 84 ms alone.
  // A random page costs about what a sequential one does when the working set is in memory (1.1,
  // not the spinning-disk default of 4): at 4, the generic plan of a person's order list fetched
  // and sorted all 350 of the seller's orders to show 30 (1.5 ms; 180 ms p99 for the busiest seller
  // at 1M), where walking the (seller, created_at, id) index stops after the page (0.1 ms).
  // A database that restarts is reached again within half a second of accepting connections: postgres.js's
  // own reconnect delay grows to 20 s (three times longer after each failure, shared with the LISTEN
  // connection, which could stay lost for that long). A connection attempt that gets no answer ends after 5 s.
  const client = postgres(withoutSocketHost(url), {
    ...socketHost(url),
    max,
    onnotice: () => {},
    prepare: true,
    connect_timeout: 5,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    connection: { jit: 'off', max_parallel_workers_per_gather: 0, random_page_cost: 1.1 },
  });
  const waits = connectionWaits();
  const driver = preparedByDefault(client, waits);
  const watch = writeWatch();
  const db = withPlainTransactions(drizzlePostgres(driver, { schema, logger: watch.logger }));
  const database: Database = {
    kind: 'postgres',
    db,
    watchWrites: watch.watchWrites,
    async query<T>(text: string, params: unknown[] = []) {
      watch.logger.logQuery(text);
      return (await driver.unsafe(text, params as never[])) as unknown as T[];
    },
    async executeSql(text, values) {
      // Parameters as node-postgres (whose shape the library expects) sends them: undefined as null, an object as JSON.
      const asJson = (value: unknown) =>
        value === undefined
          ? null
          : value !== null &&
              typeof value === 'object' &&
              !(value instanceof Date) &&
              !Buffer.isBuffer(value) &&
              !Array.isArray(value)
            ? JSON.stringify(value)
            : value;
      if (values && values.length > 0) return { rows: [...(await client.unsafe(text, values.map(asJson) as never[]))] };
      // Several statements may hold BEGIN ... COMMIT: they run together on one connection of their own.
      const connection = await client.reserve();
      let result: unknown;
      try {
        result = await connection.unsafe(text).simple();
      } catch (error) {
        // A connection that died under the statement is the pool's again already: released, postgres.js
        // (3.4.9) would put the dead connection back among the open ones, and the next statement sent on
        // it would throw outside any promise and end the process.
        const code = (error as { code?: unknown }).code;
        if (!(typeof code === 'string' && LOST_CONNECTION.has(code))) connection.release();
        throw error;
      }
      connection.release();
      const last =
        Array.isArray(result) && Array.isArray(result[result.length - 1]) ? result[result.length - 1] : result;
      return { rows: Array.isArray(last) ? [...last] : [] };
    },
    async listen(channel, onPayload, onListen) {
      const { unlisten } = await client.listen(channel, onPayload, onListen);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
    poolStats: () => ({ size: max, ...waits.stats() }),
  };
  startupLockSessions.set(database, () =>
    postgres(withoutSocketHost(url), { ...socketHost(url), max: 1, onnotice: () => {} }),
  );
  return database;
}

/**
 * Runs `work` while no other process runs work of its own under this lock: processes started
 * together (a deploy's replicas) would otherwise migrate side by side, or install the job queue's
 * schema side by side, and all but one fail on what the first creates. One holds the lock; the others
 * wait, then find nothing left to do. Ending the lock's session releases it, however the work ends.
 * PGlite is one process: nothing to wait for.
 */
export async function oneProcessAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const session = startupLockSessions.get(database);
  if (!session) return work();
  const lockSession = session();
  try {
    await lockSession`select pg_advisory_lock(${MIGRATION_LOCK})`;
    return await work();
  } finally {
    await lockSession.end();
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  await oneProcessAtATime(database, async () => {
    await database.query('set client_min_messages = warning');
    await migratePostgres(database.db, { migrationsFolder });
  });
}
