/** An offer form as it arrives, for every route that saves an offer (the creator's and the admin's). */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { OFFER_MEDIA_MAX_BYTES, texts } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { acceptImageOrVideo, receiveUpload } from '../platform/uploads.ts';
import type { MediaWork, UploadedMedia } from './offers.service.ts';

/** Where offer uploads arrive and are processed, for every route that saves an offer. */
export const offerMediaWork = (deps: AppDeps, processor: MediaProcessor): MediaWork => ({
  processor,
  workDir: path.join(deps.config.dataDir, 'tmp'),
});

/** The same size limit, the same type check by the bytes and the same texts everywhere. Call cleanup() after. */
export async function receiveOfferForm(
  request: FastifyRequest,
  work: MediaWork,
): Promise<{ fields: Record<string, string>; file: UploadedMedia | null; cleanup(): Promise<void> }> {
  const upload = await receiveUpload(request, work.workDir, {
    maxFileBytes: OFFER_MEDIA_MAX_BYTES,
    accept: acceptImageOrVideo,
    tooLargeMessage: texts.validation.fileTooLarge,
    invalidTypeMessage: texts.validation.invalidFileType,
  });
  const file = upload.files.find((received) => received.field === 'media') ?? null;
  return { fields: upload.fields, file: file && { tempPath: file.tempPath, mime: file.mime }, cleanup: upload.cleanup };
}
