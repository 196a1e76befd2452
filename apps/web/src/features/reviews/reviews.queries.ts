/** Reviews over the typed client: pages of an offer's or a creator's reviews, and the order's review and reply. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { OrderDetail, Review } from '@gigreel/core';
import { request } from '../../api/client.ts';
import { ordersKey } from '../orders/index.ts';

/** Whose reviews a list shows: one offer's, or all of a creator's sales. */
export type ReviewSource = { kind: 'offer' | 'creator'; id: string };

const reviewsKey = ['reviews'] as const;

/** Pages of 10, newest first; `enabled` holds the first load back (a dialog not yet open). */
export function useReviews(source: ReviewSource, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...reviewsKey, source.kind, source.id],
    queryFn: ({ pageParam, signal }) => {
      const input = { params: { id: source.id }, query: { cursor: pageParam ?? undefined } };
      return source.kind === 'offer'
        ? request('GET /api/offers/:id/reviews', input, { signal })
        : request('GET /api/creators/:id/reviews', input, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/**
 * After a review or a reply: the server's word on it as a toast, the order shows it at once, then the
 * order, the order lists, every list of reviews and the creator pages (whose offer carries the rating)
 * are read again. Here rather than in mutate's callbacks, which are lost if the form has gone by then.
 */
function useRefresh(orderId: string) {
  const client = useQueryClient();
  return ({ review, message }: { review: Review; message: string }) => {
    toast.success(message);
    client.setQueryData<OrderDetail>([...ordersKey, 'one', orderId], (order) => (order ? { ...order, review } : order));
    return Promise.all([
      client.invalidateQueries({ queryKey: ordersKey }),
      client.invalidateQueries({ queryKey: reviewsKey }),
      client.invalidateQueries({ queryKey: ['creator'] }),
    ]);
  };
}

/** The buyer writes the review of a completed order, or changes it while they may; failures are shown at the form. */
export function useSaveReview(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: (input: { rating: number; text: string }) =>
      request('PUT /api/orders/:id/review', { params: { id: orderId }, body: input }),
    onSuccess: (result) => void refresh(result),
  });
}

/** The seller's one reply under the review; failures are shown at the form. */
export function useReplyToReview(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: (text: string) =>
      request('POST /api/orders/:id/review/reply', { params: { id: orderId }, body: { text } }),
    onSuccess: (result) => void refresh(result),
  });
}
