/**
 * The server as a process: `node --import tsx apps/server/src/main.ts` with its own DATA_DIR and a
 * free port. Few and coarse on purpose: each first start migrates a fresh PGlite (about 5 s).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort,
  logIn,
  migratedPgliteDataDir,
  ready,
  run,
  server,
  stop,
  tempDataDir,
} from '../test/process.ts';
import { vapidEnv } from '../test/vapid.ts';

afterAll(cleanUpProcesses);

/** Signs in over HTTP like the browser does and returns the viewer, or the status when refused. */
async function signIn(
  base: string,
  email: string,
): Promise<{ status: number; viewer?: { isAdmin: boolean; isDesigner: boolean; hasOffer: boolean } }> {
  const { status, cookie } = await logIn(base, email);
  if (status !== 200) return { status };
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
  return {
    status: 200,
    viewer: ((await me.json()) as { viewer: { isAdmin: boolean; isDesigner: boolean; hasOffer: boolean } }).viewer,
  };
}

function mediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => /\.(mp4|jpg)$/.test(name))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

// The embedded database is what these check; the PostgreSQL run of the suite (TEST_DATABASE_URL) has
// already run them once on the same code, so it skips them rather than pay for the boots twice.
const embeddedRun = !process.env.TEST_DATABASE_URL;

describe.runIf(embeddedRun)('the server process on the embedded database', () => {
  it('starts, seeds once, serves media, holds its lock, drains on SIGTERM and restarts on the same data', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'development' };

    // First start of an empty database: ready, with demo data.
    const first = server(env);
    await ready(base, first);
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(first.output()).toContain('demo data created');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const maya = await signIn(base, 'maya@example.com');
    expect(maya.viewer).toMatchObject({ hasOffer: true, isAdmin: false });
    expect((await signIn(base, 'admin@example.com')).viewer).toMatchObject({ isAdmin: true });
    expect((await signIn(base, 'designer@example.com')).viewer).toMatchObject({ isDesigner: true, isAdmin: false });
    expect((await signIn(base, 'leo@example.com')).viewer).toMatchObject({ isAdmin: false });

    // Approved offers' media, served from /media with Range.
    const files = mediaFiles(dataDir);
    expect(files.filter((name) => /^offers\/[^/]+\/\d+\.(mp4|jpg)$/.test(name))).toHaveLength(7);
    const video = files.find((name) => name.endsWith('.mp4'))!;
    const whole = await fetch(`${base}/media/${video}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    const size = Number(whole.headers.get('content-length'));
    expect(size).toBeGreaterThan(1000);
    await whole.arrayBuffer();
    const part = await fetch(`${base}/media/${video}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const head = await fetch(`${base}/media/${video}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    const beyond = await fetch(`${base}/media/${video}`, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect((await fetch(`${base}/media/deliveries/${video.slice('offers/'.length)}`)).status).toBe(404);
    expect((await fetch(`${base}/media/${video.replace(/\.mp4$/, '.html')}`)).status).toBe(404);

    // A second process on the same folder stops with the clear lock message, and so do
    // `npm run admin:grant` and `npm run seed` while the server holds the database.
    const second = server({ ...env, PORT: String(await freePort()) });
    const refused = run(['npm', 'run', '--silent', 'admin:grant', '--', 'leo@example.com'], { DATA_DIR: dataDir });
    const seedRefused = run(['npm', 'run', '--silent', 'seed'], { DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(
      `Another GigReel process (pid ${first.child.pid}) is using the embedded database in ${dataDir}`,
    );
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('Another GigReel process');
    expect(await seedRefused.exited).toBe(1);
    expect(seedRefused.output()).toContain('Another GigReel process');

    // SIGTERM drains, closes the database and removes the lock.
    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('database closed');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // With the server stopped, admin:grant works, and says so plainly for an unknown email.
    const granted = run(['npm', 'run', '--silent', 'admin:grant', '--', 'Leo@Example.com'], { DATA_DIR: dataDir });
    expect(await granted.exited, granted.output()).toBe(0);
    expect(granted.output()).toContain('leo@example.com is now an admin.');
    const unknown = run(['npm', 'run', '--silent', 'admin:grant', '--', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('No account with the email nobody@example.com');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // A restart opens the same data: no second demo seed, the grant kept, ADMIN_EMAILS applied at start-up.
    const again = server({ ...env, ADMIN_EMAILS: 'sam@example.com' });
    await ready(base, again);
    expect(again.output()).not.toContain('demo data created');
    expect(mediaFiles(dataDir)).toEqual(files);
    expect((await signIn(base, 'maya@example.com')).viewer).toMatchObject({ hasOffer: true });
    expect((await signIn(base, 'leo@example.com')).viewer).toMatchObject({ isAdmin: true });
    expect((await signIn(base, 'sam@example.com')).viewer).toMatchObject({ isAdmin: true });
    expect(await stop(again)).toBe(0);
  }, 480_000);
});

describe.runIf(embeddedRun)('the server process on an address other machines reach', () => {
  it('refuses to create the demo accounts there, with a clear message, unless SEED_DEMO=always', async () => {
    const dataDir = tempDataDir();
    await migratedPgliteDataDir(dataDir);
    const port = String(await freePort());
    const refused = server({ DATA_DIR: dataDir, PORT: port, HOST: '0.0.0.0', NODE_ENV: 'development' });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toMatch(
      /^Refusing to start: it would create the demo accounts, and HOST=0\.0\.0\.0 can be reached from other machines\.\n {2}Listen on this machine only \(HOST=127\.0\.0\.1\)/,
    );
    expect(refused.output()).not.toContain('demo data created');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});

describe.runIf(embeddedRun)('the server process in production', () => {
  it('refuses to start without AUTH_SECRET or PUBLIC_URL, with a clear message', async () => {
    const dataDir = tempDataDir();
    const noSecret = server({ NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'https://gigreel.example.com' });
    const noUrl = server({ NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: 'p'.repeat(40) });
    expect(await noSecret.exited).toBe(1);
    expect(noSecret.output().trim()).toBe('Invalid configuration:\n  AUTH_SECRET is required when NODE_ENV=production');
    expect(await noUrl.exited).toBe(1);
    expect(noUrl.output().trim()).toBe('Invalid configuration:\n  PUBLIC_URL is required when NODE_ENV=production');
    const seed = run(['npm', 'run', '--silent', 'seed'], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://gigreel.example.com',
      AUTH_SECRET: 'p'.repeat(40),
      ...vapidEnv(),
    });
    expect(await seed.exited).toBe(1);
    expect(seed.output().trim()).toBe('Demo data is never created with NODE_ENV=production.');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);

  it('creates no demo data and no demo password', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = server({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      AUTH_SECRET: 'p'.repeat(40),
      ...vapidEnv(),
    });
    await ready(base, started);
    expect(started.output()).not.toContain('demo data created');
    expect(mediaFiles(dataDir)).toEqual([]);
    expect((await signIn(base, 'admin@example.com')).status).toBe(401);
    expect((await signIn(base, 'maya@example.com')).status).toBe(401);
    expect(await stop(started)).toBe(0);

    // `npm run seed` (not in production) fills a database without accounts once, and only once.
    const seed = run(['npm', 'run', '--silent', 'seed'], { DATA_DIR: dataDir });
    expect(await seed.exited, seed.output()).toBe(0);
    expect(seed.output()).toContain('demo data created');
    expect(mediaFiles(dataDir).length).toBeGreaterThan(0);
    const again = run(['npm', 'run', '--silent', 'seed'], { DATA_DIR: dataDir });
    expect(await again.exited, again.output()).toBe(0);
    expect(again.output()).toContain('The database already has accounts; demo data was not added.');
  }, 240_000);
});
