/**
 * Scale benchmark: every read endpoint and the three hot write paths on PostgreSQL with
 * skewed data at 10k and at 1M (bench/scale.sql writes it: n people and offers, about 10n boosts, 2n
 * favourites, n reactions, 5k tags used Zipf-like, n messages among n/10 people of whom three have
 * over 1% of n conversations, n orders, n notifications, n login attempts). The tables a live product
 * appends to are written in time order, so their heap follows their time indexes as a real one's does
 * (decision 0022).
 *
 * For each size: seed a fresh database (keys, indexes and foreign keys set aside during the load and
 * re-added after it, which checks every row), start the server on it, sign in the three callers the
 * generator gave a password (typical, worst case, admin), then
 * - every read endpoint at 50 connections, for a typical and a worst-case caller: the feed with the
 *   rarest, the most common and an unknown tag and word, explore, an offer and a creator page, and
 *   the signed-in and admin lists; p50, p99 and rate of the 2xx answers;
 * - a full CSV export of the offers table (n rows) with the server's resident memory sampled;
 * - boost toggle, send message and mark paid over HTTP (each request the next person's), each
 *   beside pgbench running the same statements (as many clients as the server's pool, server idle).
 * The budgets apply at the largest size: read p99 < 50 ms (admin < 100 ms, feed state
 * < 15 ms) and p99 at the largest no more than 1.5x at the smallest; export < 30 s; writes at least
 * 50% of pgbench's rate with p99 < 50 ms.
 *
 * Sizes: 10k and 1M (`npm run bench -- --only scale`); `--smoke` 2,000 with short loads; either with
 * `--scale-sizes=100k` (or BENCH_SCALE_SIZES=100000) for chosen sizes, `--scale-only=feed/state,writes`
 * for some of the loads (chosenParts). `--keep-scale-database` keeps the largest size's database
 * afterwards (its URL is logged) for EXPLAIN and profiling.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AutocannonRequest } from 'autocannon';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { PUSH_DEVICES_MAX, RANK_SCORE_SQL, type ExportTable, type FeedPage } from '@gigreel/core';
import { sessionWithPersonQuery } from '../apps/server/src/auth/sessions.queries.ts';
import { signToken } from '../apps/server/src/auth/signed-cookie.ts';
import { migrateDatabase, openDatabase, type Db } from '../apps/server/src/db/connection.ts';
import { reachText } from '../apps/server/src/notifications/notifications.queries.ts';
import { WAKE_CHANNEL } from '../apps/server/src/platform/outbox.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/realtime/bench-support.ts';
import { size } from './feed.ts';
import { boostTransaction } from './boost.ts';
import {
  describeCpu,
  describeFailures,
  inlineParams,
  runAtRate,
  runLoad,
  type RateRequest,
  runPgbench,
  type LoadResult,
  type PgbenchResult,
  type PgbenchScript,
} from './measure.ts';
import { atLeast, atMost, type BenchSection, type Figure, type Section, type SectionOptions } from './report.ts';
import { benchServerUrl, seededUuid, type BenchDatabase } from './seed.ts';
import { signInAs, startServer, type RunningServer } from './server.ts';
import { BENCH_PASSWORD, freshDatabase } from './support.ts';

export type ScaleSettings = {
  sizes: number[];
  connections: number;
  /** Each read endpoint's and write path's measured load, after its warm-up. */
  seconds: number;
  warmupSeconds: number;
  /** Smoke: a fixed number of requests per load instead of `seconds` (so a slow answer is still counted). */
  requestsPerLoad?: number;
  /** pgbench: as many clients as the server's pool (apps/server/src/db/connection.ts), whole seconds. */
  poolSize: number;
  pgbenchSeconds: number;
  pgbenchWarmupSeconds: number;
  /** People who boost and pay (each request the next of them), and the senders messages rotate through (20 a minute each). */
  writers: number;
  senders: number;
  /** Unpaid orders written beforehand: per writer for HTTP, per pgbench client and run. */
  ordersPerWriter: number;
  ordersPerPgbenchClient: number;
  exportTable: ExportTable;
};

export const FULL: ScaleSettings = {
  sizes: [10_000, 1_000_000],
  connections: 50,
  seconds: 5,
  warmupSeconds: 1,
  poolSize: 10,
  pgbenchSeconds: 5,
  pgbenchWarmupSeconds: 1,
  writers: 50,
  senders: 3000,
  ordersPerWriter: 400,
  ordersPerPgbenchClient: 5000,
  exportTable: 'offers',
};
export const SMOKE: ScaleSettings = {
  sizes: [2000],
  connections: 10,
  seconds: 0,
  warmupSeconds: 0,
  requestsPerLoad: 20,
  poolSize: 10,
  pgbenchSeconds: 1,
  pgbenchWarmupSeconds: 0,
  writers: 10,
  senders: 200,
  ordersPerWriter: 100,
  ordersPerPgbenchClient: 2000,
  exportTable: 'offers',
};

/** The budgets each figure is held to. */
const READ_P99_MS = 50;
const ADMIN_P99_MS = 100;
const STATE_P99_MS = 15;
const P99_GROWTH = 1.5;
const EXPORT_SECONDS = 30;
const WRITE_SHARE_OF_PGBENCH = 0.5;
const WRITE_P99_MS = 50;

const UNKNOWN_TAG = 'nosuchtag';
const UNKNOWN_WORD = 'qzxqzx';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export const section: BenchSection = (options) => {
  const base = options.smoke ? SMOKE : FULL;
  const sizes = chosenSizes();
  return scaleSection(sizes ? { ...base, sizes } : base, options);
};

/**
 * --scale-only=feed/state,writes (or BENCH_SCALE_ONLY): only the read endpoints whose label contains
 * one of the words, the export if one is "export", the writes if one is "writes"; null measures all.
 * For looking at one path again after a change, not for the report's budgets.
 */
export function chosenParts(argv = process.argv, env = process.env): string[] | null {
  const text =
    argv.find((arg) => arg.startsWith('--scale-only='))?.slice('--scale-only='.length) ?? env.BENCH_SCALE_ONLY;
  return text
    ? text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : null;
}
const measured = (label: string) => {
  const parts = chosenParts();
  return !parts || parts.some((part) => label.includes(part));
};

/** Sizes asked for with --scale-sizes=10k,100k (or BENCH_SCALE_SIZES), else null. */
export function chosenSizes(argv = process.argv, env = process.env): number[] | null {
  const text =
    argv.find((arg) => arg.startsWith('--scale-sizes='))?.slice('--scale-sizes='.length) ?? env.BENCH_SCALE_SIZES;
  if (!text) return null;
  const sizes = text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([kKmM]?)\s*$/.exec(part);
    if (!match) throw new Error(`--scale-sizes: "${part}" is not a size (e.g. 2000, 100k, 1M)`);
    const unit = match[2]!.toLowerCase();
    return Math.round(Number(match[1]) * (unit === 'k' ? 1000 : unit === 'm' ? 1_000_000 : 1));
  });
  if (sizes.some((n) => n < 1000)) throw new Error('--scale-sizes: each size must be at least 1000');
  return sizes;
}

// ---- the data ----

/** The facts scale.sql returns: who the callers are, and the words and tags to search for. */
export type ScaleFacts = {
  reserved: number;
  worst: string;
  typical: string;
  admin: string;
  worstOffer: string;
  typicalOffer: string;
  worstPartner: string;
  typicalPartner: string | null;
  commonWord: { name: string; offers: number };
  rareWord: { name: string; offers: number };
  commonTag: { name: string; offers: number };
  rareTag: { name: string; offers: number };
};

export type ScaleDatabase = {
  n: number;
  url: string;
  facts: ScaleFacts;
  /** Rows per table after seeding. */
  tables: Record<string, number>;
  seedSeconds: number;
  /** The slow steps of seeding, "what: seconds". */
  steps: string[];
  drop(): Promise<void>;
};

const SCALE_SQL = path.join(import.meta.dirname, 'scale.sql');

/** The tables scale.sql fills. */
const FILLED = [
  'users',
  'accounts',
  'user_roles',
  'offers',
  'tags',
  'offer_tags',
  'boosts',
  'favorites',
  'reactions',
  'gig_messages',
  'conversation_summaries',
  'notifications',
  'private_jobs',
  'orders',
  'reviews',
  'order_problems',
  'report_cases',
  'blocks',
  'login_attempts',
  'security_logs',
  'audit_log',
];
/** Primary keys kept during the load: the generator looks offers up by id (message and order titles). */
const KEPT_KEYS = ['users', 'offers', 'tags'];

/** scale.sql with its placeholders filled in, one statement each. */
export function scaleStatements(options: { n: number; passwordHash: string; now: Date }): string[] {
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const quoted: Record<string, string> = { now: options.now.toISOString(), password_hash: options.passwordHash };
  const raw: Record<string, string> = { n: String(Math.floor(options.n)), rank_score: RANK_SCORE_SQL };
  const text = readFileSync(SCALE_SQL, 'utf8')
    .replace(/(?<![:\w]):'(\w+)'/g, (match, name: string) => (name in quoted ? literal(quoted[name]!) : match))
    .replace(/(?<![:\w]):([a-z_]+)\b/g, (match, name: string) => (name in raw ? raw[name]! : match));
  return text
    .split(/^--> statement-breakpoint$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--.*$/gm, '').trim() !== '');
}

/** A fresh PostgreSQL database, migrated by the server's own migrateDatabase, filled by scale.sql. */
export async function createScaleDatabase(n: number, log: (line: string) => void): Promise<ScaleDatabase> {
  const started = performance.now();
  const fresh = await freshDatabase(
    benchServerUrl(),
    `gigreel_bench_scale_${n}_${process.pid}_${Math.random().toString(36).slice(2, 6)}`,
  );
  try {
    const migrated = await openDatabase({ kind: 'postgres', url: fresh.url, max: 1 });
    try {
      await migrateDatabase(migrated);
    } finally {
      await migrated.close();
    }
    const sql = postgres(fresh.url, { max: 1, onnotice: () => {} });
    try {
      const steps: string[] = [];
      const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
        const t = performance.now();
        const result = await work();
        const seconds = (performance.now() - t) / 1000;
        if (seconds >= 1) {
          steps.push(`${what}: ${seconds.toFixed(1)} s`);
          log(`scale: seed ${size(n)}: ${what} ${seconds.toFixed(1)} s`);
        }
        return result;
      };
      // The session is the seeder's alone: memory for the sorts and index builds, no wait for each commit's flush.
      await sql.unsafe(`set maintenance_work_mem = '512MB'`);
      await sql.unsafe(`set work_mem = '256MB'`);
      await sql.unsafe('set synchronous_commit = off');
      const restore = await setAside(sql);
      // Triggers off for the load (the tallies' triggers would append a change per row); counted once after.
      await sql.unsafe('set session_replication_role = replica');
      const statements = scaleStatements({ n, passwordHash: await hashPassword(BENCH_PASSWORD), now: new Date() });
      let rows: Array<{ key: string; value: string }> = [];
      for (const statement of statements) {
        const first = statement
          .replace(/^--.*\n/gm, '')
          .split('\n')[0]!
          .slice(0, 70);
        rows = (await timed(first, () => sql.unsafe(statement))) as unknown as Array<{ key: string; value: string }>;
      }
      await sql.unsafe('set session_replication_role = origin');
      await restore(timed);
      await timed('tallies', () => sql.unsafe('select recount_tallies()'));
      await timed('offer stats', () => sql.unsafe('select recount_offer_stats()'));
      await timed('vacuum (analyze)', () => sql.unsafe('vacuum (analyze)'));
      await sql.unsafe('checkpoint');
      const tables = await countRows(sql);
      return {
        n,
        url: fresh.url,
        facts: readFacts(rows),
        tables,
        seedSeconds: (performance.now() - started) / 1000,
        steps,
        drop: fresh.drop,
      };
    } finally {
      await sql.end();
    }
  } catch (error) {
    await fresh.drop();
    throw error;
  }
}

/**
 * --scale-database=URL: measure a database an earlier run kept (--keep-scale-database) instead of
 * seeding one, to look at a change again without the minutes of seeding a million rows. Earlier
 * loads' writes are in it (boosts toggled, messages sent, orders paid), so its figures are for
 * comparing runs on that database, not for the report.
 */
function keptDatabaseUrl(argv = process.argv): string | null {
  return argv.find((arg) => arg.startsWith('--scale-database='))?.slice('--scale-database='.length) ?? null;
}

const KEPT_MARK = 'gigreel-scale:';

/** What measuring needs of a kept database, written as the database's comment. */
async function describeKept(database: ScaleDatabase): Promise<void> {
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const { n, facts, tables, seedSeconds, steps } = database;
    const text = `${KEPT_MARK}${JSON.stringify({ n, facts, tables, seedSeconds, steps })}`;
    const name = new URL(database.url).pathname.slice(1); // freshDatabase's plain name
    await sql.unsafe(`comment on database ${name} is $kept$${text}$kept$`);
  } finally {
    await sql.end();
  }
}

async function openKeptDatabase(url: string): Promise<ScaleDatabase> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<
      { comment: string | null }[]
    >`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`;
    if (!row?.comment?.startsWith(KEPT_MARK)) throw new Error(`--scale-database: ${url} was not kept by a scale run`);
    const kept = JSON.parse(row.comment.slice(KEPT_MARK.length)) as Omit<ScaleDatabase, 'url' | 'drop'>;
    // An earlier run's loads end with mail still queued (pgbench's mark paid queues one a transaction);
    // left there, this run's server would send it during its first load and charge it to the boosts.
    await sql`update mail_outbox set status = 'sent', finished_at = now() where status = 'queued'`;
    return { ...kept, url, drop: async () => {} };
  } finally {
    await sql.end();
  }
}

type Timed = <T>(what: string, work: () => Promise<T>) => Promise<T>;

/**
 * Drops the filled tables' foreign keys, keys and indexes (one sort each after the load instead of
 * millions of random inserts); the function returned puts them back: keys and indexes (unique ones
 * check their rows), then foreign keys (each checks every row against the table it names).
 */
async function setAside(sql: postgres.Sql): Promise<(timed: Timed) => Promise<void>> {
  const foreignKeys = await sql<{ tableName: string; name: string; def: string }[]>`
    select c.conrelid::regclass::text as "tableName", c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c
     where c.contype = 'f' and (c.conrelid::regclass::text = any(${FILLED}) or c.confrelid::regclass::text = any(${FILLED}))`;
  const keys = await sql<{ tableName: string; name: string; def: string }[]>`
    select c.conrelid::regclass::text as "tableName", c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c
     where c.contype in ('p', 'u') and c.conrelid::regclass::text = any(${FILLED})
       and not (c.contype = 'p' and c.conrelid::regclass::text = any(${KEPT_KEYS}))`;
  const indexes = await sql<{ name: string; def: string }[]>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
     where i.indrelid::regclass::text = any(${FILLED})
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)`;
  for (const key of foreignKeys) await sql.unsafe(`alter table ${key.tableName} drop constraint "${key.name}"`);
  for (const key of keys) await sql.unsafe(`alter table ${key.tableName} drop constraint "${key.name}"`);
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  return async (timed) => {
    await timed(`${keys.length} keys`, async () => {
      for (const key of keys) await sql.unsafe(`alter table ${key.tableName} add constraint "${key.name}" ${key.def}`);
    });
    await timed(`${indexes.length} indexes`, async () => {
      for (const index of indexes) await sql.unsafe(index.def);
    });
    await timed(`${foreignKeys.length} foreign keys`, async () => {
      for (const key of foreignKeys)
        await sql.unsafe(`alter table ${key.tableName} add constraint "${key.name}" ${key.def}`);
    });
  };
}

async function countRows(sql: postgres.Sql): Promise<Record<string, number>> {
  const tables = await sql<
    { name: string }[]
  >`select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${name}"`);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

function readFacts(rows: Array<{ key: string; value: string }>): ScaleFacts {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const text = (key: string) => {
    const value = byKey.get(key);
    if (value === undefined) throw new Error(`scale.sql returned no ${key}`);
    return value;
  };
  const counted = (key: string) => {
    const [name, offers] = text(key).split(' ');
    return { name: name!, offers: Number(offers) };
  };
  return {
    reserved: Number(text('reserved')),
    worst: text('worst'),
    typical: text('typical'),
    admin: text('admin'),
    worstOffer: text('worstOffer'),
    typicalOffer: text('typicalOffer'),
    worstPartner: text('worstPartner'),
    typicalPartner: byKey.get('typicalPartner') ?? null,
    commonWord: counted('commonWord'),
    rareWord: counted('rareWord'),
    commonTag: counted('commonTag'),
    rareTag: counted('rareTag'),
  };
}

type PersonCounts = {
  conversations: number;
  notifications: number;
  unreadNotifications: number;
  unreadMessages: number;
  sales: number;
  purchases: number;
  boosts: number;
  jobsSent: number;
  jobsReceived: number;
};

async function describePerson(sql: postgres.Sql, id: string): Promise<PersonCounts> {
  const [row] = await sql<PersonCounts[]>`select
    ((select count(*) from conversation_summaries where user_low = ${id}) + (select count(*) from conversation_summaries where user_high = ${id}))::int as conversations,
    (select count(*) from notifications where user_id = ${id})::int as notifications,
    (select count(*) from notifications where user_id = ${id} and read_at is null)::int as "unreadNotifications",
    (select count(*) from gig_messages where receiver_id = ${id} and read_at is null)::int as "unreadMessages",
    (select count(*) from orders where seller_id = ${id})::int as sales,
    (select count(*) from orders where buyer_id = ${id})::int as purchases,
    (select count(*) from boosts where user_id = ${id})::int as boosts,
    (select count(*) from private_jobs where from_user_id = ${id})::int as "jobsSent",
    (select count(*) from private_jobs where to_user_id = ${id})::int as "jobsReceived"`;
  return row!;
}

/** The most anyone but `id` has of what makes a caller the worst case. */
async function mostOfAnyoneElse(sql: postgres.Sql, id: string) {
  const [row] = await sql<{ conversations: number; notifications: number; sales: number; boosts: number }[]>`select
    (select coalesce(max(c), 0)::int from (select count(*) as c from (select user_low as u from conversation_summaries union all select user_high from conversation_summaries) as x
      where u <> ${id} group by u) as y) as conversations,
    (select coalesce(max(c), 0)::int from (select count(*) as c from notifications where user_id <> ${id} group by user_id) as y) as notifications,
    (select coalesce(max(c), 0)::int from (select count(*) as c from orders where seller_id <> ${id} group by seller_id) as y) as sales,
    (select coalesce(max(c), 0)::int from (select count(*) as c from boosts where user_id <> ${id} group by user_id) as y) as boosts`;
  return row!;
}

// ---- the measurement ----

type Caller = 'anonymous' | 'typical' | 'worst' | 'admin';
/** atHalfCapacity: also measured at half the rate it reached (largest size only; see runAtRate). */
type Endpoint = { label: string; path: string; caller: Caller; limitMs: number; atHalfCapacity?: boolean };

function endpointsFor(f: ScaleFacts, feedIds: string[]): Endpoint[] {
  const q = encodeURIComponent;
  const list: Endpoint[] = [
    { label: '/api/feed, first page', path: '/api/feed', caller: 'anonymous', limitMs: READ_P99_MS },
    {
      label: '/api/feed?tag= rarest tag',
      path: `/api/feed?tag=${q(f.rareTag.name)}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/feed?tag= most common tag',
      path: `/api/feed?tag=${q(f.commonTag.name)}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/feed?tag= unknown tag',
      path: `/api/feed?tag=${UNKNOWN_TAG}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/feed?q= rarest word',
      path: `/api/feed?q=${q(f.rareWord.name)}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/feed?q= most common word',
      path: `/api/feed?q=${q(f.commonWord.name)}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/feed?q= unknown word',
      path: `/api/feed?q=${UNKNOWN_WORD}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    { label: '/api/explore/tags', path: '/api/explore/tags', caller: 'anonymous', limitMs: READ_P99_MS },
    {
      label: '/api/offers/:id (typical offer)',
      path: `/api/offers/${f.typicalOffer}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/offers/:id (most boosted offer)',
      path: `/api/offers/${f.worstOffer}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/creators/:id (typical)',
      path: `/api/creators/${f.typical}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/creators/:id (worst case)',
      path: `/api/creators/${f.worst}`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/offers/:id/reviews (most reviewed offer)',
      path: `/api/offers/${f.worstOffer}/reviews`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
    {
      label: '/api/creators/:id/reviews (most reviewed creator)',
      path: `/api/creators/${f.worst}/reviews`,
      caller: 'anonymous',
      limitMs: READ_P99_MS,
    },
  ];
  for (const who of ['typical', 'worst'] as const) {
    const tag = who === 'worst' ? 'worst case' : 'typical';
    const partner = who === 'worst' ? f.worstPartner : f.typicalPartner;
    list.push(
      {
        label: `/api/feed/state (${tag})`,
        path: `/api/feed/state?ids=${feedIds.join(',')}`,
        caller: who,
        limitMs: STATE_P99_MS,
        atHalfCapacity: true,
      },
      { label: `/api/boosted (${tag})`, path: '/api/boosted', caller: who, limitMs: READ_P99_MS },
      { label: `/api/saved (${tag})`, path: '/api/saved', caller: who, limitMs: READ_P99_MS },
      {
        label: `/api/messages/conversations (${tag})`,
        path: '/api/messages/conversations',
        caller: who,
        limitMs: READ_P99_MS,
      },
      ...(partner
        ? [
            {
              label: `/api/messages/with/:id (${tag}, longest thread)`,
              path: `/api/messages/with/${partner}`,
              caller: who,
              limitMs: READ_P99_MS,
            },
          ]
        : []),
      { label: `/api/unread (${tag})`, path: '/api/unread', caller: who, limitMs: READ_P99_MS },
      { label: `/api/notifications (${tag})`, path: '/api/notifications', caller: who, limitMs: READ_P99_MS },
      { label: `/api/orders?role=buyer (${tag})`, path: '/api/orders?role=buyer', caller: who, limitMs: READ_P99_MS },
      { label: `/api/orders?role=seller (${tag})`, path: '/api/orders?role=seller', caller: who, limitMs: READ_P99_MS },
      { label: `/api/jobs/sent (${tag})`, path: '/api/jobs/sent', caller: who, limitMs: READ_P99_MS },
      { label: `/api/jobs/inbox (${tag})`, path: '/api/jobs/inbox', caller: who, limitMs: READ_P99_MS },
      { label: `/api/blocks (${tag})`, path: '/api/blocks', caller: who, limitMs: READ_P99_MS },
      // signed in: the shared page, or (the worst case has blocks) the page filtered for them alone
      { label: `/api/feed signed in (${tag})`, path: '/api/feed', caller: who, limitMs: READ_P99_MS },
    );
  }
  list.push(
    { label: '/api/admin/dashboard', path: '/api/admin/dashboard', caller: 'admin', limitMs: ADMIN_P99_MS },
    {
      label: '/api/admin/analytics?unit=day',
      path: '/api/admin/analytics?unit=day',
      caller: 'admin',
      limitMs: ADMIN_P99_MS,
    },
    {
      label: '/api/admin/analytics?unit=week',
      path: '/api/admin/analytics?unit=week',
      caller: 'admin',
      limitMs: ADMIN_P99_MS,
    },
    { label: '/api/admin/creators', path: '/api/admin/creators', caller: 'admin', limitMs: ADMIN_P99_MS },
    {
      label: '/api/admin/creators?q= one person',
      path: `/api/admin/creators?q=${q(f.typical)}`,
      caller: 'admin',
      limitMs: ADMIN_P99_MS,
    },
    {
      label: '/api/admin/creators?withoutOffer=1',
      path: '/api/admin/creators?withoutOffer=1',
      caller: 'admin',
      limitMs: ADMIN_P99_MS,
    },
    { label: '/api/admin/gigs', path: '/api/admin/gigs', caller: 'admin', limitMs: ADMIN_P99_MS },
    { label: '/api/admin/messages', path: '/api/admin/messages', caller: 'admin', limitMs: ADMIN_P99_MS },
    { label: '/api/admin/audit-log', path: '/api/admin/audit-log', caller: 'admin', limitMs: ADMIN_P99_MS },
    { label: '/api/admin/disputes', path: '/api/admin/disputes', caller: 'admin', limitMs: ADMIN_P99_MS },
    { label: '/api/admin/reports', path: '/api/admin/reports', caller: 'admin', limitMs: ADMIN_P99_MS },
  );
  return list;
}

type SizeResult = {
  n: number;
  reads: Map<string, { endpoint: Endpoint; result: LoadResult }>;
  figures: Figure[];
  notes: string[];
};

export async function scaleSection(settings: ScaleSettings, { log }: SectionOptions): Promise<Section> {
  const largest = Math.max(...settings.sizes);
  const smallest = Math.min(...settings.sizes);
  const results: SizeResult[] = [];
  for (const n of settings.sizes) {
    const kept = keptDatabaseUrl();
    const keep = kept !== null || (n === largest && process.argv.includes('--keep-scale-database'));
    log(
      kept
        ? `scale: measuring the kept database ${kept}`
        : `scale: seeding PostgreSQL with ${size(n)} people and offers`,
    );
    const database = kept ? await openKeptDatabase(kept) : await createScaleDatabase(n, log);
    try {
      if (keep && !kept) await describeKept(database);
      results.push(await measureSize(database, settings, n === largest, log));
    } finally {
      if (keep) log(`scale: kept ${database.url} (--scale-database=${database.url} measures it again)`);
      else await database.drop();
    }
    if (kept) break; // one database, measured once
  }
  const figures = results.flatMap((result) => result.figures);
  // p99 at the largest size against the smallest, endpoint by endpoint.
  // (a kept database is one size: no growth to report)
  const top = results.find((result) => result.n === largest);
  const bottom = results.find((result) => result.n === smallest);
  if (top && bottom && top !== bottom) {
    for (const [label, { result }] of top.reads) {
      const before = bottom.reads.get(label)?.result;
      if (before)
        figures.push(
          atMost(
            `${label} p99, ${size(largest)} / ${size(smallest)}`,
            round(result.p99 / before.p99, 2),
            'x',
            P99_GROWTH,
          ),
        );
    }
  }
  return {
    title: 'Scale (skewed data)',
    figures,
    notes: [
      `PostgreSQL; data from bench/scale.sql at ${settings.sizes.map(size).join(' and ')} (n people and offers, about 10n boosts, 2n favourites, n reactions, 5,000 tags used Zipf-like, n messages among n/10 people of whom three have over 1% of n conversations, n orders, n notifications, n login attempts). ${settings.connections} connections, ${settings.requestsPerLoad ? `${settings.requestsPerLoad} requests` : `${settings.seconds} s`} per load after ${settings.warmupSeconds} s of warm-up; latency is each 2xx answer's own time, req/s counts 2xx answers. Budgets apply at ${size(largest)}. There, \`/api/feed/state\` and the three writes are also measured "at half its capacity": requests sent evenly at half the rate the load reached, on the same connections, each timed from when it was due (the latency people see while the server has room; no budget).`,
      'Callers: typical = a person in the middle of the message population; worst case = c0000001 (the most conversations, notifications, sales and boosts given, the most boosted offer, the longest thread); admin = scale-admin. Each signs in over HTTP once; every signed-in load then uses a session of its caller written just before it (on all connections), so no load meets the once-a-minute session refresh.',
      `Writes: ${settings.connections} connections, each request from the next of ${settings.writers} people with a session written into the database; boost toggle on random offers the feed shows; send message from ${settings.senders} rotating senders (20 a minute each) to random sellers; mark paid on unpaid orders written beforehand. pgbench runs the statements each request sends (the transaction as the services write it, after the session statement for a message, whose sender changes with each request: a boost's or a payment's person, one of ${settings.writers}, is kept by the server process after their first request, auth/session-cache.ts; engagement.service toggleBoost, messages.service sendMessage with the block and fresh-account checks, the conversation summary and notification, orders.service markOrderPaid with the order read back), -M prepared, ${settings.poolSize} clients, the server idle. Each measured write run starts right after a checkpoint, with the mail earlier runs queued set aside.`,
      ...results.flatMap((result) => result.notes),
    ],
  };
}

async function measureSize(
  database: ScaleDatabase,
  settings: ScaleSettings,
  largest: boolean,
  log: (line: string) => void,
): Promise<SizeResult> {
  const label = size(database.n);
  const f = database.facts;
  const notes: string[] = [];
  const figures: Figure[] = [];
  const reads = new Map<string, { endpoint: Endpoint; result: LoadResult }>();
  const t = database.tables;
  notes.push(
    `${label}: seeded in ${database.seedSeconds.toFixed(1)} s (${database.steps.join('; ') || 'no step over a second'}); ${Object.entries(
      t,
    )
      .filter(([, rows]) => rows > 0)
      .map(([table, rows]) => `${table} ${rows}`)
      .join(', ')}.`,
  );
  const empty = Object.entries(t)
    .filter(([, rows]) => rows === 0)
    .map(([table]) => table);
  if (empty.length) notes.push(`${label}: tables the generator leaves empty: ${empty.join(', ')}.`);
  notes.push(
    `${label}: rarest tag #${f.rareTag.name} (${f.rareTag.offers} offers), most common #${f.commonTag.name} (${f.commonTag.offers}), unknown #${UNKNOWN_TAG}; rarest title word "${f.rareWord.name}" (${f.rareWord.offers} titles), most common "${f.commonWord.name}" (${f.commonWord.offers}), unknown "${UNKNOWN_WORD}".`,
  );

  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  let server: RunningServer | null = null;
  try {
    const worst = await describePerson(sql, f.worst);
    const typical = await describePerson(sql, f.typical);
    const others = await mostOfAnyoneElse(sql, f.worst);
    const describe = (counts: PersonCounts) =>
      `${counts.conversations} conversations, ${counts.notifications} notifications (${counts.unreadNotifications} unread), ${counts.unreadMessages} unread messages, ${counts.sales} sales, ${counts.purchases} purchases, ${counts.boosts} boosts given, ${counts.jobsSent} jobs sent, ${counts.jobsReceived} received`;
    notes.push(
      `${label}: worst case ${f.worst}: ${describe(worst)} (the most of anyone else: ${others.conversations} conversations, ${others.notifications} notifications, ${others.sales} sales, ${others.boosts} boosts); typical ${f.typical}: ${describe(typical)}.`,
    );
    const notWorst = (['conversations', 'notifications', 'sales', 'boosts'] as const).filter(
      (key) => others[key] > worst[key],
    );
    if (notWorst.length)
      notes.push(`${label}: someone else has more ${notWorst.join(', ')} than the worst-case caller.`);

    const bench: BenchDatabase = {
      kind: 'postgres',
      offers: database.n,
      url: database.url,
      seedSeconds: database.seedSeconds,
      people: 0,
      drop: database.drop,
      counts: {
        offers: t.offers ?? 0,
        users: t.users ?? 0,
        boosts: t.boosts ?? 0,
        favorites: t.favorites ?? 0,
        reactions: t.reactions ?? 0,
        offerTags: t.offer_tags ?? 0,
        tags: t.tags ?? 0,
      },
    };
    const running = await startServer(bench);
    server = running;
    // Each caller signs in over HTTP once (their accounts are what a sign-up writes)...
    const cookies = [];
    for (const id of [f.typical, f.worst, f.admin])
      cookies.push(await signInAs(running.base, id === f.admin ? 'admin@scale.example' : `${id}@scale.example`));
    const cookieName =
      cookies[0]!
        .split('; ')
        .find((part) => part.includes('session_token'))
        ?.split('=')[0] ?? 'better-auth.session_token';
    // ...and each load gets a session of its caller written just before it: a session is read in one
    // statement for 60 s after its last refresh (auth/viewer.ts), then refreshed once by Better Auth,
    // which 50 connections sharing one session would all queue on in the middle of some load.
    const run = Math.random().toString(36).slice(2, 8);
    let sessionCount = 0;
    const freshSession = async (caller: Exclude<Caller, 'anonymous'>) => {
      const token = `scale-${run}-${caller}-${++sessionCount}`;
      await sql`insert into sessions (id, token, user_id, expires_at) values (${`${token}-s`}, ${token}, ${f[caller]}, now() + interval '30 minutes')`;
      return `${cookieName}=${signToken(token, running.authSecret)}`;
    };
    const base = running.base;
    const feed = await fetch(`${base}/api/feed`);
    if (!feed.ok) throw new Error(`GET /api/feed: ${feed.status} ${await feed.text()}`);
    const feedIds = ((await feed.json()) as FeedPage).offers.map((offer) => offer.id);

    for (const endpoint of endpointsFor(f, feedIds).filter((e) => measured(e.label))) {
      const headers: Record<string, string> =
        endpoint.caller === 'anonymous' ? {} : { cookie: await freshSession(endpoint.caller) };
      const probe = await fetch(`${base}${endpoint.path}`, { headers });
      const body = await probe.text();
      if (probe.status >= 300)
        notes.push(
          `${label}: GET ${endpoint.path} as ${endpoint.caller} answered ${probe.status}: ${body.slice(0, 200)}`,
        );
      const requests: RateRequest[] = [{ method: 'GET', path: endpoint.path, headers }];
      const common = { url: base, connections: settings.connections, requests };
      if (settings.warmupSeconds > 0) await runLoad({ ...common, seconds: settings.warmupSeconds });
      const result = await runLoad({
        ...common,
        seconds: settings.seconds,
        amount: settings.requestsPerLoad,
        serverPid: running.pid,
      });
      const failed = describeFailures(result);
      if (result.ok === 0)
        notes.push(
          `${label}: GET ${endpoint.path} as ${endpoint.caller}: no 2xx answer within the load${failed ? ` (${failed})` : ''}.`,
        );
      log(
        `scale: ${label} ${endpoint.label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${failed ? `, failures ${failed}` : ''} (load ${os.loadavg()[0]!.toFixed(1)}${describeCpu(result)})`,
      );
      logServerErrors(running, result, log);
      reads.set(endpoint.label, { endpoint, result });
      figures.push({
        name: `${endpoint.label}, ${label}${failed ? ` (failures: ${failed})` : ''}`,
        value: round(result.rps),
        unit: 'req/s',
      });
      figures.push({ name: `${endpoint.label} p50, ${label}`, value: round(result.p50, 2), unit: 'ms' });
      figures.push(...cpuFigures(endpoint.label, label, result));
      const p99Name = `${endpoint.label} p99, ${label}`;
      figures.push(
        largest
          ? atMost(p99Name, round(result.p99, 2), 'ms', endpoint.limitMs, `< ${endpoint.limitMs} ms`)
          : { name: p99Name, value: round(result.p99, 2), unit: 'ms' },
      );
      if (largest && endpoint.atHalfCapacity)
        figures.push(
          ...(await atHalfCapacity(running, endpoint.label, label, result, settings, log, () => requests[0]!)),
        );
    }

    if (measured('export'))
      figures.push(
        ...(await measureExport(
          running,
          await freshSession('admin'),
          settings.exportTable,
          database.n,
          largest,
          label,
          log,
          notes,
        )),
      );
    if (measured('writes'))
      figures.push(...(await measureWrites(running, cookieName, database, settings, largest, log, notes)));
  } finally {
    await server?.stop();
    await sql.end();
  }
  return { n: database.n, reads, figures, notes };
}

/**
 * The same requests again at half the rate a load reached with every connection asking as soon as it
 * was answered: the latency people see while the server has room, beside the one at its limit.
 */
async function atHalfCapacity(
  server: RunningServer,
  what: string,
  label: string,
  atCapacity: LoadResult,
  settings: ScaleSettings,
  log: (line: string) => void,
  request: (index: number) => RateRequest,
): Promise<Figure[]> {
  const rate = atCapacity.rps / 2;
  if (!(rate >= 1)) return [];
  const result = await runAtRate({
    url: server.base,
    connections: settings.connections,
    rate,
    seconds: settings.seconds || 1,
    request,
    serverPid: server.pid,
  });
  const failed = describeFailures(result);
  log(
    `scale: ${label} ${what} at half its capacity: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${failed ? `, failures ${failed}` : ''} (load ${os.loadavg()[0]!.toFixed(1)}${describeCpu(result)}; the load generator's longest stall ${result.generatorStallMs?.toFixed(1)} ms)`,
  );
  logServerErrors(server, result, log);
  return [
    {
      name: `${what} at half its capacity, ${label}${failed ? ` (failures: ${failed})` : ''}`,
      value: round(result.rps),
      unit: 'req/s',
    },
    { name: `${what} p50 at half its capacity, ${label}`, value: round(result.p50, 2), unit: 'ms' },
    { name: `${what} p99 at half its capacity, ${label}`, value: round(result.p99, 2), unit: 'ms' },
    {
      name: `${what} at half its capacity: the load generator's longest stall, ${label}`,
      value: round(result.generatorStallMs ?? Number.NaN, 1),
      unit: 'ms',
    },
  ];
}

/** A load's CPU time per answer on each side (server, PostgreSQL), where /proc could be read. */
function cpuFigures(what: string, label: string, result: LoadResult): Figure[] {
  if (!result.cpu) return [];
  return [
    { name: `${what}: server CPU an answer, ${label}`, value: result.cpu.serverMs, unit: 'ms' },
    { name: `${what}: PostgreSQL CPU an answer, ${label}`, value: result.cpu.databaseMs, unit: 'ms' },
  ];
}

/** Resident memory of a process in MB (Linux /proc), NaN where that cannot be read. */
function residentMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** After a load that got a 5xx answer, what the server logged as errors (its last few), to explain it. */
function logServerErrors(server: RunningServer, result: LoadResult, log: (line: string) => void): void {
  if (!Object.keys(result.failures).some((status) => status.startsWith('5'))) return;
  for (const line of server.errors()) log(`scale: the server logged: ${line}`);
}

async function measureExport(
  server: RunningServer,
  cookie: string,
  table: ExportTable,
  n: number,
  largest: boolean,
  label: string,
  log: (line: string) => void,
  notes: string[],
): Promise<Figure[]> {
  const before = residentMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(server.pid));
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let status = 0;
  try {
    const response = await fetch(`${server.base}/api/admin/export/${table}`, { headers: { cookie } });
    status = response.status;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      // Counted natively: a byte-by-byte loop here took CPU from the server on the same two cores.
      const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, residentMb(server.pid));
  const rows = Math.max(0, lines - 1);
  log(
    `scale: ${label} CSV export of ${table}: ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most`,
  );
  if (status !== 200) notes.push(`${label}: the CSV export of ${table} answered ${status}.`);
  const name = `CSV export of ${table} (${rows} of ${n} rows${status === 200 ? '' : `, status ${status}`}), ${label}`;
  return [
    largest
      ? atMost(name, round(seconds, 2), 's', EXPORT_SECONDS, `< ${EXPORT_SECONDS} s`)
      : { name, value: round(seconds, 2), unit: 's' },
    { name: `CSV export size, ${label}`, value: round(bytes / 1024 / 1024), unit: 'MB' },
    { name: `Server RSS before the export, ${label}`, value: round(before), unit: 'MB' },
    { name: `Server peak RSS during the export, ${label}`, value: round(peak), unit: 'MB' },
  ];
}

// ---- the write paths ----

/** seededUuid(prefix, i) (seed.ts) in TypeScript: the id scale.sql gives offer number i ('offer'), and the unpaid orders' ids. */
const seededId = (prefix: string, i: number) => {
  const hex = createHash('md5').update(`${prefix}${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};

async function measureWrites(
  server: RunningServer,
  cookieName: string,
  database: ScaleDatabase,
  settings: ScaleSettings,
  largest: boolean,
  log: (line: string) => void,
  notes: string[],
): Promise<Figure[]> {
  const label = size(database.n);
  const { n, url } = database;
  const reserved = database.facts.reserved;
  const figures: Figure[] = [];
  const run = `${process.pid.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const tag = (what: string) => `scale-${run}-${what}`;
  /**
   * A random offer the feed shows (approved, with media) that is not person k's own, nor (avoid) the offer
   * of someone person k is blocked with: the server refuses such a message as it refuses a missing offer.
   */
  const visibleOffer = (own: number, avoid?: ReadonlySet<number>) => {
    for (;;) {
      const i = 1 + Math.floor(Math.random() * n);
      if (i % 20 !== 0 && i % 97 !== 0 && i !== own && !avoid?.has(i)) return seededId('offer', i);
    }
  };
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    /** Sessions for persons reserved + 1 .. reserved + count, written like a sign-in's (token 'tag-<k>'). */
    const sessionsFor = async (what: string, count: number) => {
      await sql`insert into sessions (id, token, user_id, expires_at)
        select ${tag(what)} || '-s' || k, ${tag(what)} || '-' || k, 'c' || lpad((${reserved} + k)::text, 7, '0'), now() + interval '30 minutes'
        from generate_series(1, ${count}) as k`;
      return Array.from(
        { length: count },
        (_, k) => `${cookieName}=${signToken(`${tag(what)}-${k + 1}`, server.authSecret)}`,
      );
    };
    /**
     * Right before each measured write run, what earlier runs left is taken out of it: the mail they
     * queued and the server has not sent (each payment queues one, pgbench's too, and at capacity the
     * server sends about a third of them during the load) is set aside, and a checkpoint writes the
     * pages they dirtied, so the next timed one (every 5 minutes) does not fall inside the run.
     */
    const settle = async () => {
      await sql`update mail_outbox set status = 'sent', finished_at = now() where status = 'queued'`;
      await sql`checkpoint`;
    };
    /** A write's load at capacity; `next` makes each request (the next person's, order, offer). */
    const httpLoad = async (what: string, next: () => RateRequest) => {
      const requests: AutocannonRequest[] = [
        { method: 'GET', path: '/', setupRequest: (request) => ({ ...request, ...next() }) },
      ];
      const common = { url: server.base, connections: settings.connections, requests };
      if (settings.warmupSeconds > 0) await runLoad({ ...common, seconds: settings.warmupSeconds });
      await settle();
      const result = await runLoad({
        ...common,
        seconds: settings.seconds,
        amount: settings.requestsPerLoad,
        serverPid: server.pid,
      });
      log(
        `scale: ${label} ${what} over HTTP: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${describeFailures(result) ? `, failures ${describeFailures(result)}` : ''} (load ${os.loadavg()[0]!.toFixed(1)}${describeCpu(result)})`,
      );
      logServerErrors(server, result, log);
      return result;
    };
    const pgbench = async (
      what: string,
      script: PgbenchScript,
      defines: (runIndex: number) => Record<string, string | number> = () => ({}),
    ) => {
      if (settings.pgbenchWarmupSeconds > 0)
        await runPgbench({
          url,
          scripts: [script],
          clients: settings.poolSize,
          seconds: settings.pgbenchWarmupSeconds,
          defines: defines(0),
        });
      await settle();
      const result = await runPgbench({
        url,
        scripts: [script],
        clients: settings.poolSize,
        seconds: settings.pgbenchSeconds,
        defines: defines(1),
      });
      log(
        `scale: ${label} ${what}, pgbench: ${result.tps.toFixed(0)} tx/s, mean ${result.latencyMs.toFixed(2)} ms${result.databaseMs === undefined ? '' : `; PostgreSQL ${result.databaseMs} ms of CPU a transaction`}`,
      );
      return result;
    };
    const compare = (what: string, http: LoadResult, bench: PgbenchResult) => {
      const tps = bench.tps;
      const failed = describeFailures(http);
      if (http.ok === 0)
        notes.push(`${label}: ${what} over HTTP: no 2xx answer within the load${failed ? ` (${failed})` : ''}.`);
      const share = round((100 * http.rps) / tps);
      const p99Name = `${what} p99, ${label}`;
      const shareName = `${what} over HTTP / pgbench of its statements, ${label}`;
      figures.push(
        {
          name: `${what} over HTTP, ${label}${failed ? ` (failures: ${failed})` : ''}`,
          value: round(http.rps),
          unit: 'req/s',
        },
        { name: `${what} p50, ${label}`, value: round(http.p50, 2), unit: 'ms' },
        largest
          ? atMost(p99Name, round(http.p99, 2), 'ms', WRITE_P99_MS, `< ${WRITE_P99_MS} ms`)
          : { name: p99Name, value: round(http.p99, 2), unit: 'ms' },
        { name: `${what}, pgbench of its statements, ${label}`, value: round(tps), unit: 'tx/s' },
        largest
          ? atLeast(shareName, share, '%', 100 * WRITE_SHARE_OF_PGBENCH, `>= ${100 * WRITE_SHARE_OF_PGBENCH}%`)
          : { name: shareName, value: share, unit: '%' },
        ...cpuFigures(`${what} over HTTP`, label, http),
      );
      if (bench.databaseMs !== undefined)
        figures.push({
          name: `${what}, pgbench: PostgreSQL CPU a transaction, ${label}`,
          value: bench.databaseMs,
          unit: 'ms',
        });
    };

    const halfCapacity = async (what: string, atCapacity: LoadResult, next: () => RateRequest) => {
      if (!largest) return;
      await settle();
      figures.push(...(await atHalfCapacity(server, what, label, atCapacity, settings, log, next)));
    };

    // Boost toggle: each request the next writer's, on a random offer.
    const boosters = await sessionsFor('boost', settings.writers);
    let boosts = 0;
    const nextBoost = (): RateRequest => {
      const writer = (boosts++ % settings.writers) + 1;
      return {
        method: 'POST',
        path: `/api/offers/${visibleOffer(reserved + writer)}/boost`,
        headers: { cookie: boosters[writer - 1]!, origin: server.base },
      };
    };
    const boostHttp = await httpLoad('Boost toggle', nextBoost);
    compare(
      'Boost toggle',
      boostHttp,
      await pgbench('boost toggle', boostScript({ n, reserved, writers: settings.writers })),
    );
    await halfCapacity('Boost toggle', boostHttp, nextBoost);

    // Send message: each request from the next sender, to the seller of a random offer.
    const senders = await sessionsFor('message', settings.senders);
    /** Person k (their offer is offer k) -> the persons they are blocked with, either way. */
    const blockedWith = new Map<number, Set<number>>();
    const personNumber = (id: string) => Number(id.slice(1));
    for (const pair of await sql<{ a: string; b: string }[]>`select blocker_id as a, blocked_id as b from blocks`) {
      const [a, b] = [personNumber(pair.a), personNumber(pair.b)];
      for (const [one, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const set = blockedWith.get(one) ?? new Set<number>();
        set.add(other);
        blockedWith.set(one, set);
      }
    }
    // Each message from the next sender.
    let messages = 0;
    const nextMessage = (): RateRequest => {
      const sender = (messages++ % settings.senders) + 1;
      return {
        method: 'POST',
        path: '/api/messages',
        headers: { cookie: senders[sender - 1]!, origin: server.base, 'content-type': 'application/json' },
        body: JSON.stringify({
          offerId: visibleOffer(reserved + sender, blockedWith.get(reserved + sender)),
          text: 'Hello! Is this still available next week?',
        }),
      };
    };
    const messageHttp = await httpLoad('Send message', nextMessage);
    compare(
      'Send message',
      messageHttp,
      await pgbench('send message', messageScript({ n, reserved, senders: settings.senders, token: tag('message') })),
    );
    await halfCapacity('Send message', messageHttp, nextMessage);

    // Mark paid: orders 1..H for HTTP (order k is writer ((k - 1) mod writers) + 1's), then a block per pgbench client and run.
    const payers = await sessionsFor('pay', settings.writers);
    const httpOrders = settings.writers * settings.ordersPerWriter;
    const pgbenchRuns = settings.pgbenchWarmupSeconds > 0 ? 2 : 1;
    await createUnpaidOrders(sql, {
      n,
      reserved,
      writers: settings.writers,
      count: httpOrders + pgbenchRuns * settings.poolSize * settings.ordersPerPgbenchClient,
      prefix: `scalepay${run}`,
    });
    // Orders in turn for the warm-up, the measured run and the one at half capacity: each is paid
    // once; past the last, the last again, whose 409s are reported as failures.
    let payments = 0;
    const nextPayment = (): RateRequest => {
      const order = Math.min(++payments, httpOrders);
      const writer = ((order - 1) % settings.writers) + 1;
      return {
        method: 'POST',
        path: `/api/orders/${seededId(`scalepay${run}`, order)}/paid`,
        headers: { cookie: payers[writer - 1]!, origin: server.base },
      };
    };
    const payHttp = await httpLoad('Mark paid', nextPayment);
    const pgbenchBase = (runIndex: number) =>
      httpOrders + 1 + (pgbenchRuns === 2 ? runIndex : 0) * settings.poolSize * settings.ordersPerPgbenchClient;
    const pay = await pgbench(
      'mark paid',
      payScript({
        reserved,
        writers: settings.writers,
        prefix: `scalepay${run}`,
        perClient: settings.ordersPerPgbenchClient,
      }),
      (runIndex) => ({ cnt: 0, base: pgbenchBase(runIndex) }),
    );
    // Every measured pgbench transaction must have paid an order of its own, or it measured a no-op.
    const [paid] = await sql.unsafe<
      { n: number }[]
    >(`select count(*)::int as n from generate_series(${pgbenchBase(1)}, ${pgbenchBase(1) + settings.poolSize * settings.ordersPerPgbenchClient - 1}) as k
      join orders o on o.id = ${seededUuid(`scalepay${run}`, 'k')} where o.status = 'paid'`);
    if ((paid?.n ?? 0) < pay.transactions)
      throw new Error(
        `pgbench mark paid: ${pay.transactions} transactions paid only ${paid?.n ?? 0} orders (raise ordersPerPgbenchClient)`,
      );
    compare('Mark paid', payHttp, pay);
    await halfCapacity('Mark paid', payHttp, nextPayment);
  } finally {
    await sql.end();
  }
  return figures;
}

async function createUnpaidOrders(
  sql: postgres.Sql,
  options: { n: number; reserved: number; writers: number; count: number; prefix: string },
): Promise<void> {
  // Sellers: persons with a paid offer (i % 5 = 1) beyond every writer, so nobody buys from themselves.
  const first = Math.ceil((options.reserved + options.writers + 1) / 5) + 1;
  const span = Math.max(1, Math.floor((options.n - 1) / 5) - first + 1);
  await sql.unsafe(`
    insert into orders (id, buyer_id, seller_id, offer_id, title, price_pence, status, paypal_link)
    select ${seededUuid(options.prefix, 'k')}, 'c' || lpad((${options.reserved} + 1 + (k - 1) % ${options.writers})::text, 7, '0'),
      'c' || lpad(s::text, 7, '0'), ${seededUuid('offer', 's')}, 'Order ' || k, 500 + (s % 50) * 100, 'awaiting_payment',
      'https://www.paypal.com/paypalme/c' || lpad(s::text, 7, '0')
    from generate_series(1, ${options.count}) as k cross join lateral (select 5 * (${first} + k % ${span}) + 1 as s) as x`);
}

// pgbench scripts: the statements the server sends for one request, parameters as pgbench variables.

const mockDb = () => drizzle.mock({ schema }) as unknown as Db;
const personSql = (reserved: number, variable: string) => `('c' || lpad((${reserved} + ${variable})::text, 7, '0'))`;
const offerSql = (variable: string) => seededUuid('offer', variable);

/** pgbench lines setting :i to a random approved offer's number (i mod 20 <> 0), never the person's own (person reserved + k). */
const randomOffer = (
  n: number,
  reserved: number,
  k: string,
) => `\\set i 20 * random(0, ${Math.max(0, Math.floor(n / 20) - 1)}) + random(1, 19)
\\set i case when :i = ${reserved} + ${k} then :i + 1 else :i end`;

/** auth/sessions.queries.ts sessionWithPersonQuery for the session whose token is '<token>-<variable>'. */
function sessionSql(token: string, variable: string): string {
  const { sql, params } = sessionWithPersonQuery(mockDb(), '__TOKEN__').toSQL();
  return `${inlineParams(sql, params).replace(`'__TOKEN__'`, `('${token}-' || ${variable})`)};`;
}

/** engagement.service toggleBoost (bench/boost.ts): lock the offer, remove the boost or else add it (one statement), move the counters and score returning the viewer's state. */
function boostScript(o: { n: number; reserved: number; writers: number }): PgbenchScript {
  return {
    name: 'boost-toggle',
    sql: `\\set w random(1, ${o.writers})
${randomOffer(o.n, o.reserved, ':w')}
${boostTransaction({ person: personSql(o.reserved, ':w'), offer: offerSql(':i'), owner: personSql(0, ':i') })}`,
  };
}

/**
 * messages.service sendMessage: the offer; the block, the send limit's count and the sender's account
 * pipelined (sent together, as the server sends them); the message, the pair's summary; the
 * receiver's notification settings and the message's live announcement, pipelined; the notification
 * and its announcement.
 */
function messageScript(o: { n: number; reserved: number; senders: number; token: string }): PgbenchScript {
  const sender = personSql(o.reserved, ':s');
  const offer = offerSql(':i');
  const text = 'Hello! Is this still available next week?';
  const latest = (column: string) =>
    `${column} = case when (excluded.last_at, excluded.last_message_id) > (conversation_summaries.last_at, conversation_summaries.last_message_id) then excluded.${column} else conversation_summaries.${column} end`;
  return {
    name: 'send-message',
    sql: `\\set s random(1, ${o.senders})
${randomOffer(o.n, o.reserved, ':s')}
${sessionSql(o.token, ':s')}
begin;
select id, user_id as receiver, title, is_approved, media_key from offers where id = ${offer} limit 1 \\gset
\\startpipeline
select created_at from blocks where (blocker_id = ${sender} and blocked_id = :receiver) or (blocker_id = :receiver and blocked_id = ${sender}) limit 1;
select count(*) from gig_messages where sender_id = ${sender} and created_at > now() - interval '1 minute';
select created_at, email_verified from users where id = ${sender} limit 1;
\\endpipeline
insert into gig_messages (sender_id, receiver_id, offer_id, offer_title, message, created_at) values (${sender}, :receiver, ${offer}, :title, '${text}', now())
  returning id as message_id, sender_id, receiver_id, offer_id, offer_title, message, read_at, created_at as message_at \\gset
insert into conversation_summaries (user_low, user_high, last_message_id, last_sender_id, last_message, last_offer_title, last_at, unread_low, unread_high)
  values (least(${sender}, :receiver::text), greatest(${sender}, :receiver::text), :message_id, ${sender}, '${text}', :title, :message_at,
    (:receiver::text < ${sender})::int, (:receiver::text > ${sender})::int)
  on conflict (user_low, user_high) do update set ${['last_message_id', 'last_sender_id', 'last_message', 'last_offer_title', 'last_at'].map(latest).join(', ')},
    unread_low = conversation_summaries.unread_low + excluded.unread_low, unread_high = conversation_summaries.unread_high + excluded.unread_high;
\\startpipeline
${reachSql(':receiver', 'messages')}
select pg_notify('gigreel_live', json_build_object('users', json_build_array(:receiver::text, ${sender}), 'type', 'message', 'id', :message_id::text, 'from', ${sender}, 'to', :receiver::text, 'createdAt', :message_at::text)::text);
\\endpipeline
insert into notifications (user_id, kind, title, body, link) values (:receiver, 'message', 'New message from a bench sender', '${text}', '/messages?with=' || ${sender})
  returning id as note_id, created_at as note_at \\gset
select pg_notify('gigreel_live', json_build_object('users', json_build_array(:receiver::text), 'type', 'notification', 'id', :note_id::text, 'kind', 'message', 'createdAt', :note_at::text)::text);
commit;`,
  };
}

/**
 * notifications.queries.ts reach: where a notification of `topic` may reach the person (the channels
 * they turned off, and their devices unless push is one), the first statement of every notification;
 * the server's own text with its placeholders filled, the person as the pgbench expression `person`.
 */
function reachSql(person: string, topic: string): string {
  const { sql, params } = new PgDialect().sqlToQuery(reachText);
  const values = fillPlaceholders(params, { userId: '__PERSON__', topic, maxDevices: PUSH_DEVICES_MAX });
  return `${inlineParams(sql, values).replaceAll(`'__PERSON__'`, person)};`;
}

/**
 * platform/outbox.queries.ts insertMail: the mail's row in the outbox, with the NOTIFY that wakes the
 * worker in the same statement.
 */
function outboxMailSql(to: string): string {
  const mail = JSON.stringify({
    to,
    subject: 'You have a paid order',
    text: 'Hi, a buyer has paid.',
    link: '/order/1',
  }).replaceAll("'", "''");
  return `with queued as (insert into mail_outbox (recipient, subject, mail) values ('${to}', 'You have a paid order', '${mail}'::jsonb) returning id) select pg_notify('${WAKE_CHANNEL}', '') from queued;`;
}

/**
 * orders.service markOrderPaid: lock, move, add the move to the order's history, read the order back;
 * the seller's notification settings (where it may reach them), the notification and its live
 * announcement; their e-mail opt-out and the mail in the outbox; then the order's messages, files and
 * history for the answer (detailOf; an order that never completed or was disputed reads no review or problem).
 */
function payScript(o: { reserved: number; writers: number; prefix: string; perClient: number }): PgbenchScript {
  const order = seededUuid(o.prefix, ':k');
  const findOrder = `select o.id, o.buyer_id, o.seller_id, o.offer_id, o.job_id, o.title, o.price_pence, o.status, o.paypal_link, o.delivery_key, o.delivery_file_name,
    o.delivery_content_type, o.created_at, o.paid_at, o.payment_confirmed_at, o.delivered_at, o.completed_at, o.cancelled_at, o.cancelled_by, o.cancel_reason,
    o.revisions_allowed, o.revisions_used, buyer.display_name, seller.display_name, buyer.email, seller.email,
    seller.paypal_link, f.media_key, j.title, j.budget_pence, j.status
  from orders o left join users buyer on buyer.id = o.buyer_id left join users seller on seller.id = o.seller_id
    left join offers f on f.id = o.offer_id left join private_jobs j on j.id = o.job_id
  where o.id = ${order} limit 1;`;
  return {
    name: 'mark-paid',
    sql: `\\set k :base + :client_id * ${o.perClient} + :cnt
\\set cnt :cnt + 1
\\set w (:k - 1) % ${o.writers} + 1
begin;
select id, status, buyer_id, seller_id as seller, job_id from orders where id = ${order} for update \\gset
update orders set status = 'paid', paid_at = now(), payment_confirmed_at = null where id = ${order} and status = 'awaiting_payment' returning id;
insert into order_events (order_id, kind, by_role, note, created_at) values (${order}, 'payment_claimed', 'buyer', null, now()) returning id;
${findOrder}
${reachSql(':seller', 'orders')}
insert into notifications (user_id, kind, title, body, link) values (:seller, 'order_paid', 'Your order was paid', 'A buyer has paid.', '/order/' || ${order})
  returning id as note_id, created_at as note_at \\gset
select pg_notify('gigreel_live', json_build_object('users', json_build_array(:seller::text), 'type', 'notification', 'id', :note_id::text, 'kind', 'order_paid', 'createdAt', :note_at::text)::text);
select 1 from notification_opt_outs where user_id = :seller and topic = 'orders' and channel = 'email' limit 1;
${outboxMailSql('seller@example.com')}
commit;
select id, sender_role, message_key, body, sent_at from order_messages where order_id = ${order} order by sent_at, id;
select id, storage_key, file_name, content_type, delivered_at from order_deliveries where order_id = ${order} order by id;
select id, kind, by_role, note, created_at from order_events where order_id = ${order} order by id;`,
  };
}
