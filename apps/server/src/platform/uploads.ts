/**
 * Receives multipart uploads as streams: each file goes straight to a temporary file (never whole in
 * memory), the size limit is enforced while it streams in, and the kind is decided by the file's
 * bytes (magic numbers), never by its name or declared type. Callers move accepted files into storage
 * under keys they choose, and always call cleanup().
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError, badRequest } from '../http/errors.ts';

export type DetectedFile = { mime: string; ext: string };
export type ReceivedFile = { field: string; tempPath: string; size: number; mime: string; ext: string; originalName: string };
export type ReceivedUpload = { fields: Record<string, string>; files: ReceivedFile[]; cleanup(): Promise<void> };

export type UploadRules = {
  maxFileBytes: number;
  maxFiles?: number;
  /** Which detected kinds are accepted; return the kind to store, or null to refuse. */
  accept(detected: DetectedFile | undefined, sample: Buffer): DetectedFile | null;
  tooLargeMessage?: string;
  invalidTypeMessage?: string;
};

export async function receiveUpload(request: FastifyRequest, tempDir: string, rules: UploadRules): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const temps: string[] = [];
  const cleanup = async () => {
    await Promise.all(temps.map((file) => rm(file, { force: true })));
  };
  try {
    const parts = request.parts({ limits: { fileSize: rules.maxFileBytes, files: rules.maxFiles ?? 1, fields: 40, fieldSize: 16 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const tempPath = path.join(tempDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.upload`);
      temps.push(tempPath);
      await pipeline(part.file, createWriteStream(tempPath));
      if (part.file.truncated) throw new AppError(413, 'file_too_large', rules.tooLargeMessage ?? 'File too large');
      const size = (await stat(tempPath)).size;
      const sample = await readHead(tempPath, 4100);
      const kind = rules.accept(await fileTypeFromFile(tempPath), sample);
      if (!kind || size === 0) throw new AppError(415, 'invalid_file_type', rules.invalidTypeMessage ?? 'Invalid file type');
      files.push({ field: part.fieldname, tempPath, size, mime: kind.mime, ext: kind.ext, originalName: part.filename.slice(0, 200) });
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', rules.tooLargeMessage ?? 'File too large');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Too many files in one upload.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('Send the form as multipart/form-data.');
    if (error instanceof AppError) throw error;
    if (/unexpected end of (form|multipart)|multipart/i.test((error as Error).message ?? '')) throw badRequest('The upload was interrupted or malformed.');
    throw error;
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

/** Images and videos for the feed (SPEC: offer media must be image or video). */
export const acceptImageOrVideo = (detected: DetectedFile | undefined): DetectedFile | null =>
  detected && (detected.mime.startsWith('image/') || detected.mime.startsWith('video/')) && detected.mime !== 'image/svg+xml' ? detected : null;

export const acceptImage = (detected: DetectedFile | undefined): DetectedFile | null =>
  detected && detected.mime.startsWith('image/') && detected.mime !== 'image/svg+xml' ? detected : null;

/** Plain text has no magic number: accept UTF-8 without NUL bytes. */
export function looksLikePlainText(sample: Buffer): boolean {
  if (sample.length === 0 || sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
}
