/** HTTP for the own profile; its part of the route table is packages/core/src/profile.api.ts. */
import path from 'node:path';
import { AVATAR_MAX_BYTES, profileTexts, badRequest } from '@gigreel/core';
import { feature } from '../http/declare.ts';
import { acceptImage, receiveUpload } from '../platform/uploads.ts';
import { getOwnProfile, removeAvatar, replaceAvatar, updateProfile } from './profile.service.ts';

export const profile = feature('profile', ({ deps, route }) => {
  const tempDir = path.join(deps.config.dataDir, 'tmp');

  route('GET /api/profile', async ({ actor, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { profile: await getOwnProfile({ deps, actor }) };
  });

  route('PATCH /api/profile', async ({ actor, body }) => ({
    profile: await updateProfile({ deps, actor, input: body }),
    message: profileTexts.profileUpdated,
  }));

  route('PUT /api/profile/avatar', async ({ actor, request }) => {
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

  route('DELETE /api/profile/avatar', async ({ actor }) => ({
    profile: await removeAvatar({ deps, actor }),
    message: profileTexts.avatarRemoved,
  }));
});
