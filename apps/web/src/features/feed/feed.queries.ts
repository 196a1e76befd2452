/** The feed's server data: pages of 50 offers, the viewer's own state for them, one offer, the debug counts. */
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { FeedDebug, FeedOffer, FeedPage, FeedStatePage, ViewerOfferState } from '@gigreel/core';
import { api } from '../../api/client.ts';
import { useViewer } from '../auth/session.ts';

export type FeedFilter = { q?: string | undefined; tag?: string | undefined };

export const feedKey = (filter: FeedFilter) => ['feed', filter.q ?? '', filter.tag ?? ''] as const;

/**
 * The public feed page may be reused by the browser for a few seconds (the server's max-age and
 * stale-while-revalidate). Someone who has just boosted or favourited must still see the true counts
 * after a reload, so for that window their requests carry the time of their last change, a URL no
 * cache holds an older answer for. Everyone else keeps the shared, cached page.
 */
const CHANGED_KEY = 'gigreel.engagedAt';
const CACHE_WINDOW_MS = 90_000;

export function markFeedChanged(): void {
  sessionStorage.setItem(CHANGED_KEY, String(Date.now()));
}

function feedPath(filter: FeedFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.tag) params.set('tag', filter.tag);
  if (cursor) params.set('cursor', cursor);
  const changedAt = Number(sessionStorage.getItem(CHANGED_KEY));
  if (changedAt && Date.now() - changedAt < CACHE_WINDOW_MS) params.set('fresh', String(changedAt));
  const query = params.toString();
  return `/api/feed${query ? `?${query}` : ''}`;
}

export function useFeedPages(filter: FeedFilter) {
  return useInfiniteQuery({
    queryKey: feedKey(filter),
    queryFn: ({ pageParam, signal }) => api<FeedPage>(feedPath(filter, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });
}

/**
 * The signed-in viewer's boosts, favourites and reactions for the offers on screen, asked per page so
 * the shared feed page itself stays the same (and cacheable) for everyone.
 */
export function useViewerStates(offerIds: string[]): Map<string, ViewerOfferState> {
  const { viewer } = useViewer();
  // Sorted within each chunk, so putting a shared offer first does not ask again for the same ids.
  const chunks = useMemo(() => {
    const result: string[][] = [];
    for (let i = 0; i < offerIds.length; i += 50) result.push(offerIds.slice(i, i + 50).sort());
    return result;
  }, [offerIds]);
  const results = useQueries({
    queries: chunks.map((ids) => ({
      queryKey: ['feed-state', viewer?.id ?? '', ids.join(',')],
      queryFn: () => api<FeedStatePage>(`/api/feed/state?ids=${ids.join(',')}`),
      enabled: Boolean(viewer) && ids.length > 0,
      staleTime: 30_000,
    })),
  });
  // Every state received so far for this viewer, so a new set of ids never blanks the known ones.
  const known = useRef<{ viewerId: string | null; states: Map<string, ViewerOfferState> }>({ viewerId: null, states: new Map() });
  return useMemo(() => {
    const viewerId = viewer?.id ?? null;
    const states = known.current.viewerId === viewerId ? new Map(known.current.states) : new Map<string, ViewerOfferState>();
    for (const result of results) for (const state of result.data?.states ?? []) states.set(state.offerId, state);
    known.current = { viewerId, states };
    return states;
    // results is a new array on every render; recompute only when some page's data changed
  }, [viewer?.id, results.map((result) => result.dataUpdatedAt).join(',')]);
}

export function useOffer(offerId: string | undefined) {
  return useQuery({
    queryKey: ['offer', offerId],
    queryFn: () => api<FeedOffer>(`/api/offers/${encodeURIComponent(offerId ?? '')}`),
    enabled: Boolean(offerId),
  });
}

export function useFeedDebug(enabled: boolean) {
  return useQuery({ queryKey: ['feed-debug'], queryFn: () => api<FeedDebug>('/api/admin/feed-debug'), enabled });
}
