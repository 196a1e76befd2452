/**
 * Scale data for the benchmarks, written set-based (generate_series, one INSERT ... SELECT per table)
 * so a million offers take a minute or two rather than hours. The same statements seed PostgreSQL and
 * PGlite. What they write, for N offers:
 *
 * - N creators (users), each with one offer; 5% of offers await approval, 1% have no media, a third
 *   are videos with a poster, a fifth are paid.
 * - About 10 boosts per offer, skewed: one offer in 10,000 (at least three) has thousands, the rest
 *   0 to 18; about 3 favourites and 2 reactions per offer with the same skew; 0 to 5 shares.
 * - Up to 1,000 tags, 0 to 3 per offer.
 * - Counter columns and rank_score computed from those very rows, with the server's formula; every
 *   engagement row counts for the rank (creators are verified and older than their offers).
 *
 * Offer ids are md5-derived (version-4-shaped) uuids of the offer's number, so engagement rows name their offer
 * without a join. Foreign-key triggers are off while loading (the rows are consistent by
 * construction) and secondary indexes are dropped and rebuilt afterwards, which is what makes it fast.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ENGAGEMENT_WEIGHTS, RANK_SCORE_SQL } from '@gigreel/core';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/connection.ts';
import { hashPassword } from '../apps/server/src/realtime/bench-support.ts';
import { BENCH_PASSWORD } from './support.ts';

/** The PostgreSQL server the benchmarks create their databases on. */
export function benchServerUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

export type SeedCounts = {
  offers: number;
  users: number;
  boosts: number;
  favorites: number;
  reactions: number;
  offerTags: number;
  tags: number;
};

/** A seeded database the benchmarks can point a server at. */
export type BenchDatabase = {
  kind: 'postgres' | 'pglite';
  offers: number;
  /** DATABASE_URL for PostgreSQL; unset for PGlite. */
  url?: string;
  /** PGlite: the DATA_DIR holding db/ (the server opens it after the seeder has closed it). */
  dataDir?: string;
  counts: SeedCounts;
  seedSeconds: number;
  /** People with a password who can sign in: bench-0@bench.example ... */
  people: number;
  drop(): Promise<void>;
};

/** A version-4-shaped uuid made from md5(prefix || number), so other rows can name it without a join. */
export const seededUuid = (prefix: string, number: string) =>
  `overlay(overlay(md5('${prefix}' || ${number}) placing '4' from 13) placing '8' from 17)::uuid`;

const SEEDED_TABLES = ['users', 'offers', 'tags', 'offer_tags', 'boosts', 'favorites', 'reactions', 'accounts'];

/**
 * The statements that fill a migrated, empty database. `people` extra users (bench-<i>) get a
 * password account so they can sign in over HTTP; they have no offer and engage with nothing yet.
 */
export function seedStatements(options: {
  offers: number;
  people: number;
  passwordHash: string;
  now?: Date;
}): string[] {
  const n = Math.max(1, Math.floor(options.offers));
  const now = (options.now ?? new Date()).toISOString();
  const spanSeconds = 90 * 24 * 3600; // offers created over the last 90 days
  const hotEvery = Math.max(1, Math.floor(n / Math.max(3, Math.floor(n / 10_000))));
  const tagCount = Math.min(1000, Math.max(20, Math.floor(n / 100)));
  // Engagement of offer i never exceeds the number of other creators, so every booster is a distinct person.
  const cap = `${Math.max(0, n - 1)}`;
  const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
  return [
    `set session_replication_role = replica`,
    // Each offer's plan: when it was made, its engagement, and what the rank counts of that: every row
    // (the shares have no rows), and no orders.
    `create temp table bench_plan as
      select *, ${ENGAGEMENT_WEIGHTS.boost} * boost_count + ${ENGAGEMENT_WEIGHTS.favorite} * favorite_count + ${ENGAGEMENT_WEIGHTS.reaction} * reaction_count as ranked_engagement,
        0 as ranked_orders, 0 as ranked_reviews, 0 as ranked_rating_sum
      from (select i,
        ${quoted(now)}::timestamptz - make_interval(secs => ((i - 1)::double precision * ${spanSeconds} / ${n}) + (i * 7919) % 3600) as created_at,
        least(${cap}, case when i % ${hotEvery} = 0 then 1000 + (i * 7919) % 4000 else (i * 48271) % 19 end) as boost_count,
        least(${cap}, case when i % ${hotEvery} = 0 then 300 + (i * 131) % 700 else (i * 40503) % 7 end) as favorite_count,
        least(${cap}, case when i % ${hotEvery} = 0 then 200 + (i * 173) % 300 else (i * 69621) % 5 end) as reaction_count,
        (i * 31) % 6 as share_count
      from generate_series(1::bigint, ${n}) as i) as plan`,
    `insert into users (id, display_name, email, email_verified, profile_image, bio, created_at, updated_at)
      select 'c' || lpad(i::text, 7, '0'), 'Creator ' || i, 'creator' || i || '@bench.example', true,
        case when i % 2 = 0 then '/media/avatars/c' || i || '/1.webp' end,
        'Makes things people like, number ' || i, created_at - interval '1 day', created_at
      from bench_plan`,
    `insert into users (id, display_name, email, email_verified, created_at, updated_at)
      select 'bench-' || j, 'Bench Person ' || j, 'bench-' || j || '@bench.example', true, ${quoted(now)}, ${quoted(now)}
      from generate_series(0, ${options.people - 1}) as j`,
    `insert into accounts (id, account_id, provider_id, user_id, password)
      select 'a-bench-' || j, 'bench-' || j, 'credential', 'bench-' || j, ${quoted(options.passwordHash)}
      from generate_series(0, ${options.people - 1}) as j`,
    `insert into offers (id, user_id, title, media_key, media_type, poster_key, link, is_paid_offer, price_pence, is_approved,
        description, boost_count, favorite_count, reaction_count, share_count, ranked_engagement, rank_score, created_at, updated_at)
      select ${seededUuid('offer', 'i')}, 'c' || lpad(i::text, 7, '0'),
        (array['Logo design', 'Video edit', 'Voice over', 'Portrait', 'Beat making', 'Copywriting', 'Translation', 'Animation'])[1 + i % 8] || ' by creator ' || i,
        case when i % 97 = 0 then '' when i % 3 = 0 then 'offers/bench/' || i || '.mp4' else 'offers/bench/' || i || '.webp' end,
        case when i % 97 = 0 then null when i % 3 = 0 then 'video/mp4' else 'image/webp' end,
        case when i % 97 <> 0 and i % 3 = 0 then 'offers/bench/' || i || '-poster.jpg' end,
        case when i % 5 = 0 then '' else 'https://example.com/creator/' || i end,
        i % 5 = 0, case when i % 5 = 0 then 500 + (i % 50) * 100 end,
        i % 20 <> 0,
        'A short description of what creator ' || i || ' delivers, how long it takes and what the buyer gets at the end.',
        boost_count, favorite_count, reaction_count, share_count, ranked_engagement,
        ${RANK_SCORE_SQL}, created_at, created_at
      from bench_plan order by 1`,
    `insert into tags (id, name)
      select ${seededUuid('tag', 't')}, (array['design', 'music', 'video', 'voice', 'art', 'writing', 'code', 'photo'])[1 + t % 8] || t
      from generate_series(0, ${tagCount - 1}) as t`,
    `insert into offer_tags (offer_id, tag_id)
      select ${seededUuid('offer', 'i')}, ${seededUuid('tag', `((i * 7 + j * 5) % ${tagCount})`)}
      from generate_series(1, ${n}) as i cross join lateral generate_series(1, i % 4) as j`,
    // The k-th person engaging with offer i is creator i + k (wrapping), never the offer's own creator.
    ...(['boosts', 'favorites'] as const).map(
      (table) => `insert into ${table} (user_id, offer_id, counted, created_at)
      select 'c' || lpad((((i - 1 + k) % ${n}) + 1)::text, 7, '0'), ${seededUuid('offer', 'i')}, true, created_at + make_interval(secs => k)
      from bench_plan cross join lateral generate_series(1, ${table === 'boosts' ? 'boost_count' : 'favorite_count'}) as k`,
    ),
    `insert into reactions (user_id, offer_id, emoji, counted, created_at)
      select 'c' || lpad((((i - 1 + k) % ${n}) + 1)::text, 7, '0'), ${seededUuid('offer', 'i')},
        (array['Smart', 'Support', 'Hype', 'Not for Me', 'Watching'])[1 + (i + k) % 5], true, created_at + make_interval(secs => k)
      from bench_plan cross join lateral generate_series(1, reaction_count) as k`,
    `drop table bench_plan`,
    `set session_replication_role = origin`,
  ];
}

/** Fills a migrated, empty database; returns what it wrote. */
export async function seedDatabase(
  database: Database,
  options: { offers: number; people: number; log?: (line: string) => void },
): Promise<{ counts: SeedCounts; seconds: number }> {
  const started = performance.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // Indexes and unique constraints are rebuilt after the load (one sort each instead of millions of
  // random inserts), except the keys other tables' foreign keys point at.
  const indexes = await database.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = 'public'::regnamespace and c.relname = any($1)
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [SEEDED_TABLES],
  );
  const constraints = await database.query<{ tableName: string; name: string; def: string }>(
    `select c.relname as "tableName", k.conname as name, pg_get_constraintdef(k.oid) as def
       from pg_constraint k join pg_class c on c.oid = k.conrelid
      where c.relnamespace = 'public'::regnamespace and c.relname = any($1) and k.contype in ('p', 'u')
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = k.conindid)`,
    [SEEDED_TABLES],
  );
  if (database.kind === 'postgres') await database.query(`set maintenance_work_mem = '512MB'`);
  for (const index of indexes) await database.query(`drop index ${index.name}`);
  for (const constraint of constraints)
    await database.query(`alter table ${constraint.tableName} drop constraint ${constraint.name}`);
  for (const statement of seedStatements({ offers: options.offers, people: options.people, passwordHash })) {
    const t = performance.now();
    await database.query(statement);
    const first = statement.trim().split('\n')[0]!.slice(0, 60);
    if (performance.now() - t > 1000)
      options.log?.(`  seed: ${first} ... ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  for (const constraint of constraints)
    await database.query(`alter table ${constraint.tableName} add constraint ${constraint.name} ${constraint.def}`);
  for (const index of indexes) await database.query(index.def);
  await database.query('vacuum (analyze)');
  if (database.kind === 'postgres') await database.query('checkpoint');
  const [row] = await database.query<Record<keyof SeedCounts, number>>(`select
    (select count(*) from offers)::int as offers, (select count(*) from users)::int as users,
    (select count(*) from boosts)::int as boosts, (select count(*) from favorites)::int as favorites,
    (select count(*) from reactions)::int as reactions, (select count(*) from offer_tags)::int as "offerTags",
    (select count(*) from tags)::int as tags`);
  return { counts: row!, seconds: (performance.now() - started) / 1000 };
}

/** A fresh PostgreSQL database, migrated and seeded with `offers` offers; drop() removes it. */
export async function createPostgresBenchDatabase(options: {
  offers: number;
  people: number;
  log: (line: string) => void;
}): Promise<BenchDatabase> {
  const serverUrl = benchServerUrl();
  const name = `gigreel_bench_${options.offers}_${process.pid}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
    try {
      await migrateDatabase(database);
      const { counts, seconds } = await seedDatabase(database, options);
      return {
        kind: 'postgres',
        offers: options.offers,
        url: url.toString(),
        counts,
        seedSeconds: seconds,
        people: options.people,
        drop,
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}

/** A PGlite database in a temporary DATA_DIR, seeded through the same statements; drop() deletes the folder. */
export async function createPgliteBenchDatabase(options: {
  offers: number;
  people: number;
  log: (line: string) => void;
}): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-bench-pglite-'));
  const drop = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      await migrateDatabase(database);
      const { counts, seconds } = await seedDatabase(database, options);
      return {
        kind: 'pglite',
        offers: options.offers,
        dataDir,
        counts,
        seedSeconds: seconds,
        people: options.people,
        drop,
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * Seeded PostgreSQL databases kept for the rest of the run, so the write-path section can reuse the
 * feed section's largest database instead of seeding a million offers twice. run.ts drops them all.
 */
const kept = new Map<number, Promise<BenchDatabase>>();

export function sharedPostgresDatabase(options: {
  offers: number;
  people: number;
  log: (line: string) => void;
}): Promise<BenchDatabase> {
  let pending = kept.get(options.offers);
  if (!pending) {
    pending = createPostgresBenchDatabase(options);
    kept.set(options.offers, pending);
    pending.catch(() => kept.delete(options.offers));
  }
  return pending;
}

export async function releaseSharedDatabase(offers: number): Promise<void> {
  const pending = kept.get(offers);
  kept.delete(offers);
  if (pending) await (await pending.catch(() => null))?.drop();
}

export async function releaseSharedDatabases(): Promise<void> {
  for (const offers of [...kept.keys()]) await releaseSharedDatabase(offers);
}
