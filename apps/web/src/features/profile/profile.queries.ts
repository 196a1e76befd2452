/**
 * The own profile for /profile and /settings (TanStack Query) and its changes. The own offer is
 * offers.queries.ts's and the Boost Reel engagement.queries.ts's, shared with /post and /boosted.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileTexts, type ProfileChangeResponse, type UpdateProfileInput } from '@gigreel/core';
import { ApiError, request, sendForm } from '../../api/client.ts';
import { viewerKey } from '../auth/index.ts';

const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => request('GET /api/profile').then((data) => data.profile) });
}

/** Every change answers with the new profile: store it, and refresh the header's name and avatar. */
function useApplyProfile() {
  const client = useQueryClient();
  return (data: ProfileChangeResponse) => {
    client.setQueryData(profileKey, data.profile);
    void client.invalidateQueries({ queryKey: viewerKey });
  };
}

/** A failed change is told by the server's message alone, or by `fallback` when there is none. */
const toldBy = (fallback: string) => (error: Error) => (error instanceof ApiError ? error.message : fallback);

export function useUpdateProfile() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => request('PATCH /api/profile', { body: input }),
    onSuccess: apply,
    meta: { errorTitle: toldBy(profileTexts.profileUpdateFailed), errorDescription: () => undefined },
  });
}

/** The server's "File too large" and "Invalid file type" come with what the photo must be. */
const avatarRule = (error: Error): string | undefined => {
  const title = toldBy(profileTexts.avatarUploadFailed)(error);
  return title === profileTexts.avatarTooLarge
    ? profileTexts.avatarTooLargeBody
    : title === profileTexts.avatarInvalidType
      ? profileTexts.avatarInvalidTypeBody
      : undefined;
};

export function useUploadAvatar() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('avatar', file);
      return sendForm('PUT /api/profile/avatar', form, onProgress);
    },
    onSuccess: apply,
    meta: { errorTitle: toldBy(profileTexts.avatarUploadFailed), errorDescription: avatarRule },
  });
}

export function useRemoveAvatar() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: () => request('DELETE /api/profile/avatar'),
    onSuccess: apply,
    meta: { errorTitle: toldBy(profileTexts.profileUpdateFailed), errorDescription: () => undefined },
  });
}
