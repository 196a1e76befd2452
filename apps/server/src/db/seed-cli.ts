/** `npm run seed`: demo data into an empty database. Refuses while the server holds the embedded database. */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDeps } from '../create-deps.ts';
import { migrateDatabase, openDatabase } from './connection.ts';
import { lockDataDir } from './lock.ts';
import { seedDemoIfEmpty } from './seed.ts';

const config = loadConfig();
const log = pino({ level: 'info' });
if (config.env === 'production') {
  console.error('Demo data is never created with NODE_ENV=production.');
  process.exit(1);
}
try {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
  const seeded = await seedDemoIfEmpty(createDeps({ config, database, log }));
  if (!seeded) console.log('The database already has accounts; demo data was not added.');
  await database.close();
  unlock();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
