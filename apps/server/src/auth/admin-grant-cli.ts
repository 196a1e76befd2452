/** `npm run admin:grant -- EMAIL`: gives an existing account the admin role. */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/connection.ts';
import { lockDataDir } from '../db/lock.ts';
import { findUserIdByEmail, grantAdmin } from './roles.queries.ts';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin:grant -- EMAIL');
  process.exit(2);
}
const config = loadConfig();
try {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
  const userId = await findUserIdByEmail(database.db, email);
  if (!userId) {
    console.error(`No account with the email ${email}. Sign up first, or add it to ADMIN_EMAILS.`);
    process.exitCode = 1;
  } else {
    await grantAdmin(database.db, userId);
    console.log(`${email} is now an admin.`);
  }
  await database.close();
  unlock();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
