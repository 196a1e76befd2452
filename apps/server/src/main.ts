/** Reads config, opens the database, starts listening; nothing else. */
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { grantListedAdmins } from './auth/roles.queries.ts';
import { loadConfig } from './config.ts';
import { createDeps } from './create-deps.ts';
import { migrateDatabase, openDatabase } from './db/connection.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { seedDemoIfEmpty } from './db/seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({
    level: config.logLevel,
    ...(process.stdout.isTTY && config.env !== 'production' ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  });
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
  const deps = createDeps({ config, database, log });
  const granted = await grantListedAdmins(database.db, config.adminEmails);
  if (granted) log.info({ granted }, 'admin role granted from ADMIN_EMAILS');
  if (config.seedDemo) await seedDemoIfEmpty(deps);
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'draining requests and closing the database');
    try {
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`GigReel is ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  const expected = error instanceof DataDirLockedError || (error instanceof Error && error.message.startsWith('Invalid configuration'));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
