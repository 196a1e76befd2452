/** The offers the viewer boosted: /boosted and the profile's Boost Reel read the one query; a boost refreshes it. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

export const boostedKey = ['boosted'] as const;

/** A page at a time, newest boost first; the Boost Reel shows the first page, /boosted every page loaded. */
export function useBoostedOffers() {
  return useInfiniteQuery({
    queryKey: boostedKey,
    queryFn: ({ pageParam }) => request('GET /api/boosted', { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
