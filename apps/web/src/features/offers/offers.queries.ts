/** The signed-in person's own offer: read it, and save it with its media (upload progress reported). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferFormValues, OwnOffer } from '@gigreel/core';
import { api, upload } from '../../api/client.ts';
import { viewerKey } from '../auth/session.ts';

export const ownOfferKey = ['offers', 'mine'] as const;

export function useOwnOffer() {
  return useQuery({ queryKey: ownOfferKey, queryFn: () => api<{ offer: OwnOffer | null }>('/api/offers/mine') });
}

export type SaveOfferResult = { offer: OwnOffer; message: string };

/** Text fields first and the file last, so the server has read every field when the file streams in. */
export function offerFormData(values: OfferFormValues, media: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, typeof value === 'boolean' ? String(value) : value);
  if (media) form.append('media', media, media.name);
  return form;
}

export function useSaveOffer(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, media }: { values: OfferFormValues; media: File | null }) =>
      upload<SaveOfferResult>('/api/offers/mine', offerFormData(values, media), onProgress, 'PUT'),
    onSuccess: async (result) => {
      client.setQueryData(ownOfferKey, { offer: result.offer });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['feed'] }),
        client.invalidateQueries({ queryKey: ['offer', result.offer.id] }),
        client.invalidateQueries({ queryKey: viewerKey }),
      ]);
    },
  });
}
