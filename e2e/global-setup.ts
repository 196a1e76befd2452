/**
 * Starts one real server for the browser tests: the built web app, a fresh DATA_DIR (mail outbox,
 * files) with demo data, on PGlite or on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 * The tests run in parallel, each as people of its own (fixtures.ts): ADMIN_EMAILS lists the
 * addresses a test's own admin signs up with (the server makes an account with a listed address an
 * admin, the supported way to have one), claimed one by one by the workers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** More than a run uses: about one for each test that acts as an admin, one for each worker, and repeats (--repeat-each). */
const ADMIN_SLOTS = 1000;
export const adminEmail = (slot: number) => `e2e-admin-${slot}@example.com`;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${PORT}`,
    LOG_LEVEL: 'warn',
    DESIGNER_EMAIL: 'designer@example.com',
    ADMIN_EMAILS: Array.from({ length: ADMIN_SLOTS }, (_, slot) => adminEmail(slot)).join(','),
  };
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const name = `gigreel_e2e_${process.pid}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${PORT}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the e2e server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the e2e server did not become ready in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_SLOTS = String(ADMIN_SLOTS);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
