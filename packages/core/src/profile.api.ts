/** The own profile in the route table (api.ts): read it, edit it, replace or remove the avatar. */
import { z } from 'zod';
import { defineApi } from './api.ts';
import { profileChangeResponse, profileResponse } from './profile.contract.ts';
import { updateProfileInput } from './profile.schemas.ts';

export const profileApi = defineApi({
  'GET /api/profile': {
    caller: 'signedIn',
    summary: "The signed-in person's own profile",
    response: profileResponse,
  },
  'PATCH /api/profile': {
    caller: 'signedIn',
    summary: 'Edit display name, bio and payment link; fields left out keep their value',
    body: updateProfileInput,
    response: profileChangeResponse,
  },
  'PUT /api/profile/avatar': {
    caller: 'signedIn',
    summary: 'Replace the avatar with one image "avatar" (at most 5 MB), stored as a 512 px square WebP',
    form: { fields: z.object({}), files: ['avatar'] },
    response: profileChangeResponse,
  },
  'DELETE /api/profile/avatar': {
    caller: 'signedIn',
    summary: 'Remove the avatar; its stored file is deleted',
    response: profileChangeResponse,
  },
});
