/**
 * The real server as a child process, configured as in production (NODE_ENV=production, warn-level
 * logs, no demo data), on a seeded database; and signing bench people in over HTTP.
 * BENCH_SERVER_NODE_ARGS adds Node options to the server's command line, for a profile of what a
 * load costs (`--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS does not take).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vapidEnv } from '../apps/server/test/vapid.ts';
import type { BenchDatabase } from './seed.ts';
import { BENCH_PASSWORD, freePort, onLocalSocket } from './support.ts';

export { freePort };

export const repoRoot = path.resolve(import.meta.dirname, '..');

export type RunningServer = {
  base: string;
  pid: number;
  dataDir: string;
  authSecret: string;
  /** The server's last error log lines (pino level 50 and up), for a load that got a 5xx. */
  errors(): string[];
  stop(): Promise<void>;
};

/** At most this many of the server's error lines are kept, each cut to ERROR_LINE_CHARS. */
const ERRORS_KEPT = 5;
const ERROR_LINE_CHARS = 1500;

/** Starts a child process running `script` (a TypeScript file under the repo) and waits for `healthPath`. */
export async function startProcess(options: {
  script: string;
  env: Record<string, string | undefined>;
  port: number;
  healthPath: string;
  dataDir: string;
  ownsDataDir: boolean;
}): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', options.script], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // The log (warn and up, one JSON object a line): the errors are kept, so a 5xx in a load can be explained.
  const errors: string[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    // a line still being written: its start (where pino puts the level) is what is kept
    partial = lines.pop()!.slice(0, 64 * 1024);
    for (const line of lines.filter((text) => /^\{"level":\s*[5-9]\d/.test(text))) {
      errors.push(line.slice(0, ERROR_LINE_CHARS));
      if (errors.length > ERRORS_KEPT) errors.shift();
    }
  });
  const base = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    await stopChild(child);
    if (options.ownsDataDir) rmSync(options.dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${base}${options.healthPath}`, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    pid: child.pid!,
    dataDir: options.dataDir,
    authSecret: options.env.AUTH_SECRET ?? '',
    errors: () => [...errors],
    stop,
  };
}

/** The settings every benchmark process runs with: production, on this port and data folder, quiet logs. */
export function productionEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...vapidEnv(),
    LOG_LEVEL: 'warn',
  };
}

/** The API server on a seeded database, production-like. */
export async function startServer(database: BenchDatabase): Promise<RunningServer> {
  const port = await freePort();
  const ownsDataDir = database.kind === 'postgres';
  const dataDir = database.dataDir ?? mkdtempSync(path.join(tmpdir(), 'gigreel-bench-server-'));
  return startProcess({
    script: 'apps/server/src/main.ts',
    port,
    dataDir,
    ownsDataDir,
    healthPath: '/api/health',
    env: {
      ...productionEnv(port, dataDir),
      DATABASE_URL: database.url && onLocalSocket(database.url),
      SEED_DEMO: 'never',
      ADMIN_EMAILS: undefined,
      SMTP_URL: undefined,
      S3_BUCKET: undefined,
    },
  });
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}\n${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 90 s\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Signs bench-<i> in over HTTP and returns the Cookie header value for the session. */
export async function signIn(base: string, person: number): Promise<string> {
  return signInAs(base, `bench-${person}@bench.example`);
}

/** Signs the person with this address (password BENCH_PASSWORD) in over HTTP; returns the Cookie header value. */
export async function signInAs(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Signs in people 0..count-1, a few at a time (password hashing is the slow part). */
export async function signInMany(base: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) => i + j);
    cookies.push(...(await Promise.all(batch.map((person) => signIn(base, person)))));
  }
  return cookies;
}
