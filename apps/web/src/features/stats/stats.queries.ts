/** The own offer's numbers for /stats (TanStack Query); another period keeps the last one on screen while it loads. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatsPeriod } from '@gigreel/core';
import { request } from '../../api/client.ts';

export function useOwnStats(days: StatsPeriod) {
  return useQuery({
    queryKey: ['stats', 'mine', days],
    queryFn: () => request('GET /api/stats/mine', { query: { days: `${days}` } }),
    placeholderData: keepPreviousData,
  });
}
