/** Orders data for the screens (TanStack Query over the one API client). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryLink, OrderDetail, OrderList, OrderMessage, OrderRole } from '@gigreel/core';
import { api, upload } from '../../api/client.ts';

export const ordersKey = ['orders'] as const;
export const orderKey = (id: string) => ['orders', 'one', id] as const;

export function useOrderList(role: OrderRole) {
  return useQuery({ queryKey: [...ordersKey, 'list', role], queryFn: () => api<OrderList>(`/api/orders?role=${role}`) });
}

export function useOrder(id: string) {
  // read again when the person comes back to the tab: the other side may have paid, delivered or written
  return useQuery({ queryKey: orderKey(id), queryFn: async () => (await api<{ order: OrderDetail }>(`/api/orders/${id}`)).order, refetchOnWindowFocus: true });
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
      const { order } = await api<{ order: OrderDetail }>('/api/orders', { body: { offerId } });
      return (await api<{ order: OrderDetail }>(`/api/orders/${order.id}/paid`, { method: 'POST', body: {} })).order;
    },
    onSuccess: (order) => refresh(order),
  });
}

export function useMarkPaid(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => (await api<{ order: OrderDetail }>(`/api/orders/${orderId}/paid`, { method: 'POST', body: {} })).order,
    onSuccess: (order) => refresh(order),
  });
}

export function useCompleteOrder(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => (await api<{ order: OrderDetail }>(`/api/orders/${orderId}/complete`, { method: 'POST', body: {} })).order,
    onSuccess: (order) => refresh(order),
  });
}

export function useSendOrderMessage(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => (await api<{ message: OrderMessage }>(`/api/orders/${orderId}/messages`, { body: { key } })).message,
    onSuccess: (message) => {
      client.setQueryData<OrderDetail>(orderKey(orderId), (order) => (order ? { ...order, messages: [...order.messages, message] } : order));
    },
  });
}

export function useUploadDelivery(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return (await upload<{ order: OrderDetail }>(`/api/orders/${orderId}/delivery`, form, onProgress)).order;
    },
    onSuccess: (order) => refresh(order),
  });
}

/** A fresh one-hour link each time the buyer downloads. */
export function fetchDeliveryLink(orderId: string): Promise<DeliveryLink> {
  return api<DeliveryLink>(`/api/orders/${orderId}/delivery-link`);
}
