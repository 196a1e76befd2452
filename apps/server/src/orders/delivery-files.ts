/**
 * Which delivery files are accepted, decided by their bytes (SPEC section 5), and how private files
 * (deliveries, job files) are named and sent: the name's extension always follows the detected type.
 */
import { DELIVERY_MAX_FILE_BYTES, DELIVERY_TYPES, PRIVATE_JOB_TYPES, texts } from '@gigreel/core';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  hasTextExtension,
  looksLikePlainText,
  safeFileName,
  type DetectedFile,
  type UploadRules,
} from '../platform/uploads.ts';

const ALLOWED = new Map<string, DetectedFile>(
  DELIVERY_TYPES.map((type) => [type.mime, { mime: type.mime, ext: type.ext }]),
);
/** The extension each stored type is downloaded with, whatever name it was sent under. */
const EXTENSION_OF = new Map<string, string>(
  [...DELIVERY_TYPES, ...PRIVATE_JOB_TYPES].map((type) => [type.mime, type.ext]),
);

/** Plain text only when it is text and was sent as text: UTF-8 alone would let a script through as ".txt". */
function acceptDelivery(detected: DetectedFile | undefined, sample: Buffer, fileName = ''): DetectedFile | null {
  if (!detected)
    return hasTextExtension(fileName) && looksLikePlainText(sample) ? { mime: 'text/plain', ext: 'txt' } : null;
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

/**
 * A private file (delivery, job file) to its reader: always a download, never run in our origin. The
 * name is made safe again here, so files stored before names were checked download safely too.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { contentType: string; size: number; fileName: string; body: Readable },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header(
      'content-disposition',
      attachmentHeader(safeFileName(file.fileName, EXTENSION_OF.get(file.contentType) ?? 'bin')),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback and the UTF-8 name. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
