/** Orders data for the screens (TanStack Query over the typed client). */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ordersTexts, type OrderDetail, type OrderRole, type ProblemReason } from '@gigreel/core';
import { ApiError, isConflict, request, sendForm } from '../../api/client.ts';

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

/**
 * A move on the order (core's orders.machine.ts) whose answer is the order as it now is. A 409 means
 * the other side moved first: the order is read again so the page shows where it stands. Moves asked
 * in a dialog say their failure there (see OrderMoveButton) and leave `errorTitle` out.
 */
function useOrderMove<Input = void>(move: (input: Input) => Promise<{ order: OrderDetail }>, errorTitle?: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: Input) => (await move(input)).order,
    onSuccess: (order) => refresh(order),
    onError: (error) => {
      if (isConflict(error)) void refresh();
    },
    meta: errorTitle ? { errorTitle } : {},
  });
}

/** The buyer says they paid (SPEC's "I've paid"); the seller then confirms it or says it has not arrived. */
export function useMarkPaid(orderId: string) {
  return useOrderMove(
    () => request('POST /api/orders/:id/paid', { params: { id: orderId } }),
    ordersTexts.confirmPaymentFailed,
  );
}

/** The seller says the buyer's payment arrived. */
export function useConfirmPaymentReceived(orderId: string) {
  return useOrderMove(
    () => request('POST /api/orders/:id/payment-received', { params: { id: orderId } }),
    ordersTexts.updateFailed,
  );
}

/** The seller says the payment the buyer claims has not arrived; the order awaits payment again. */
export function useReportPaymentNotReceived(orderId: string) {
  return useOrderMove((note: string) =>
    request('POST /api/orders/:id/payment-not-received', {
      params: { id: orderId },
      body: note.trim() ? { note } : {},
    }),
  );
}

/** The buyer cancels an order they have not paid for. */
export function useCancelOrder(orderId: string) {
  return useOrderMove(() => request('POST /api/orders/:id/cancel', { params: { id: orderId } }));
}

/** The seller declines an order before its payment is confirmed, saying why. */
export function useDeclineOrder(orderId: string) {
  return useOrderMove((reason: string) =>
    request('POST /api/orders/:id/decline', { params: { id: orderId }, body: { reason } }),
  );
}

/** The buyer asks for changes to the delivery, using one of the offer's revisions. */
export function useRequestChanges(orderId: string) {
  return useOrderMove((note: string) =>
    request('POST /api/orders/:id/changes', { params: { id: orderId }, body: { note } }),
  );
}

/** The buyer accepts the delivery, which completes the order. */
export function useCompleteOrder(orderId: string) {
  return useOrderMove(() => request('POST /api/orders/:id/complete', { params: { id: orderId } }));
}

/** Either side reports a problem (from payment onward, and for a while after completion): the order is disputed until an admin resolves it. */
export function useReportProblem(orderId: string) {
  return useOrderMove((problem: { reason: ProblemReason; details: string }) =>
    request('POST /api/orders/:id/problem', { params: { id: orderId }, body: problem }),
  );
}

export function useSendOrderMessage(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    /** A canned message's key, or the party's own text. */
    mutationFn: async (message: { key: string } | { text: string }) =>
      (await request('POST /api/orders/:id/messages', { params: { id: orderId }, body: message })).message,
    onSuccess: (message) => {
      client.setQueryData<OrderDetail>(orderKey(orderId), (order) =>
        order ? { ...order, messages: [...order.messages, message] } : order,
      );
      // then read again, as after any change: a read still on its way, which may have left the server
      // before this message was written, is dropped instead of replacing the log without it
      void client.invalidateQueries({ queryKey: orderKey(orderId) });
    },
    meta: { errorTitle: ordersTexts.sendMessageFailed },
  });
}

/** Delivers the order's file, or with `replace` swaps the delivered file before the buyer acts on it. */
export function useUploadDelivery(orderId: string, replace = false) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      const sent = replace
        ? sendForm('PUT /api/orders/:id/delivery', form, onProgress, { id: orderId })
        : sendForm('POST /api/orders/:id/delivery', form, onProgress, { id: orderId });
      return (await sent).order;
    },
    onSuccess: (order) => refresh(order),
    meta: {
      errorTitle: ordersTexts.uploadFailed,
      errorDescription: (error) => (error instanceof ApiError ? error.message : ordersTexts.uploadFailed),
    },
  });
}

/** A fresh one-hour link to one delivered file (by its id) each time someone downloads it. */
export function useDeliveryLink(orderId: string) {
  return useMutation({
    mutationFn: (deliveryId: string) =>
      request('GET /api/orders/:id/delivery-link', { params: { id: orderId }, query: { delivery: deliveryId } }),
    meta: { errorTitle: ordersTexts.downloadFailed },
  });
}
