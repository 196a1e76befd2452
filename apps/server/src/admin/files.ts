/** Stored files that a deleted row no longer needs. A failure is logged, never shown: the row is already gone. */
import type { AppDeps } from '../deps.ts';

export async function removeFiles(deps: AppDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not remove a stored file');
    }
  }
}
