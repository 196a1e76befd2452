/** The shared live stream: one EventSource per tab, events into the query cache, refetch after reconnects. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acquireLive, liveStatus, messagesKey, notificationsKey, unreadKey } from './live.ts';

class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.instances = [];
  client = new QueryClient();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the shared live stream', () => {
  it('opens one connection however many components need it, and closes it after the last leaves', () => {
    const releases = [acquireLive(client, 'u1'), acquireLive(client, 'u1'), acquireLive(client, 'u1')];
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events');
    releases.forEach((release) => release());
    vi.advanceTimersByTime(2500);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(liveStatus()).toBe('idle');
  });

  it('puts unread counts in the cache and invalidates what an event concerns; refetches on open and after a reconnect', () => {
    const release = acquireLive(client, 'u2');
    const es = FakeEventSource.instances[0]!;
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    es.emit('ready', { type: 'ready', unread: { messages: 2, notifications: 1 } });
    expect(client.getQueryData(unreadKey)).toEqual({ messages: 2, notifications: 1 });
    // the first open refetches too: a list loaded just before the stream listened may have missed an event
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationsKey });
    expect(liveStatus()).toBe('open');

    es.emit('message', { type: 'message', id: 'm1' });
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: messagesKey });
    invalidate.mockClear();
    es.emit('notification', { type: 'notification', id: 'n1', kind: 'order_paid' });
    // every order move and message notifies: an order open on screen reads itself again too
    expect(invalidate.mock.calls).toEqual([[{ queryKey: notificationsKey }], [{ queryKey: ['orders'] }]]);
    invalidate.mockClear();
    // a notification about something else leaves the orders alone
    es.emit('notification', { type: 'notification', id: 'n2', kind: 'offer_approved' });
    expect(invalidate.mock.calls).toEqual([[{ queryKey: notificationsKey }]]);
    es.emit('unread', { type: 'unread', unread: { messages: 3, notifications: 2 } });
    expect(client.getQueryData(unreadKey)).toEqual({ messages: 3, notifications: 2 });

    // the browser reconnects by itself; on its ready everything is refetched
    es.onerror?.();
    expect(liveStatus()).toBe('reconnecting');
    invalidate.mockClear();
    es.emit('ready', { type: 'ready', unread: { messages: 4, notifications: 2 } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationsKey });
    release();
    vi.advanceTimersByTime(2500);
  });

  it('reopens a stream the server refused, with backoff, while still needed', () => {
    const release = acquireLive(client, 'u3');
    const es = FakeEventSource.instances[0]!;
    es.readyState = FakeEventSource.CLOSED;
    es.onerror?.();
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    release();
    vi.advanceTimersByTime(2500);
    expect(FakeEventSource.instances[1]!.closed).toBe(true);
  });
});
