/**
 * What the browser benchmarks (bench/web.ts, bench/media.ts) share: the built web app, one real server
 * process on a fresh embedded database that seeds the demo data with its media, and Debian's Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort, repoRoot } from './support.ts';

export { repoRoot };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every benchmark browser runs with (headless, quiet, no background traffic). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/core/src',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Builds the web app when apps/web/dist is missing or older than its sources; returns whether it built.
 * With WEB_DIST set, that build is measured as it is.
 */
export function ensureWebBuild(log: (line: string) => void): boolean {
  if (process.env.WEB_DIST) return false;
  const index = path.join(repoRoot, 'apps/web/dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(repoRoot, source))));
  if (built >= sources) return false;
  log(built ? 'apps/web/dist is older than its sources: npm run build' : 'apps/web/dist is missing: npm run build');
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm run build failed with status ${result.status}`);
  return true;
}

export type DemoServer = { base: string; child: ChildProcess; stop(): Promise<void> };

/**
 * Starts `apps/server/src/main.ts` as people run it locally (NODE_ENV unset, SEED_DEMO=auto) on a free
 * port with an empty DATA_DIR, so it seeds the demo accounts and offers with their media, and serves
 * the built web app (WEB_DIST when set). Resolves once /api/health answers; stop() ends it and removes the DATA_DIR.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-bench-web-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'auto',
  };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
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
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, stop };
}

/** True when this module is the one node was started with (`node --import tsx bench/web.ts`). */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === new URL(moduleUrl).pathname;
}
