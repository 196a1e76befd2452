/**
 * One EventSource per tab on /api/events, shared by every component that wants live updates
 * (reference-counted). Events invalidate the TanStack queries they concern; unread counts are put
 * straight into the cache so badges change at once. The browser reconnects by itself and resumes
 * with Last-Event-ID; after any reconnect we also refetch, so what arrived meanwhile shows up even
 * if the replay missed it. A stream the server refused (signed out) is reopened with backoff while
 * someone still needs it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent, UnreadCounts } from '@gigreel/core';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export const unreadKey = ['unread'] as const;
export const messagesKey = ['messages'] as const;
export const notificationsKey = ['notifications'] as const;
/** The orders feature's queries (features/orders/orders.queries.ts ordersKey), named here so realtime imports no feature. */
const ORDERS_KEY = ['orders'] as const;

let source: EventSource | null = null;
let ownerId: string | null = null;
let users = 0;
let everOpened = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1000;
let status: LiveStatus = 'idle';
const statusListeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
export const liveStatus = () => status;

function parse<T extends LiveEvent>(event: MessageEvent): T | null {
  try {
    return JSON.parse(event.data as string) as T;
  } catch {
    return null;
  }
}

function open(client: QueryClient) {
  clearTimeout(retryTimer);
  setStatus(everOpened ? 'reconnecting' : 'connecting');
  const es = new EventSource('/api/events');
  source = es;
  const setUnread = (unread: UnreadCounts) => client.setQueryData(unreadKey, unread);

  es.addEventListener('ready', (event) => {
    const data = parse<Extract<LiveEvent, { type: 'ready' }>>(event);
    if (data) setUnread(data.unread);
    // Also on the first open: a screen may have loaded its list just before the stream was listening,
    // and an event sent in that gap would otherwise leave the list stale while the badge is right.
    void client.invalidateQueries({ queryKey: messagesKey });
    void client.invalidateQueries({ queryKey: notificationsKey });
    void client.invalidateQueries({ queryKey: ORDERS_KEY });
    everOpened = true;
    retryDelay = 1000;
    setStatus('open');
  });
  es.addEventListener('message', () => void client.invalidateQueries({ queryKey: messagesKey }));
  es.addEventListener('notification', (event) => {
    void client.invalidateQueries({ queryKey: notificationsKey });
    // Every move, message and review on an order (or its private job) notifies the other side: an
    // order open on screen reads itself again. Other notifications leave the orders alone.
    const kind = parse<Extract<LiveEvent, { type: 'notification' }>>(event)?.kind ?? '';
    if (/^(order_|job_|review$)/.test(kind)) void client.invalidateQueries({ queryKey: ORDERS_KEY });
  });
  es.addEventListener('unread', (event) => {
    const data = parse<Extract<LiveEvent, { type: 'unread' }>>(event);
    if (data) setUnread(data.unread);
  });
  es.addEventListener('end', () => {
    es.close();
    if (source === es) source = null;
    setStatus('idle');
    void client.invalidateQueries({ queryKey: ['me'] });
  });
  es.onerror = () => {
    if (source !== es) return;
    setStatus('reconnecting');
    if (es.readyState === EventSource.CLOSED) {
      // Refused (not a dropped connection): the browser will not retry, so we do, gently.
      source = null;
      retryTimer = setTimeout(() => {
        if (users > 0 && !source) open(client);
      }, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 30_000);
    }
  };
}

function close() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  ownerId = null;
  everOpened = false;
  setStatus('idle');
}

/** Holds the shared stream open for a signed-in person; returns the release function. */
export function acquireLive(client: QueryClient, userId: string): () => void {
  clearTimeout(closeTimer);
  if (ownerId !== userId) {
    close();
    ownerId = userId;
  }
  users += 1;
  if (!source) open(client);
  return () => {
    users -= 1;
    // A short grace period: moving between screens must not drop and reopen the stream.
    if (users === 0) closeTimer = setTimeout(() => users === 0 && close(), 2000);
  };
}
