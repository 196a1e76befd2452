/** `npm run restore -- FILE`: brings a backup (npm run backup) back into an empty DATA_DIR. */
import path from 'node:path';
import { restoreBackup } from '../platform/backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (into DATA_DIR, which must be empty)');
  process.exit(2);
}
// Only where to restore: the whole configuration would make the keys it keeps in DATA_DIR (config.ts)
// there first, and a restore goes only into an empty folder.
const config = {
  dataDir: path.resolve(process.env.DATA_DIR?.trim() || './data'),
  databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
};
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: a PostgreSQL database is restored with pg_restore (see the README, "Backups").');
  process.exit(1);
}
try {
  const restored = await restoreBackup(file, config.dataDir);
  console.log(
    `Restored the backup of ${restored.createdAt} into ${config.dataDir} (the database and ${restored.files} files). Start the server with DATA_DIR=${config.dataDir}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
