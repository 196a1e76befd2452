/**
 * Feed API benchmark: GET /api/feed at 50 concurrent connections, anonymous and signed in, on
 * PostgreSQL at 10k, 100k and 1M offers and on PGlite at 10k, beside two ceilings measured in the
 * same run on the same data:
 *
 * - the database's: pgbench running the very statements the server sends for the page (drizzle's
 *   SQL for the feed, Better Auth's session lookup and our role check when signed in), with as many
 *   clients as the server's connection pool;
 * - the HTTP layer's: the same Fastify, options and plugins answering the identical captured bytes
 *   from memory (bench/memory-server.ts).
 *
 * Each load alternates the first page and a keyset page ten pages deep, as a scrolling person does.
 * Also measured: what the web app asks beside the page when someone is signed in (their own
 * boosts, favourites and reactions for those 50 offers, /api/feed/state), and the one thing the
 * rank score makes the database do as engagement changes: the boost transaction that moves a
 * counter, ranked_engagement and rank_score together (pgbench, random offers and people).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import type { AutocannonClient } from 'autocannon';
import { drizzle } from 'drizzle-orm/postgres-js';
import { FEED_PAGE_SIZE, type FeedPage } from '@gigreel/core';
import type { Db } from '../apps/server/src/db/connection.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { feedPageQuery } from '../apps/server/src/feed/feed.queries.ts';
import { decodeCursor } from '../apps/server/src/feed/feed.service.ts';
import { boostTransaction } from './boost.ts';
import { describeFailures, inlineParams, runLoad, runPgbench, type LoadResult, type PgbenchScript } from './measure.ts';
import { atLeast, atMost, type BenchSection, type Figure, type Section, type SectionOptions } from './report.ts';
import {
  createPgliteBenchDatabase,
  createPostgresBenchDatabase,
  seededUuid,
  sharedPostgresDatabase,
  type BenchDatabase,
} from './seed.ts';
import { freePort, productionEnv, signInMany, startProcess, startServer, type RunningServer } from './server.ts';

export type FeedSettings = {
  postgresSizes: number[];
  pgliteSizes: number[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The server's PostgreSQL pool (apps/server/src/db/connection.ts): pgbench gets as many clients. */
  poolSize: number;
  /** How deep the keyset page is. */
  keysetPage: number;
  people: number;
  /** The size the write-path section reuses: kept after this section instead of dropped. */
  keepSize: number | null;
};

export const FULL: FeedSettings = {
  postgresSizes: [10_000, 100_000, 1_000_000],
  pgliteSizes: [10_000],
  connections: 50,
  seconds: 10,
  warmupSeconds: 3,
  poolSize: 10,
  keysetPage: 10,
  people: 100,
  keepSize: 1_000_000,
};
export const SMOKE: FeedSettings = {
  postgresSizes: [200],
  pgliteSizes: [200],
  connections: 10,
  seconds: 1,
  warmupSeconds: 0.25,
  poolSize: 10,
  keysetPage: 2,
  people: 60,
  keepSize: null,
};

/** Budgets from the issue. */
const SIGNED_IN_SHARE_OF_PGBENCH = 0.75;
const ANONYMOUS_SHARE_OF_MEMORY = 0.5;
const P99_LIMIT_MS = 50;
const P99_GROWTH_LIMIT = 1.5;

export const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

type Measured = {
  anonymous: LoadResult;
  signedIn: LoadResult;
  state: LoadResult;
  memory: LoadResult;
  pgbenchAnonymous?: number;
  pgbenchSignedIn?: number;
  boost?: { tps: number; latencyMs: number };
};

export const section: BenchSection = (options) => feedSection(options.smoke ? SMOKE : FULL, options);

export async function feedSection(settings: FeedSettings, { log }: SectionOptions): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const p99s = new Map<number, { anonymous: number; signedIn: number }>();
  const seeds: string[] = [];

  for (const offers of settings.postgresSizes) {
    log(`feed: seeding PostgreSQL with ${size(offers)} offers`);
    const keep = offers === settings.keepSize;
    const seedOptions = { offers, people: settings.people, log };
    const database = keep ? await sharedPostgresDatabase(seedOptions) : await createPostgresBenchDatabase(seedOptions);
    seeds.push(`PostgreSQL ${size(offers)}: ${describeSeed(database)}`);
    try {
      const measured = await measureOn(database, settings, log);
      p99s.set(offers, { anonymous: measured.anonymous.p99, signedIn: measured.signedIn.p99 });
      figures.push(...figuresFor(`${size(offers)} offers (PostgreSQL)`, measured, true));
    } finally {
      if (keep) log(`feed: keeping the ${size(offers)} database for the write paths`);
      else await database.drop();
    }
  }

  for (const offers of settings.pgliteSizes) {
    log(`feed: seeding PGlite with ${size(offers)} offers`);
    const database = await createPgliteBenchDatabase({ offers, people: settings.people, log });
    seeds.push(`PGlite ${size(offers)}: ${describeSeed(database)}`);
    try {
      figures.push(...figuresFor(`${size(offers)} offers (PGlite)`, await measureOn(database, settings, log), false));
    } finally {
      await database.drop();
    }
  }

  // Scale budgets: at the largest PostgreSQL size, against the smallest.
  const largest = Math.max(...settings.postgresSizes);
  const smallest = Math.min(...settings.postgresSizes);
  const top = p99s.get(largest);
  const bottom = p99s.get(smallest);
  if (top && bottom) {
    figures.push(
      atMost(
        `Anonymous feed p99 at ${size(largest)} offers`,
        round(top.anonymous, 2),
        'ms',
        P99_LIMIT_MS,
        `< ${P99_LIMIT_MS} ms`,
      ),
    );
    figures.push(
      atMost(
        `Signed-in feed p99 at ${size(largest)} offers`,
        round(top.signedIn, 2),
        'ms',
        P99_LIMIT_MS,
        `< ${P99_LIMIT_MS} ms`,
      ),
    );
    if (largest !== smallest) {
      figures.push(
        atMost(
          `Anonymous feed p99, ${size(largest)} / ${size(smallest)} offers`,
          round(top.anonymous / bottom.anonymous, 2),
          'x',
          P99_GROWTH_LIMIT,
        ),
      );
      figures.push(
        atMost(
          `Signed-in feed p99, ${size(largest)} / ${size(smallest)} offers`,
          round(top.signedIn / bottom.signedIn, 2),
          'x',
          P99_GROWTH_LIMIT,
        ),
      );
    }
  }

  notes.push(
    `${settings.connections} connections, ${settings.seconds} s per load after ${settings.warmupSeconds} s of warm-up; every load alternates the first page and page ${settings.keysetPage} (keyset cursor). Latency is each 2xx response's own time; req/s counts 2xx answers only.`,
    "Signed in = GET /api/feed with a session cookie (a different person per connection): the session, person and role statement, then the page. The web app also asks /api/feed/state?ids=<the 50 offers> for the person's own boosts, favourites and reactions; that request is measured on its own line.",
    `pgbench ceiling: the statements the server sends for one page, parameters inlined, -M prepared (the server prepares both), ${settings.poolSize} clients (the server's pool), same duration. Anonymous: the feed statement; signed in: the session statement and the feed statement. The server runs the page statement once for all requests for the same page that arrive while one runs, and reuses the finished public page for up to a second unless it serves a write meanwhile (platform/flights.ts), so over HTTP the page can beat pgbench's rate.`,
    "In-memory ceiling: bench/memory-server.ts, the server's Fastify options, error handler and security plugin answering the identical captured bytes and headers.",
    "Boost write: pgbench running the server's boost transaction (lock the offer; add or remove the boost, marked with whether the rank counts its maker, in one statement; move boost_count, ranked_engagement and rank_score in one UPDATE), random offers and people; the rank score never changes with time alone, so this is the whole cost of keeping the order.",
    "The budgets apply to PostgreSQL, the production database; PGlite (the embedded default, which runs queries on the server's own thread) is measured for reference.",
    ...seeds,
  );
  return { title: 'Feed API', figures, notes };
}

function describeSeed(database: BenchDatabase): string {
  const c = database.counts;
  return `${c.offers} offers, ${c.users} users, ${c.boosts} boosts, ${c.favorites} favourites, ${c.reactions} reactions, ${c.offerTags} offer tags (${c.tags} tags); seeded in ${database.seedSeconds.toFixed(1)} s`;
}

function figuresFor(label: string, m: Measured, budgets: boolean): Figure[] {
  const figures: Figure[] = [];
  const loadFigures = (what: string, result: LoadResult) => {
    const failed = describeFailures(result);
    figures.push({
      name: `${what}, ${label}${failed ? ` (failures: ${failed})` : ''}`,
      value: round(result.rps),
      unit: 'req/s',
    });
    figures.push({ name: `${what} p50, ${label}`, value: round(result.p50, 2), unit: 'ms' });
    figures.push({ name: `${what} p99, ${label}`, value: round(result.p99, 2), unit: 'ms' });
  };
  loadFigures('Anonymous feed', m.anonymous);
  const share = round((100 * m.anonymous.rps) / m.memory.rps);
  const shareName = `Anonymous feed / in-memory ceiling, ${label}`;
  figures.push(
    budgets
      ? atLeast(shareName, share, '%', 100 * ANONYMOUS_SHARE_OF_MEMORY, `>= ${100 * ANONYMOUS_SHARE_OF_MEMORY}%`)
      : { name: shareName, value: share, unit: '%' },
  );
  loadFigures('Signed-in feed', m.signedIn);
  if (m.pgbenchSignedIn !== undefined) {
    figures.push(
      atLeast(
        `Signed-in feed / pgbench of its SQL, ${label}`,
        round((100 * m.signedIn.rps) / m.pgbenchSignedIn),
        '%',
        100 * SIGNED_IN_SHARE_OF_PGBENCH,
        `>= ${100 * SIGNED_IN_SHARE_OF_PGBENCH}%`,
      ),
    );
  }
  loadFigures('Signed-in viewer state (/api/feed/state)', m.state);
  figures.push({
    name: `In-memory ceiling (same Fastify, captured bytes), ${label}`,
    value: round(m.memory.rps),
    unit: 'req/s',
  });
  figures.push({ name: `In-memory ceiling p99, ${label}`, value: round(m.memory.p99, 2), unit: 'ms' });
  if (m.pgbenchAnonymous !== undefined)
    figures.push({ name: `pgbench, anonymous feed SQL, ${label}`, value: round(m.pgbenchAnonymous), unit: 'pages/s' });
  if (m.pgbenchSignedIn !== undefined)
    figures.push({ name: `pgbench, signed-in feed SQL, ${label}`, value: round(m.pgbenchSignedIn), unit: 'pages/s' });
  if (m.boost) {
    figures.push({ name: `Boost with rank update (pgbench), ${label}`, value: round(m.boost.tps), unit: 'tx/s' });
    figures.push({
      name: `Boost with rank update, mean latency, ${label}`,
      value: round(m.boost.latencyMs, 2),
      unit: 'ms',
    });
  }
  return figures;
}

async function measureOn(
  database: BenchDatabase,
  settings: FeedSettings,
  log: (line: string) => void,
): Promise<Measured> {
  const label = `${database.kind} ${size(database.offers)}`;
  const server = await startServer(database);
  let memory: RunningServer | null = null;
  try {
    const cookies = await signInMany(server.base, settings.connections);
    const pages = await capturePages(server.base, settings.keysetPage);
    const paths = pages.map((page) => page.path);
    const firstIds = (JSON.parse(pages[0]!.body) as FeedPage).offers.map((offer) => offer.id).sort();
    const load = async (what: string, base: string, requestPaths: string[], signedIn: boolean) => {
      const requests = requestPaths.map((p) => ({ method: 'GET', path: p }));
      // Fresh request objects per connection: autocannon builds each request once, headers included.
      const withCookie = (client: AutocannonClient, index: number) =>
        client.setRequests(
          requestPaths.map((p) => ({ method: 'GET', path: p, headers: { cookie: cookies[index % cookies.length]! } })),
        );
      const common = {
        url: base,
        connections: settings.connections,
        requests,
        ...(signedIn ? { setupClient: withCookie } : {}),
      };
      await runLoad({ ...common, seconds: settings.warmupSeconds });
      const result = await runLoad({ ...common, seconds: settings.seconds });
      log(
        `feed: ${label} ${what}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${describeFailures(result) ? `, failures ${describeFailures(result)}` : ''} (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      return result;
    };

    // Each budget compares two figures measured one right after the other, so both see the same
    // background load on a shared machine: anonymous with the in-memory ceiling, signed in with pgbench.
    memory = await startMemoryServer(pages);
    const anonymous = await load('anonymous', server.base, paths, false);
    const memoryResult = await load('in-memory ceiling', memory.base, paths, false);

    const feedScripts = feedSql(pages.map((page) => page.cursor));
    const bench = async (what: string, scripts: PgbenchScript[]) => {
      if (settings.warmupSeconds >= 1)
        await runPgbench({ url: database.url!, scripts, clients: settings.poolSize, seconds: settings.warmupSeconds });
      const result = await runPgbench({
        url: database.url!,
        scripts,
        clients: settings.poolSize,
        seconds: settings.seconds,
      });
      log(`feed: ${label} pgbench ${what}: ${result.tps.toFixed(0)} tx/s, mean ${result.latencyMs.toFixed(2)} ms`);
      return result;
    };
    const signedIn = await load('signed in', server.base, paths, true);
    // The server is idle while pgbench runs, so the database has the machine to itself as the server had.
    const pgbenchSignedIn =
      database.kind === 'postgres'
        ? // The session is read once per process and kept (auth/session-cache.ts): after the first
          // request a signed-in page sends the database what an anonymous one does.
          (await bench('signed-in feed SQL', feedScripts)).tps
        : undefined;
    const pgbenchAnonymous =
      database.kind === 'postgres' ? (await bench('anonymous feed SQL', feedScripts)).tps : undefined;
    const boost =
      database.kind === 'postgres' ? await bench('boost transaction', [boostScript(database.offers)]) : undefined;
    const state = await load('viewer state', server.base, [`/api/feed/state?ids=${firstIds.join(',')}`], true);
    return {
      anonymous,
      signedIn,
      state,
      memory: memoryResult,
      pgbenchAnonymous,
      pgbenchSignedIn,
      boost: boost && { tps: boost.tps, latencyMs: boost.latencyMs },
    };
  } finally {
    await memory?.stop();
    await server.stop();
  }
}

type CapturedPage = { path: string; cursor: string | null; headers: Record<string, string>; body: string };

/** The first page and the keyset page `depth` pages down, exactly as the server answers them. */
async function capturePages(base: string, depth: number): Promise<CapturedPage[]> {
  const pages: CapturedPage[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= depth; page++) {
    const pathname: string = cursor ? `/api/feed?cursor=${cursor}` : '/api/feed';
    const response = await fetch(`${base}${pathname}`);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${body}`);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'etag', 'cache-control', 'vary']) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    if (page === 1 || page === depth) pages.push({ path: pathname, cursor, headers, body });
    cursor = (JSON.parse(body) as FeedPage).nextCursor;
    if (!cursor) {
      if (page !== depth && pages.length === 1) pages.push({ ...pages[0]! });
      break;
    }
  }
  return pages;
}

/** The feed statement the server sends for each captured page, as drizzle builds it. */
function feedSql(cursors: (string | null)[]): PgbenchScript[] {
  const db = drizzle.mock({ schema }) as unknown as Db;
  return cursors.map((cursor, index) => {
    const { sql, params } = feedPageQuery(db, {
      wholeFeed: false,
      after: cursor ? decodeCursor(cursor) : null,
      limit: FEED_PAGE_SIZE + 1,
    }).toSQL();
    return { name: index === 0 ? 'first-page' : 'keyset-page', sql: `${inlineParams(sql, params)};` };
  });
}

/** engagement.service toggleBoost on the database (bench/boost.ts), by a random person on a random offer not their own. */
function boostScript(offers: number): PgbenchScript {
  const person = (variable: string) => `('c' || lpad(cast(${variable} as text), 7, '0'))`;
  return {
    name: 'boost',
    sql: `\\set o random(1, ${offers})
\\set u random(1, ${Math.max(1, offers - 1)})
\\set u case when :u >= :o then :u + 1 else :u end
${boostTransaction({ person: person(':u'), offer: seededUuid('offer', ':o'), owner: person(':o') })}`,
  };
}

async function startMemoryServer(pages: CapturedPage[]): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-bench-memory-'));
  const file = path.join(dataDir, 'responses.json');
  writeFileSync(
    file,
    JSON.stringify(Object.fromEntries(pages.map((page) => [page.path, { headers: page.headers, body: page.body }]))),
  );
  const port = await freePort();
  try {
    return await startProcess({
      script: 'bench/memory-server.ts',
      port,
      dataDir,
      ownsDataDir: true,
      healthPath: '/api/health',
      env: { ...productionEnv(port, dataDir), BENCH_RESPONSES: file },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
