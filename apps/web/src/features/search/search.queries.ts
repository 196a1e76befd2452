/** Search's data for the screens: suggestions while typing (debounced) and the results' count. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '../../api/client.ts';

/** How long typing pauses before the suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The creators and tags that start with what the person typed, asked for once typing pauses; the
 * last answer stays on screen while the next one comes, so the list does not flicker.
 */
export function useSuggestions(text: string) {
  const settled = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['search', 'suggestions', settled],
    queryFn: ({ signal }) => request('GET /api/search/suggestions', { query: { q: settled } }, { signal }),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** How many offers the feed's search (q) or tag filter finds: exact up to 1,000, then capped. */
export function useSearchCount(filter: { q?: string | undefined; tag?: string | undefined }) {
  return useQuery({
    queryKey: ['search', 'count', filter.q ?? null, filter.tag ?? null],
    queryFn: ({ signal }) => request('GET /api/search/count', { query: { q: filter.q, tag: filter.tag } }, { signal }),
    enabled: Boolean(filter.q || filter.tag),
    staleTime: 15_000,
  });
}
