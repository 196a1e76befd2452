/**
 * The offers the viewer boosted (/boosted and the profile's Boost Reel read the one query) and saved (the
 * profile's Saved tab): a boost or a favourite refreshes its list.
 */
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

export const savedKey = ['saved'] as const;

/** The offers the viewer favourited, newest first, a page at a time. */
export function useSavedOffers() {
  return useInfiniteQuery({
    queryKey: savedKey,
    queryFn: ({ pageParam }) => request('GET /api/saved', { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
