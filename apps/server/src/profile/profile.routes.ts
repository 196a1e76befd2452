/** HTTP for the own profile; the contract is packages/core/src/profile.contract.ts. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, profileTexts, updateProfileInput, type ProfileChangeResponse, type ProfileResponse } from '@gigreel/core';
import { requireViewer } from '../auth/viewer.ts';
import type { AppDeps } from '../deps.ts';
import { badRequest, parse } from '../http/errors.ts';
import { acceptImage, receiveUpload } from '../platform/uploads.ts';
import { getOwnProfile, removeAvatar, replaceAvatar, updateProfile } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const tempDir = path.join(deps.config.dataDir, 'tmp');

  app.get('/api/profile', async (request, reply): Promise<ProfileResponse> => {
    const actor = await requireViewer(deps, request, reply);
    reply.header('cache-control', 'private, no-store');
    return { profile: await getOwnProfile({ deps, actor }) };
  });

  app.patch('/api/profile', async (request, reply): Promise<ProfileChangeResponse> => {
    const actor = await requireViewer(deps, request, reply);
    const input = parse(updateProfileInput, request.body);
    return { profile: await updateProfile({ deps, actor, input }), message: profileTexts.profileUpdated };
  });

  app.put('/api/profile/avatar', async (request, reply): Promise<ProfileChangeResponse> => {
    const actor = await requireViewer(deps, request, reply);
    const upload = await receiveUpload(request, tempDir, {
      maxFileBytes: AVATAR_MAX_BYTES,
      maxFiles: 1,
      accept: acceptImage,
      tooLargeMessage: profileTexts.avatarTooLarge,
      invalidTypeMessage: profileTexts.avatarInvalidType,
    });
    try {
      const file = upload.files.find((candidate) => candidate.field === 'avatar');
      if (!file) throw badRequest('Choose an image to upload.', 'avatar');
      return { profile: await replaceAvatar({ deps, actor, file }), message: profileTexts.avatarUpdated };
    } finally {
      await upload.cleanup();
    }
  });

  app.delete('/api/profile/avatar', async (request, reply): Promise<ProfileChangeResponse> => {
    const actor = await requireViewer(deps, request, reply);
    return { profile: await removeAvatar({ deps, actor }), message: profileTexts.avatarRemoved };
  });
}
