/**
 * The server as a process, for tests that start, kill and restart it: `node --import tsx
 * apps/server/src/main.ts` with its own DATA_DIR and a free port. Every process and folder made here
 * is removed by `cleanUpProcesses()` (call it in the test file's afterAll), also when a test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { PGLITE_TEMPLATE, postgresTemplateName, withDatabase } from './databases.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
const running = new Set<ChildProcess>();
const databases: Array<() => Promise<void>> = [];

/** Kills what is still running, drops the databases and removes the folders made by this file's tests. */
export async function cleanUpProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        }),
    ),
  );
  for (const drop of databases.splice(0)) await drop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export function tempDataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'gigreel-process-'));
  folders.push(folder);
  return folder;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts a command with a clean environment (never the test run's database settings). */
export function run(args: string[], env: Record<string, string>): Run {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ADMIN_EMAILS: _c, NODE_ENV: _d, ...inherited } = process.env;
  const child = spawn(args[0]!, args.slice(1), {
    cwd: repoRoot,
    env: { ...inherited, NO_COLOR: '1', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => text, exited };
}

export const server = (env: Record<string, string>) =>
  run([process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'], env);

/** Waits until /api/health answers 200; fails with the server's output if it stops first. */
export async function ready(base: string, started: Run, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (started.child.exitCode !== null)
      throw new Error(`server stopped (${started.child.exitCode}):\n${started.output()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready:\n${started.output()}`);
}

export async function stop(started: Run): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

/** Signs in over HTTP like the browser does; the session cookie, or the status when refused. */
export async function logIn(
  base: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ status: number; cookie: string }> {
  const login = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  await login.arrayBuffer();
  return { status: login.status, cookie: login.status === 200 ? cookieOf(login) : '' };
}

/** The cookies a response sets, as a Cookie header. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** The log lines at level error or above (pino JSON: level 50 and 60). */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => /"level":(50|60)\b/.test(line));
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server (dropped by cleanUpProcesses): empty,
 * for servers that migrate it themselves as in production, or a copy of the run's migrated template.
 */
export async function freshPostgresDatabase(label: string, options: { migrated?: boolean } = {}): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `gigreel_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${options.migrated ? ` template ${postgresTemplateName()}` : ''}`);
  databases.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return withDatabase(adminUrl, name);
}

/**
 * Puts the run's migrated embedded database (the template the API tests copy) into DATA_DIR/db, so a
 * server started there skips the first migration (about 5 s, far more on a busy machine).
 */
export async function migratedPgliteDataDir(dataDir: string): Promise<void> {
  const pg = await PGlite.create(path.join(dataDir, 'db'), {
    loadDataDir: new Blob([await readFile(PGLITE_TEMPLATE)]),
  });
  await pg.close();
}

/** The link in the newest mail to `to` in any of these DATA_DIRs' outboxes, waiting for it to be written. */
export async function mailedLink(dataDirs: string[], to: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = dataDirs.flatMap((dataDir) => {
      const dir = path.join(dataDir, 'mail');
      let files: string[] = [];
      try {
        files = readdirSync(dir);
      } catch {
        return [];
      }
      return files.map((file) => ({ file, raw: readFileSync(path.join(dir, file), 'utf8') }));
    });
    const link = mails
      .filter(({ raw }) => (/^To: (.*)$/m.exec(raw)?.[1] ?? '').toLowerCase().includes(to.toLowerCase()))
      .sort((a, b) => a.file.localeCompare(b.file))
      .map(
        ({ raw }) =>
          /(https?:\/\/[^\s"<>]+)/.exec(
            raw
              .replace(/=\r?\n/g, '')
              .replace(/=3D/g, '=')
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1],
      )
      .at(-1);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no mail to ${to} in ${dataDirs.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
