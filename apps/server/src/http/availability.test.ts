/**
 * Alive and ready: /api/health answers while the process runs; /api/ready asks the database and file
 * storage, and answers 503 naming what cannot be reached. A database that went away under a request
 * (a restart, a lost connection) is a clean 503 in the one error shape, never a 500.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { databaseUnavailable } from './errors.ts';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says ready when the database and storage answer, and never lets an answer be cached', async () => {
    const health = await t.client().get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control']).toContain('no-store');
    const ready = await t.client().get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toContain('no-store');
    expect(ready.json()).toEqual({ status: 'ready', database: t.deps.database.kind, storage: 'local' });
  });
});

describe('readiness with storage that refuses writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 503 naming file storage, while the process stays alive', async () => {
    // The files folder cannot be made: a plain file stands where it should be.
    await writeFile(path.join(t.dataDir, 'files'), 'not a folder');
    const ready = await t.client().get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: { code: 'unavailable', message: 'Not ready: file storage cannot be reached.' },
    });
    expect((await t.client().get('/api/health')).statusCode).toBe(200);
  });
});

describe('a database that went away', () => {
  it('is told apart from a request the database refused', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query'), { cause });
    // PostgreSQL shutting down or starting, a connection lost or refused, a connection not had in time
    for (const code of ['57P01', '57P03', '08006', 'CONNECTION_CLOSED', 'ECONNREFUSED', 'CONNECTION_WAIT', '57014'])
      expect(databaseUnavailable(wrapped({ code })), code).toBe(true);
    // a value the request carried, a constraint, an error of ours
    for (const code of ['22P02', '23505', '42P01', undefined])
      expect(databaseUnavailable(wrapped({ code })), String(code)).toBe(false);
  });
});
