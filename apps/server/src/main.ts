/** Reads config, opens the database, starts the background work and listening; nothing else. */
import type { Server } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { startBackgroundWork } from './background.ts';
import { grantListedAdmins } from './auth/index.ts';
import { loadConfig } from './config.ts';
import { requestIdMixin } from './http/request-id.ts';
import { createDeps } from './create-deps.ts';
import { migrateDatabase, openDatabase, type Database } from './db/connection.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { refuseExposedDemo, seedDemoIfEmpty, UnsafeDemoError } from './db/seed.ts';
import { listenForBackups } from './platform/backup.ts';

/** How long SIGTERM waits for requests in flight (and open event streams) before closing anyway. */
const DRAIN_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({
    level: config.logLevel,
    // Every line written while a request is served carries its id (http/request-id.ts).
    mixin: requestIdMixin,
    ...(process.stdout.isTTY && config.env !== 'production'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });
  // postgres.js (3.4.9) can, while PostgreSQL restarts under load, flush a deferred write on a connection
  // whose socket is already gone; it throws outside any promise. The statement has failed (its request
  // answered 503) and the connection reconnects: that one error must not end the server. Anything else does.
  process.on('uncaughtException', (error) => {
    if (
      error instanceof TypeError &&
      error.message.includes("reading 'write'") &&
      (error.stack ?? '').includes('postgres/src/connection.js')
    ) {
      log.error({ err: error }, 'postgres.js wrote on a closed connection; the server goes on');
      return;
    }
    console.error(error);
    process.exit(1);
  });
  // The lock goes with the process, however it ends.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  process.on('exit', unlock);

  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
    await migrateDatabase(database);
  } catch (error) {
    await database?.close().catch(() => {});
    throw error;
  }
  const deps = createDeps({ config, database, log });
  const app = await buildApp(deps);
  let queue: Awaited<ReturnType<typeof startBackgroundWork>> | undefined;
  // Background work gets connections of its own on PostgreSQL: postgres.js queues a statement behind a
  // busy one when every connection is taken, and a request must never wait behind a rollup refresh.
  let background: Database | undefined;

  let backups: Server | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'draining requests and closing the database');
    let code = 0;
    // app.close() waits for every connection to end, and a client keeps its connection alive after
    // the answer to a request that was in flight (browsers for minutes): close each as it goes idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      const drained = await Promise.race([
        app.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref()),
      ]);
      clearInterval(closeIdle);
      if (!drained) log.warn(`requests still open after ${DRAIN_MS / 1000} s; closing anyway`);
      backups?.close();
      await queue?.stop();
      await background?.close();
      await database.close();
      log.info('database closed');
    } catch (error) {
      log.error({ err: error }, 'could not close cleanly');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const granted = await grantListedAdmins(database.db, config.adminEmails);
    if (granted) log.info({ granted }, 'admin role granted from ADMIN_EMAILS');
    await refuseExposedDemo(deps);
    if (config.seedDemo) await seedDemoIfEmpty(deps);
    if (config.databaseUrl) background = await openDatabase({ kind: 'postgres', url: config.databaseUrl, max: 2 });
    queue = await startBackgroundWork(background ? { ...deps, database: background } : deps);
    // `npm run backup` asks the server holding the embedded database to write one (platform/backup.ts).
    if (database.snapshot) {
      const source = database;
      backups = await listenForBackups({ snapshot: () => source.snapshot!(), dataDir: config.dataDir }, log);
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await queue?.stop().catch(() => {});
    await background?.close().catch(() => {});
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  log.info(
    `GigReel is ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  const expected =
    error instanceof DataDirLockedError ||
    error instanceof UnsafeDemoError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
