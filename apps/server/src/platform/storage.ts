/**
 * Files sit behind one interface: local disk under DATA_DIR/files by default (an S3-compatible store
 * at scale). Keys are always chosen by the server, never from a user's file name.
 */
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';

type StoredObject = { size: number; contentType: string | undefined };
type ByteRange = { start: number; end: number };

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** Streams the object, or the inclusive byte range of it. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Resolves when the store can be written to (readiness for a load balancer). */
  ready(): Promise<void>;
}

/** Keys look like "offers/{userId}/{timestamp}.mp4": letters, digits, dashes, dots and slashes only. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..'))
    throw new Error(`Unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): Storage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body, _contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.partial`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
        const { rename } = await import('node:fs/promises');
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      // Opened before answering: a file removed since (a replaced or deleted offer) fails here, where the
      // caller can still answer 404, not halfway through a response whose headers are sent.
      const handle = await open(file(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async head(key) {
      try {
        const info = await stat(file(key));
        return info.isFile() ? { size: info.size, contentType: undefined } : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async ready() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

/**
 * Removes stored files a row no longer points at (after a failed save, a replaced upload or a
 * deletion). A failure is logged, never shown: the row is already right, and a stray file is harmless.
 */
export async function removeStoredFiles(
  deps: { storage: Storage; log: FastifyBaseLogger },
  keys: Array<string | null | undefined>,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not remove a stored file');
    }
  }
}
