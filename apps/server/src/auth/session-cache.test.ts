/** The sessions a process keeps (session-cache.ts): read once, forgotten whenever they may have changed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { sessionCache } from './session-cache.ts';
import { findSessionWithPerson } from './sessions.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const tokenOf = (cookie: string) => decodeURIComponent(cookie).split('.')[0] ?? '';

/** How many times the session statement runs while `run` does. */
async function sessionReadsDuring(run: () => Promise<unknown>): Promise<number> {
  let reads = 0;
  const stop = watchSessionReads(() => reads++);
  try {
    await run();
  } finally {
    stop();
  }
  return reads;
}

/** Counts the session statement (sessionWithPersonQuery) as drizzle sends it. */
function watchSessionReads(onRead: () => void): () => void {
  const logger = (t.deps.database.db as unknown as { session: { logger: { logQuery(q: string): void } } }).session
    .logger;
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (query: string, ...rest: unknown[]) => {
    if (/from "sessions" inner join "users"/.test(query)) onRead();
    (original as (...args: unknown[]) => void)(query, ...rest);
  };
  return () => {
    logger.logQuery = original;
  };
}

describe('a session read once per process', () => {
  it('is read from the database by the first request only', async () => {
    const c = await t.signedIn();
    expect(await sessionReadsDuring(() => c.get('/api/me'))).toBe(1);
    expect(await sessionReadsDuring(() => c.get('/api/me'))).toBe(0);
    expect((await c.get('/api/me')).json().viewer).not.toBeNull();
  });

  it('is read again after a request of this process changed a name', async () => {
    const c = await t.signedIn();
    await c.get('/api/me');
    const renamed = await c.patch('/api/profile', { displayName: 'Renamed Person' });
    expect(renamed.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().viewer.displayName).toBe('Renamed Person');
  });

  it('is not kept when it changed while it was being read', async () => {
    const c = await t.signedIn();
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    const cache = await sessionCache(t.deps.database);
    let loads = 0;
    const load = async () => {
      loads++;
      const row = await findSessionWithPerson(t.deps.database.db, token);
      if (loads === 1)
        await t.deps.database.query('update sessions set updated_at = updated_at where token = $1', [token]);
      return row;
    };
    await cache.read(token, load);
    // Every notice of that change heard: what is read now is kept.
    await cache.catchUp();
    await cache.read(token, load);
    await cache.read(token, load);
    expect(loads).toBe(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a session ended by another process', () => {
  let other: Database;
  beforeAll(async () => {
    // Another process: a connection of its own to this test's database.
    const [row] = await t.deps.database.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    other = await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
  });
  afterAll(async () => other?.close());

  it('is refused as soon as this process hears of it', async () => {
    const c = await t.signedIn();
    const token = tokenOf(c.cookies.get('gigreel.session_token')!);
    expect((await c.get('/api/me')).json().viewer).not.toBeNull();
    await other.query('delete from sessions where token = $1', [token]);
    await expect.poll(async () => (await c.get('/api/me')).json().viewer, { timeout: 5000, interval: 20 }).toBeNull();
  });

  it('loses its admin role as soon as this process hears of it', async () => {
    const c = await t.signedIn();
    const id = (await c.get('/api/me')).json().viewer.id as string;
    await other.query("insert into user_roles (user_id, role) values ($1, 'admin')", [id]);
    await expect
      .poll(async () => (await c.get('/api/me')).json().viewer.isAdmin, { timeout: 5000, interval: 20 })
      .toBe(true);
    await other.query('delete from user_roles where user_id = $1', [id]);
    await expect
      .poll(async () => (await c.get('/api/me')).json().viewer.isAdmin, { timeout: 5000, interval: 20 })
      .toBe(false);
  });
});
