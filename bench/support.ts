/**
 * What the benchmarks that run real server processes share: a fresh PostgreSQL database, a server
 * process on it, people and offers written straight into the database (signing up a few hundred
 * people over HTTP would measure mail and password hashing, not the product), and signing them in.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { hashPassword } from '../apps/server/src/realtime/bench-support.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The PostgreSQL server the benchmarks create their databases on. */
export const BENCH_DATABASE_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Every benchmark person's password. */
export const BENCH_PASSWORD = 'Bench-pass-1';

export type FreshDatabase = { url: string; drop(): Promise<void> };

/** Creates an empty database `name` on `serverUrl`; drop() removes it (closing whatever is still connected). */
export async function freshDatabase(serverUrl: string, name: string): Promise<FreshDatabase> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = { base: string; child: ChildProcess; stop(): Promise<void> };

export type ServerOptions = {
  databaseUrl: string;
  /** Settings over the defaults (development, LOG_LEVEL=error, no demo seed, no web app). */
  env?: Record<string, string>;
  /** Node flags after `--import tsx`, e.g. a TypeScript preload: `--import ./bench/x.ts`. */
  nodeArgs?: string[];
  /** The child's stdio; the default shows its stderr only. */
  stdio?: StdioOptions;
};

/**
 * Starts `apps/server/src/main.ts` on a free port with its own DATA_DIR and waits until it answers
 * /api/health. A port found free can be taken by another process before the server binds it, so
 * the answer only counts once that port's listening socket is the child's own; a child that could
 * not listen is started again on another port.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = spawnServer(options, port);
    try {
      await waitForHealth(server.base, server.child, port);
      return server;
    } catch (error) {
      await server.stop();
      if (!(error instanceof ExitedEarly) || attempt === 3) throw error;
    }
  }
}

class ExitedEarly extends Error {}

function spawnServer(options: ServerOptions, port: number): ServerProcess {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'never',
      WEB_DIST: path.join(dataDir, 'none'),
      ...options.env,
    },
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => resolve(clearTimeout(kill)));
        child.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, child, stop };
}

async function waitForHealth(base: string, child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new ExitedEarly(`server ${base} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok && listensOn(child.pid!, port)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server ${base} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether process `pid` holds the socket listening on `port` (Linux /proc; true where that cannot be read). */
function listensOn(pid: number, port: number): boolean {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let inodes: string[];
  try {
    inodes = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(hexPort) && fields[3] === '0A')
      .map((fields) => `socket:[${fields[9]}]`);
  } catch {
    return true;
  }
  return readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false;
    }
  });
}

/** A benchmark person: verified, with one approved offer (with media, so the feed shows it). */
export type Person = { id: string; email: string; offerId: string; cookie: string; base: string };

/**
 * Writes `count` people (password BENCH_PASSWORD) with an offer each, spread over `bases` in turn,
 * plus `otherCreators` creators who never sign in, each with an offer too (a longer feed).
 * Returns the people, and every offer id in the database.
 */
export async function createPeople(
  databaseUrl: string,
  options: { count: number; bases: string[]; otherCreators?: number },
): Promise<{ people: Person[]; offerIds: string[] }> {
  const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const hash = await hashPassword(BENCH_PASSWORD);
    const people: Person[] = Array.from({ length: options.count }, (_, i) => ({
      id: `bench${i}`,
      email: `bench${i}@example.com`,
      offerId: '',
      cookie: '',
      base: options.bases[i % options.bases.length]!,
    }));
    const creators = Array.from({ length: options.otherCreators ?? 0 }, (_, i) => `creator${i}`);
    const users = [
      ...people.map((p, i) => ({ id: p.id, display_name: `Bench Person ${i}`, email: p.email, email_verified: true })),
      ...creators.map((id, i) => ({
        id,
        display_name: `Bench Creator ${i}`,
        email: `${id}@example.com`,
        email_verified: true,
      })),
    ];
    const offerIds: string[] = [];
    for (let i = 0; i < users.length; i += 1000) {
      const chunk = users.slice(i, i + 1000);
      await db`insert into users ${db(chunk)}`;
      const rows = await db<
        { id: string; user_id: string }[]
      >`insert into offers ${db(chunk.map((u) => ({ user_id: u.id, title: `Offer of ${u.id}`, media_key: 'offers/bench.jpg', is_approved: true })))} returning id, user_id`;
      const byUser = new Map(rows.map((row) => [row.user_id, row.id]));
      for (const row of rows) offerIds.push(row.id);
      for (const p of people) p.offerId ||= byUser.get(p.id) ?? '';
    }
    if (people.length)
      await db`insert into accounts ${db(people.map((p) => ({ id: `a-${p.id}`, account_id: p.id, provider_id: 'credential', user_id: p.id, password: hash })))}`;
    return { people, offerIds };
  } finally {
    await db.end();
  }
}

/** Signs everyone in over HTTP, `batch` at a time (password hashing is the slow part), keeping each session cookie. */
export async function signIn(people: Person[], batch = 10): Promise<void> {
  for (let i = 0; i < people.length; i += batch) {
    await Promise.all(
      people.slice(i, i + batch).map(async (p) => {
        const response = await fetch(`${p.base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: p.base },
          body: JSON.stringify({ email: p.email, password: BENCH_PASSWORD }),
        });
        if (response.status !== 200) throw new Error(`sign-in failed for ${p.email}: ${response.status}`);
        await response.body?.cancel();
        p.cookie = response.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
      }),
    );
  }
}

/**
 * The same database through PostgreSQL's Unix socket when the server runs on this machine (the address
 * in libpq's form, `?host=/var/run/postgresql`, which the server and pgbench both take): a statement
 * over the loopback's TCP costs the server process noticeably more, and a deploy with the database on
 * its own machine measures the network separately anyway.
 */
export function onLocalSocket(url: string, socketDir = '/var/run/postgresql'): string {
  const parsed = new URL(url);
  const port = parsed.port || '5432';
  if (!['127.0.0.1', 'localhost'].includes(parsed.hostname) || parsed.searchParams.has('host')) return url;
  if (!existsSync(path.join(socketDir, `.s.PGSQL.${port}`))) return url;
  parsed.hostname = 'localhost';
  parsed.searchParams.set('host', socketDir);
  return parsed.toString();
}
