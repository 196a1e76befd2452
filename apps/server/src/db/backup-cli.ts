/**
 * `npm run backup -- FILE`: a consistent backup of the embedded database and the local files. While the
 * server runs it writes the backup through its own connection (asked on DATA_DIR/control.sock); while it
 * is stopped, this command opens the database itself. With PostgreSQL (DATABASE_URL) it says which tools to use.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { askServerForBackup, writeBackup } from '../platform/backup.ts';
import { openDatabase } from './connection.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, and files in S3 with bucket versioning (see the README, "Backups").',
  );
  process.exit(1);
}
const describe = (summary: { file: string; bytes: number; files: number }) =>
  `Backup written to ${summary.file} (${(summary.bytes / 1_048_576).toFixed(1)} MB: the database and ${summary.files} files${config.s3 ? '; files in S3 are not in it' : ''}).`;
try {
  const fromServer = await askServerForBackup(config.dataDir, file);
  if (fromServer) console.log(`${describe(fromServer)} The running server wrote it.`);
  else {
    const unlock = lockDataDir(config.dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
    try {
      console.log(describe(await writeBackup({ snapshot: () => database.snapshot!(), dataDir: config.dataDir }, file)));
    } finally {
      await database.close();
      unlock();
    }
  }
} catch (error) {
  console.error(
    error instanceof DataDirLockedError
      ? `${error.message}\nThe server holding it did not answer on ${path.join(config.dataDir, 'control.sock')}; stop it and run the backup again.`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
}
