/** Popular hashtags and creators' pages (SPEC section 7: their load errors are only logged). */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

export function usePopularTags() {
  return useQuery({
    queryKey: ['explore', 'tags'],
    queryFn: () => request('GET /api/explore/tags'),
    staleTime: 60_000,
  });
}

export function useCreatorPage(creatorId: string | undefined) {
  return useQuery({
    queryKey: ['creator', creatorId],
    queryFn: () => request('GET /api/creators/:id', { params: { id: creatorId ?? '' } }),
    enabled: Boolean(creatorId),
  });
}
