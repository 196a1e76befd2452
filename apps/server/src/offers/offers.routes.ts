import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OFFER_MEDIA_MAX_BYTES, creatorIdParams, offerFields, offerIdParams, texts, type CreatorPage, type FeedOffer, type OwnOffer } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { loadViewer, requireViewer } from '../auth/viewer.ts';
import { parse } from '../http/errors.ts';
import type { MediaProcessor } from '../platform/media.ts';
import { acceptImageOrVideo, receiveUpload } from '../platform/uploads.ts';
import { getCreatorPage, getOffer, getOwnOffer, saveOwnOffer } from './offers.service.ts';

export async function offersRoutes(app: FastifyInstance, deps: AppDeps, media: MediaProcessor): Promise<void> {
  const workDir = path.join(deps.config.dataDir, 'tmp');

  app.get('/api/offers/mine', async (request, reply): Promise<{ offer: OwnOffer | null }> => {
    const actor = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-store');
    return { offer: await getOwnOffer(deps, actor) };
  });

  app.put('/api/offers/mine', async (request, reply): Promise<{ offer: OwnOffer; message: string }> => {
    const actor = await requireViewer(deps, request, reply);
    const upload = await receiveUpload(request, workDir, {
      maxFileBytes: OFFER_MEDIA_MAX_BYTES,
      accept: acceptImageOrVideo,
      tooLargeMessage: texts.validation.fileTooLarge,
      invalidTypeMessage: texts.validation.invalidFileType,
    });
    try {
      const input = parse(offerFields, upload.fields);
      const file = upload.files.find((received) => received.field === 'media') ?? null;
      return await saveOwnOffer(deps, { actor, input, file: file && { tempPath: file.tempPath, mime: file.mime }, media, workDir });
    } finally {
      await upload.cleanup();
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
