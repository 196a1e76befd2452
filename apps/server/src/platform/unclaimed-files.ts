/**
 * No stored file without a row, even when storage or the process fails halfway (migration 0025's
 * unclaimed_files): an upload's keys are written here before its files go to storage, and the
 * transaction that saves the row pointing at them claims them (deletes them here). A save that fails
 * removes its files at once; if storage refuses that too, or the process dies first, the queue removes
 * them once due. A removal storage refuses (a replaced file) is kept here and tried again the same way.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/connection.ts';
import type { Storage } from './storage.ts';

/** An upload not claimed within this long is abandoned (a transfer and a save take seconds). */
const CLAIM_WITHIN_MS = 60 * 60_000;
export const UNCLAIMED_FILES_JOB = 'files.unclaimed';

type Deps = { database: Database; storage: Storage; log: FastifyBaseLogger };

/** Before `keys` go to storage: they are removed unless claimed within the hour. */
export async function holdUploads(database: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await database.query(
    `insert into unclaimed_files (key, due_at)
     select key, now() + make_interval(secs => $2::float8 / 1000) from unnest($1::text[]) as key
     on conflict (key) do update set due_at = excluded.due_at`,
    [keys, CLAIM_WITHIN_MS],
  );
}

/** In the transaction that saves the row pointing at them: the files are the row's now. */
export async function claimUploads(tx: Db | Tx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`delete from unclaimed_files where key = any(${sql.param(keys)}::text[])`);
}

async function removeNow(database: Database, keys: string[]): Promise<void> {
  await database.query(
    `insert into unclaimed_files (key, due_at) select key, now() from unnest($1::text[]) as key
     on conflict (key) do update set due_at = now()`,
    [keys],
  );
}

/**
 * Removes stored files no row points at (a failed save, a replaced upload, a deletion). A failure is
 * logged, never shown: the row is already right, and the queue removes the file later.
 */
export async function removeStoredFiles(deps: Deps, keys: Array<string | null | undefined>): Promise<void> {
  const left: string[] = [];
  const removed: string[] = [];
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
      removed.push(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not remove a stored file; the queue will');
      left.push(key);
    }
  }
  try {
    if (removed.length > 0)
      await deps.database.query('delete from unclaimed_files where key = any($1::text[])', [removed]);
    if (left.length > 0) await removeNow(deps.database, left);
  } catch (error) {
    deps.log.warn({ err: error, keys: left }, 'could not note stored files to remove');
  }
}

/** The queue's work: every unclaimed file that is due is removed from storage; stops at the first refusal. */
export async function removeUnclaimedFiles(deps: Deps): Promise<number> {
  let count = 0;
  for (;;) {
    const due = await deps.database.query<{ key: string }>(
      `select key from unclaimed_files where due_at <= now() order by due_at limit 100`,
    );
    if (due.length === 0) return count;
    for (const { key } of due) {
      try {
        await deps.storage.delete(key);
      } catch (error) {
        deps.log.warn({ err: error, key }, 'could not remove an unclaimed file; trying again later');
        return count;
      }
      await deps.database.query('delete from unclaimed_files where key = $1', [key]);
      count += 1;
    }
  }
}
