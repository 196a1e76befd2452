/** Orders data for the screens (TanStack Query over the typed client). */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ordersTexts, type OrderDetail, type OrderRole } from '@gigreel/core';
import { ApiError, request, sendForm } from '../../api/client.ts';

export const ordersKey = ['orders'] as const;
const orderKey = (id: string) => ['orders', 'one', id] as const;

/** The viewer's orders on one side, a page at a time (each page answers the counts too); under ordersKey, so every refresh reads it again. */
export function useOrderList(role: OrderRole) {
  return useInfiniteQuery({
    queryKey: [...ordersKey, 'list', role],
    queryFn: ({ pageParam }) => request('GET /api/orders', { query: { role, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useOrder(id: string) {
  // read again when the person comes back to the tab: the other side may have paid, delivered or written
  return useQuery({
    queryKey: orderKey(id),
    queryFn: async () => (await request('GET /api/orders/:id', { params: { id } })).order,
    refetchOnWindowFocus: true,
  });
}

/** After any change the order and both lists are read again. */
function useRefresh() {
  const client = useQueryClient();
  return (order?: OrderDetail) => {
    if (order) client.setQueryData(orderKey(order.id), order);
    return client.invalidateQueries({ queryKey: ordersKey });
  };
}

/** "I've paid" on an offer: the order is created (or the unpaid one reused), then marked paid. */
export function useBuyOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (offerId: string) => {
      const { order } = await request('POST /api/orders', { body: { offerId } });
      return (await request('POST /api/orders/:id/paid', { params: { id: order.id } })).order;
    },
    onSuccess: (order) => refresh(order),
    meta: { errorTitle: ordersTexts.confirmPaymentFailed },
  });
}

export function useMarkPaid(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => (await request('POST /api/orders/:id/paid', { params: { id: orderId } })).order,
    onSuccess: (order) => refresh(order),
    meta: { errorTitle: ordersTexts.confirmPaymentFailed },
  });
}

export function useCompleteOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => (await request('POST /api/orders/:id/complete', { params: { id: orderId } })).order,
    onSuccess: (order) => refresh(order),
    meta: { errorTitle: ordersTexts.updateFailed },
  });
}

export function useSendOrderMessage(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) =>
      (await request('POST /api/orders/:id/messages', { params: { id: orderId }, body: { key } })).message,
    onSuccess: (message) => {
      client.setQueryData<OrderDetail>(orderKey(orderId), (order) =>
        order ? { ...order, messages: [...order.messages, message] } : order,
      );
    },
    meta: { errorTitle: ordersTexts.sendMessageFailed },
  });
}

export function useUploadDelivery(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return (await sendForm('POST /api/orders/:id/delivery', form, onProgress, { id: orderId })).order;
    },
    onSuccess: (order) => refresh(order),
    meta: {
      errorTitle: ordersTexts.uploadFailed,
      errorDescription: (error) => (error instanceof ApiError ? error.message : ordersTexts.uploadFailed),
    },
  });
}

/** A fresh one-hour link each time the buyer downloads. */
export function useDeliveryLink(orderId: string) {
  return useMutation({
    mutationFn: () => request('GET /api/orders/:id/delivery-link', { params: { id: orderId } }),
    meta: { errorTitle: ordersTexts.downloadFailed },
  });
}
