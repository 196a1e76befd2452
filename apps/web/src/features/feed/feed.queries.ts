/** The feed's server data: pages of 50 offers, the viewer's own state for them, one offer, the debug counts. */
import { useInfiniteQuery, useQueries, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { FeedPage, FeedQuery, FeedViewerState } from '@gigreel/core';
import { request } from '../../api/client.ts';
import { useViewer } from '../auth/index.ts';
import { lastEngagedAt } from '../engagement/index.ts';

export type FeedFilter = { q?: string | undefined; tag?: string | undefined };

const feedKey = (filter: FeedFilter) => ['feed', filter.q ?? '', filter.tag ?? ''] as const;

/** The feed's search (?q=) and tag filter (?tag=) from the address. */
export function feedFilterFrom(search: URLSearchParams): FeedFilter {
  return { q: search.get('q')?.trim() || undefined, tag: search.get('tag')?.trim() || undefined };
}

/**
 * The public feed page may be reused by the browser for a few seconds (the server's max-age and
 * stale-while-revalidate). Someone who has just boosted or favourited must still see the true counts
 * after a reload, so for that window their requests carry the time of their last change, a URL no
 * cache holds an older answer for (the engagement feature records it). Everyone else keeps the
 * shared, cached page.
 */
const CACHE_WINDOW_MS = 90_000;

/** The page's query, in the order that makes its URL (q, tag, cursor, fresh); empty values are left out. */
function pageQuery(filter: FeedFilter, cursor: string | null): FeedQuery {
  const changedAt = lastEngagedAt();
  const fresh = changedAt && Date.now() - changedAt < CACHE_WINDOW_MS ? String(changedAt) : undefined;
  return { q: filter.q, tag: filter.tag, cursor: cursor ?? undefined, fresh };
}

const feedPagesQuery = (filter: FeedFilter) => ({
  queryKey: feedKey(filter),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    request('GET /api/feed', { query: pageQuery(filter, pageParam) }, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (page: FeedPage) => page.nextCursor,
  staleTime: 30_000,
});

export function useFeedPages(filter: FeedFilter, enabled = true) {
  return useInfiniteQuery({ ...feedPagesQuery(filter), enabled });
}

/** Which of the feed's two tabs the address names: For You (/) or Following (/?feed=following). */
export type FeedTab = 'forYou' | 'following';
export const feedTabFrom = (search: URLSearchParams): FeedTab =>
  search.get('feed') === 'following' ? 'following' : 'forYou';

/**
 * The Following feed, a page of 50 at a time, for the signed-in viewer only (never cached by the
 * browser: it is theirs). The follows feature refreshes it after a follow or unfollow (its key).
 */
export function useFollowingPages(enabled: boolean) {
  const { viewer } = useViewer();
  return useInfiniteQuery({
    queryKey: ['feed-following', viewer?.id ?? ''],
    queryFn: ({ pageParam, signal }) =>
      request('GET /api/feed/following', { query: { cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: FeedPage) => page.nextCursor,
    enabled: enabled && Boolean(viewer),
    staleTime: 30_000,
  });
}

/**
 * Asks for the feed's first page before the feed screen is on screen (the app opening on /), and then
 * for the first offer's picture (its poster or image), the largest thing the screen paints.
 */
export function prefetchFeed(client: QueryClient, search: URLSearchParams): void {
  if (feedTabFrom(search) === 'following') return;
  const query = feedPagesQuery(feedFilterFrom(search));
  void client.prefetchInfiniteQuery(query).then(() => {
    const first = client.getQueryData<InfiniteData<FeedPage>>(query.queryKey)?.pages[0]?.offers[0];
    const picture = first ? (first.posterUrl ?? (first.mediaKind === 'image' ? first.mediaUrl : null)) : null;
    if (!picture) return;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = picture;
  });
}

/**
 * The signed-in viewer's boosts, favourites and reactions for the offers on screen, and whether they
 * follow each one's creator, asked per page so
 * the shared feed page itself stays the same (and cacheable) for everyone.
 */
export function useViewerStates(offerIds: string[]): Map<string, FeedViewerState> {
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
      queryFn: () => request('GET /api/feed/state', { query: { ids: ids.join(',') } }),
      enabled: Boolean(viewer) && ids.length > 0,
      staleTime: 30_000,
    })),
  });
  // Every state received so far for this viewer, so a new set of ids never blanks the known ones.
  const known = useRef<{ viewerId: string | null; states: Map<string, FeedViewerState> }>({
    viewerId: null,
    states: new Map(),
  });
  // results is a new array on every render: recompute only when some page's data changed.
  const dataVersion = results.map((result) => result.dataUpdatedAt).join(',');
  const viewerId = viewer?.id ?? null;
  return useMemo(() => {
    const states =
      known.current.viewerId === viewerId ? new Map(known.current.states) : new Map<string, FeedViewerState>();
    for (const result of results) for (const state of result.data?.states ?? []) states.set(state.offerId, state);
    known.current = { viewerId, states };
    return states;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dataVersion stands for results (see above)
  }, [viewerId, dataVersion]);
}

export function useOffer(offerId: string | undefined) {
  return useQuery({
    queryKey: ['offer', offerId],
    queryFn: () => request('GET /api/offers/:id', { params: { id: offerId ?? '' } }),
    enabled: Boolean(offerId),
  });
}

export function useFeedDebug(enabled: boolean) {
  return useQuery({ queryKey: ['feed-debug'], queryFn: () => request('GET /api/admin/feed-debug'), enabled });
}
