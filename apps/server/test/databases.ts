/**
 * Test databases: PGlite migrated once into a template (a data-dir dump) that each test file loads,
 * or, when TEST_DATABASE_URL is set, a PostgreSQL template database copied per test file.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import pino from 'pino';
import { migrateDatabase, openDatabase, type Database } from '../src/db/connection.ts';
import { startQueue } from '../src/platform/queue.ts';

/** Migrations, then the job queue's own schema (pg-boss installs it on first start), as the server has them. */
async function prepare(database: Database): Promise<void> {
  await migrateDatabase(database);
  const queue = await startQueue(database, pino({ level: 'silent' }), { recurring: false });
  await queue.stop();
}

/**
 * The PostgreSQL run of the suite (TEST_DATABASE_URL set; `.ci/run` runs the suite on PGlite, then here).
 * A test whose subject is the same whichever engine the run is on (its own throw-away cluster, the
 * embedded database always, the benchmark on the local PostgreSQL server) runs in the PGlite run only,
 * which is also what a bare `npm test` runs: `describe.skipIf(inPostgresRun)`. Run twice, it repeated
 * the same minutes of CPU.
 */
export const inPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const PGLITE_TEMPLATE = path.join(
  repoRoot,
  `.tmp/pglite-template-${process.env.GIGREEL_TEST_RUN ?? 'local'}.tar.gz`,
);

export function postgresTemplateName(): string {
  return `gigreel_template_${process.env.GIGREEL_TEST_RUN ?? 'local'}`;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Called once per run (vitest global setup, playwright global setup). */
export async function prepareTemplates(): Promise<void> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  if (process.env.TEST_DATABASE_URL) {
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    const name = postgresTemplateName();
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(process.env.TEST_DATABASE_URL, name),
      max: 1,
    });
    await prepare(database);
    await database.close();
    return;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await prepare(database);
  const dump = await database.dump!();
  await mkdir(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  await writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const name = `gigreel_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${postgresTemplateName()}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(process.env.TEST_DATABASE_URL, name),
      max: 4,
    });
    return {
      database,
      async drop() {
        await database.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  if (!existsSync(PGLITE_TEMPLATE)) await prepareTemplates();
  const blob = new Blob([await readFile(PGLITE_TEMPLATE)]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: blob });
  return { database, drop: () => database.close() };
}
