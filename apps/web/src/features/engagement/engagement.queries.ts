/** The offers the viewer boosted: /boosted and the profile's Boost Reel read the one query; a boost refreshes it. */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

export const boostedKey = ['boosted'] as const;

export function useBoostedOffers() {
  return useQuery({ queryKey: boostedKey, queryFn: () => request('GET /api/boosted'), select: (data) => data.offers });
}
