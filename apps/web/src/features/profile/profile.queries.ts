/** Data for /profile and /settings: the own profile, the own offer and the Boost Reel (TanStack Query). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoostedOffer, OwnOffer, ProfileChangeResponse, ProfileResponse, UpdateProfileInput } from '@gigreel/core';
import { api, upload } from '../../api/client.ts';
import { viewerKey } from '../auth/session.ts';
import { ownOfferKey } from '../offers/offers.queries.ts';

export const profileKey = ['profile'] as const;
/** Both keys are shared with other screens (the /post form, /boosted and the feed's boost toggle), so
 * the cache holds the API's own response shape and each screen picks what it needs with `select`. */
export { ownOfferKey };
export const boostedKey = ['boosted'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => api<ProfileResponse>('/api/profile').then((data) => data.profile) });
}

export function useOwnOffer() {
  return useQuery({ queryKey: ownOfferKey, queryFn: () => api<{ offer: OwnOffer | null }>('/api/offers/mine'), select: (data) => data.offer });
}

export function useBoostReel() {
  return useQuery({ queryKey: boostedKey, queryFn: () => api<{ offers: BoostedOffer[] }>('/api/boosted'), select: (data) => data.offers });
}

/** Every change answers with the new profile: store it, and refresh the header's name and avatar. */
function useApplyProfile() {
  const client = useQueryClient();
  return (data: ProfileChangeResponse) => {
    client.setQueryData(profileKey, data.profile);
    void client.invalidateQueries({ queryKey: viewerKey });
  };
}

export function useUpdateProfile() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api<ProfileChangeResponse>('/api/profile', { method: 'PATCH', body: input }),
    onSuccess: apply,
  });
}

export function useUploadAvatar() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('avatar', file);
      return upload<ProfileChangeResponse>('/api/profile/avatar', form, onProgress, 'PUT');
    },
    onSuccess: apply,
  });
}

export function useRemoveAvatar() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: () => api<ProfileChangeResponse>('/api/profile/avatar', { method: 'DELETE' }),
    onSuccess: apply,
  });
}
