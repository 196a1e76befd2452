/** Which delivery files are accepted, decided by their bytes (SPEC section 5). */
import { DELIVERY_MAX_FILE_BYTES, DELIVERY_TYPES, texts } from '@gigreel/core';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { looksLikePlainText, type DetectedFile, type UploadRules } from '../platform/uploads.ts';

const ALLOWED = new Map<string, DetectedFile>(DELIVERY_TYPES.map((type) => [type.mime, { mime: type.mime, ext: type.ext }]));

export function acceptDelivery(detected: DetectedFile | undefined, sample: Buffer): DetectedFile | null {
  if (!detected) return looksLikePlainText(sample) ? { mime: 'text/plain', ext: 'txt' } : null;
  // file-type names old Word files by their container (Compound File Binary).
  if (detected.mime === 'application/x-cfb') return { mime: 'application/msword', ext: 'doc' };
  return ALLOWED.get(detected.mime) ?? null;
}

export const deliveryUploadRules: UploadRules = {
  maxFileBytes: DELIVERY_MAX_FILE_BYTES,
  maxFiles: 1,
  accept: acceptDelivery,
  tooLargeMessage: texts.validation.fileTooLarge,
  invalidTypeMessage: texts.validation.invalidFileType,
};

/** A file name safe to put in a header and show: no path, no control characters. */
export function displayFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f"]/g, '').trim() ?? '';
  return (base || fallback).slice(0, 150);
}

/** A private file (delivery, job file) to its reader: always a download, never run in our origin. */
export function sendAttachment(reply: FastifyReply, file: { contentType: string; size: number; fileName: string; body: Readable }): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
