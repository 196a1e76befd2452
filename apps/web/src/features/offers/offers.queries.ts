/** The signed-in person's own offer: read it, and save it with its media (upload progress reported). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { offerTexts, texts, type OfferFormValues } from '@gigreel/core';
import { ApiError, request, sendForm } from '../../api/client.ts';
import { viewerKey } from '../auth/index.ts';

const ownOfferKey = ['offers', 'mine'] as const;

/** The own offer, or null before it is posted; /post, /profile and the save below share it. */
export function useOwnOffer({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ownOfferKey,
    queryFn: () => request('GET /api/offers/mine'),
    select: (data) => data.offer,
  });
}

/** Text fields first and the file last, so the server has read every field when the file streams in. */
function offerFormData(values: OfferFormValues, media: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values))
    form.append(name, typeof value === 'boolean' ? String(value) : value);
  if (media) form.append('media', media, media.name);
  return form;
}

export function useSaveOffer(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, media }: { values: OfferFormValues; media: File | null }) =>
      sendForm('PUT /api/offers/mine', offerFormData(values, media), onProgress),
    onSuccess: async (result) => {
      client.setQueryData(ownOfferKey, { offer: result.offer });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['feed'] }),
        client.invalidateQueries({ queryKey: ['offer', result.offer.id] }),
        client.invalidateQueries({ queryKey: viewerKey }),
      ]);
    },
    meta: {
      errorTitle: texts.generic.error,
      errorDescription: (error) => (error instanceof ApiError && error.message) || offerTexts.saveFailed,
    },
  });
}
