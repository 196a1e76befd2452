/**
 * Receives multipart uploads as streams: each file goes straight to a temporary file (never whole in
 * memory), the size limit is enforced while it streams in, and the kind is decided by the file's
 * bytes (magic numbers), never by its name or declared type. A request bigger than its route could
 * ever accept (every file at its limit, the fields, and a small margin) is refused with 413 before it
 * is read: from its Content-Length when sent, else as soon as the bytes read pass the limit.
 * Callers move accepted files into storage under keys they choose, and always call cleanup().
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import {
  AVATAR_MIME_TYPES,
  OFFER_IMAGE_TYPES,
  OFFER_VIDEO_TYPES,
  texts,
  UPLOAD_REQUEST_MARGIN_BYTES,
  AppError,
  badRequest,
} from '@gigreel/core';

export type DetectedFile = { mime: string; ext: string };
export type ReceivedFile = {
  field: string;
  tempPath: string;
  size: number;
  mime: string;
  ext: string;
  originalName: string;
  /** The sender's name made safe to store, show and download: see safeFileName. */
  fileName: string;
};
export type ReceivedUpload = { fields: Record<string, string>; files: ReceivedFile[]; cleanup(): Promise<void> };

export type UploadRules = {
  maxFileBytes: number;
  maxFiles?: number;
  /** Which detected kinds are accepted, given the bytes and the sender's file name; the kind to store, or null to refuse. */
  accept(detected: DetectedFile | undefined, sample: Buffer, fileName: string): DetectedFile | null;
  tooLargeMessage?: string;
  invalidTypeMessage?: string;
};

const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 16 * 1024;

/** The most a request under these rules can carry: every file at its limit, every field full, and the framing. */
export function maxRequestBytes(rules: Pick<UploadRules, 'maxFileBytes' | 'maxFiles'>): number {
  return (rules.maxFiles ?? 1) * rules.maxFileBytes + MAX_FIELDS * MAX_FIELD_BYTES + UPLOAD_REQUEST_MARGIN_BYTES;
}

const requestTooLarge = () => new AppError('request_too_large', texts.validation.uploadTooLarge);

/** Rejects once more bytes than `limit` have arrived, so a body without Content-Length is cut short too. */
function watchBodySize(request: FastifyRequest, limit: number): { exceeded: Promise<never>; stop(): void } {
  let seen = 0;
  let fail: (error: Error) => void = () => undefined;
  const exceeded = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  exceeded.catch(() => undefined);
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= limit) return;
    request.raw.off('data', onData);
    // Stop feeding the parser: nothing more of this body is parsed or written.
    request.raw.unpipe();
    fail(requestTooLarge());
  };
  request.raw.on('data', onData);
  return { exceeded, stop: () => request.raw.off('data', onData) };
}

export async function receiveUpload(
  request: FastifyRequest,
  tempDir: string,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const limit = maxRequestBytes(rules);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw requestTooLarge();
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const temps: string[] = [];
  const cleanup = async () => {
    await Promise.all(temps.map((file) => rm(file, { force: true })));
  };
  const size = watchBodySize(request, limit);
  // The file being written, so a refusal can stop it and wait for its temp file to close before removing it.
  let current: { file: { destroy(): void }; written: Promise<void> } | null = null;
  try {
    const parts = request
      .parts({
        limits: {
          fileSize: rules.maxFileBytes,
          files: rules.maxFiles ?? 1,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
        },
      })
      [Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([parts.next(), size.exceeded]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const tempPath = path.join(tempDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.upload`);
      temps.push(tempPath);
      current = { file: part.file, written: pipeline(part.file, createWriteStream(tempPath)) };
      await Promise.race([current.written, size.exceeded]);
      current = null;
      if (part.file.truncated) throw new AppError('file_too_large', rules.tooLargeMessage ?? 'File too large');
      const bytes = (await stat(tempPath)).size;
      const sample = await readHead(tempPath, 4100);
      const kind = rules.accept(await fileTypeFromFile(tempPath), sample, part.filename);
      const wholeFileFits = kind?.mime !== 'text/plain' || (await isPlainTextFile(tempPath));
      if (!kind || bytes === 0 || !wholeFileFits)
        throw new AppError('invalid_file_type', rules.invalidTypeMessage ?? 'Invalid file type');
      files.push({
        field: part.fieldname,
        tempPath,
        size: bytes,
        mime: kind.mime,
        ext: kind.ext,
        originalName: part.filename.slice(0, 200),
        fileName: safeFileName(part.filename, kind.ext),
      });
    }
  } catch (error) {
    if (current) {
      current.file.destroy();
      await current.written.catch(() => undefined);
    }
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file_too_large', rules.tooLargeMessage ?? 'File too large');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Too many files in one upload.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('Send the form as multipart/form-data.');
    if (error instanceof AppError) throw error;
    if (/unexpected end of (form|multipart)|multipart/i.test((error as Error).message ?? ''))
      throw badRequest('The upload was interrupted or malformed.');
    throw error;
  } finally {
    size.stop();
  }
  return { fields, files, cleanup };
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const OFFER_MEDIA_TYPES: ReadonlySet<string> = new Set([...OFFER_IMAGE_TYPES, ...OFFER_VIDEO_TYPES]);

/** Images and videos for the feed (SPEC: offer media must be image or video), in the plain containers only. */
export const acceptImageOrVideo = (detected: DetectedFile | undefined): DetectedFile | null =>
  detected && OFFER_MEDIA_TYPES.has(detected.mime) ? detected : null;

const AVATAR_TYPES: ReadonlySet<string> = new Set(AVATAR_MIME_TYPES);

/** Profile photos: the listed still-image formats only (never SVG, which can carry script). */
export const acceptImage = (detected: DetectedFile | undefined): DetectedFile | null =>
  detected && AVATAR_TYPES.has(detected.mime) ? detected : null;

/** Control characters other than tab, line feed, form feed and carriage return: no text file needs them. */
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** Plain text has no magic number: valid UTF-8 without NUL or other binary control bytes. */
export function looksLikePlainText(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  // A sample may end inside a multi-byte character; the whole-file check below is strict.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample.subarray(0, Math.max(0, sample.length - 3)));
  return !text.includes('\uFFFD') && !BINARY_CONTROL.test(text);
}

/** The whole file, not only its head, is text (a text head can front binary content). */
async function isPlainTextFile(file: string): Promise<boolean> {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file));
    return !BINARY_CONTROL.test(text);
  } catch {
    return false;
  }
}

/** Extensions that say "this is plain text" to the person opening it and to their system. */
const TEXT_EXTENSIONS = ['txt', 'text', 'md', 'csv'] as const;

export function hasTextExtension(fileName: string): boolean {
  const ext = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return (TEXT_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * A sender's file name safe to store, show and put in a download header: no folders, no control or
 * invisible formatting characters (right-to-left overrides and the like, which make "txt.pdf" read as
 * "fdp.txt"), no quotes, and its extension set from the type detected in its bytes, so the name never
 * claims a type the file is not.
 */
export function safeFileName(name: string, ext: string, fallbackBase = 'file'): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu, '')
    .trim()
    .replace(/\.[a-z0-9]{1,10}$/i, '')
    .replace(/[\s.]+$/, '');
  const cut = Array.from(base || fallbackBase)
    .slice(0, 150 - ext.length - 1)
    .join('');
  return `${cut}.${ext}`;
}
