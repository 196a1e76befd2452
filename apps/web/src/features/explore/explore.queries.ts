/** Popular hashtags and the viewer's boosted offers (SPEC section 7: their load errors are only logged). */
import { useQuery } from '@tanstack/react-query';
import type { BoostedOffer, CreatorPage, PopularTag } from '@gigreel/core';
import { api } from '../../api/client.ts';

export function usePopularTags() {
  return useQuery({ queryKey: ['explore', 'tags'], queryFn: () => api<{ tags: PopularTag[] }>('/api/explore/tags'), staleTime: 60_000 });
}

export function useBoostedOffers() {
  return useQuery({ queryKey: ['boosted'], queryFn: () => api<{ offers: BoostedOffer[] }>('/api/boosted') });
}

export function useCreatorPage(creatorId: string | undefined) {
  return useQuery({ queryKey: ['creator', creatorId], queryFn: () => api<CreatorPage>(`/api/creators/${encodeURIComponent(creatorId ?? '')}`), enabled: Boolean(creatorId) });
}
