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
import { AppError, notFound, texts } from '@gigreel/core';

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
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
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
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
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

/** Not there: a file removed from disk, or a key the bucket does not hold. */
function isMissing(error: unknown): boolean {
  const { code, name, $metadata } = error as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  return (
    code === 'ENOENT' ||
    code === 'ENOTDIR' ||
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    $metadata?.httpStatusCode === 404
  );
}

/**
 * The store as the features use it: whatever the disk or the bucket refuses (full, unreachable, down) is
 * the one clear 503, `storage_unavailable`, logged here with its cause; a file that is not there is a
 * 404 (get) or null (head). Nothing else changes, so a feature needs no error handling of its own.
 */
let deletesHeld: Promise<void> | null = null;

/**
 * Holds every removal of a stored file until released: while a backup copies the files, a file the
 * database snapshot still points at is not removed under it (platform/backup.ts).
 */
export function holdDeletes(): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  deletesHeld = held;
  return () => {
    if (deletesHeld === held) deletesHeld = null;
    release();
  };
}

export function guardStorage(storage: Storage, log: FastifyBaseLogger): Storage {
  const refused = (action: string, key: string | null, error: unknown): never => {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && error.message.startsWith('Unsafe storage key')) throw error;
    log.warn({ err: error, key, action, storage: storage.kind }, 'file storage refused');
    throw new AppError('storage_unavailable', texts.generic.storageUnavailable);
  };
  return {
    kind: storage.kind,
    async put(key, body, contentType) {
      try {
        await storage.put(key, body, contentType);
      } catch (error) {
        refused('put', key, error);
      }
    },
    async get(key, range) {
      try {
        return await storage.get(key, range);
      } catch (error) {
        if (isMissing(error)) throw notFound('This file does not exist.');
        return refused('get', key, error);
      }
    },
    async head(key) {
      try {
        return await storage.head(key);
      } catch (error) {
        return refused('head', key, error);
      }
    },
    async delete(key) {
      while (deletesHeld) await deletesHeld;
      try {
        await storage.delete(key);
      } catch (error) {
        if (!isMissing(error)) refused('delete', key, error);
      }
    },
    async ready() {
      await storage.ready();
    },
  };
}
