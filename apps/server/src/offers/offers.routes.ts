import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OFFER_MEDIA_MAX_BYTES, creatorIdParams, offerFields, offerIdParams, texts, type CreatorPage, type FeedOffer, type OwnOffer } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { loadViewer, requireViewer } from '../auth/viewer.ts';
import { parse } from '../http/errors.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { acceptImageOrVideo, receiveUpload } from '../platform/uploads.ts';
import { getCreatorPage, getOffer, getOwnOffer, saveOwnOffer, type MediaWork, type UploadedMedia } from './offers.service.ts';

/** Where offer uploads arrive and are processed, for every route that saves an offer. */
export const offerMediaWork = (deps: AppDeps, processor: MediaProcessor): MediaWork => ({ processor, workDir: path.join(deps.config.dataDir, 'tmp') });

/**
 * An offer form as it arrives, for every route that saves an offer (the creator's and the admin's):
 * the same size limit, the same type check by the bytes and the same texts. Call cleanup() after.
 */
export async function receiveOfferForm(request: FastifyRequest, work: MediaWork): Promise<{ fields: Record<string, string>; file: UploadedMedia | null; cleanup(): Promise<void> }> {
  const upload = await receiveUpload(request, work.workDir, {
    maxFileBytes: OFFER_MEDIA_MAX_BYTES,
    accept: acceptImageOrVideo,
    tooLargeMessage: texts.validation.fileTooLarge,
    invalidTypeMessage: texts.validation.invalidFileType,
  });
  const file = upload.files.find((received) => received.field === 'media') ?? null;
  return { fields: upload.fields, file: file && { tempPath: file.tempPath, mime: file.mime }, cleanup: upload.cleanup };
}

export async function offersRoutes(app: FastifyInstance, deps: AppDeps, media: MediaProcessor): Promise<void> {
  const work = offerMediaWork(deps, media);

  app.get('/api/offers/mine', async (request, reply): Promise<{ offer: OwnOffer | null }> => {
    const actor = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-store');
    return { offer: await getOwnOffer(deps, actor) };
  });

  app.put('/api/offers/mine', async (request, reply): Promise<{ offer: OwnOffer; message: string }> => {
    const actor = await requireViewer(deps, request, reply);
    const form = await receiveOfferForm(request, work);
    try {
      return await saveOwnOffer(deps, { actor, input: parse(offerFields, form.fields), file: form.file, media: work });
    } finally {
      await form.cleanup();
    }
  });

  app.get('/api/offers/:id', async (request, reply): Promise<FeedOffer> => {
    const { id } = parse(offerIdParams, request.params);
    const actor = await loadViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-cache');
    return getOffer(deps, actor, id);
  });

  app.get('/api/creators/:id', async (request, reply): Promise<CreatorPage> => {
    const { id } = parse(creatorIdParams, request.params);
    const actor = await loadViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-cache');
    return getCreatorPage(deps, actor, id);
  });
}
