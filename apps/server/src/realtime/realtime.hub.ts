/**
 * The live-event hub of one server process: ONE LISTEN on the database, dispatching each event to
 * this process's connections of the people it names. Every process does the same, so an event
 * written through any process reaches every connection (PostgreSQL NOTIFY; PGlite has it in-process).
 * Unread counts are computed once per person per burst of events, not once per connection.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@gigreel/core';
import type { Database } from '../db/connection.ts';
import { LIVE_CHANNEL, unreadCountsFor, type LivePayload } from './realtime.queries.ts';

type LiveListener = (event: LiveEvent) => void;

export type RealtimeHub = {
  subscribe(userId: string, listener: LiveListener): () => void;
  /** Open connections in this process (for the benchmark and tests). */
  size(): number;
  close(): Promise<void>;
};

const hubs = new WeakMap<Database, Promise<RealtimeHub>>();

/** The process's hub for this database, created (and its LISTEN issued) once. */
export function realtimeHub(database: Database, log: FastifyBaseLogger): Promise<RealtimeHub> {
  let hub = hubs.get(database);
  if (!hub) {
    hub = createHub(database, log);
    hubs.set(database, hub);
  }
  return hub;
}

async function createHub(database: Database, log: FastifyBaseLogger): Promise<RealtimeHub> {
  const listeners = new Map<string, Set<LiveListener>>();
  const pendingCounts = new Set<string>();
  let flushScheduled = false;
  let closed = false;

  const deliver = (userId: string, event: LiveEvent) => {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'live listener failed');
      }
    }
  };

  const flushCounts = async () => {
    flushScheduled = false;
    const users = [...pendingCounts];
    pendingCounts.clear();
    if (closed || users.length === 0) return;
    try {
      const counts = await unreadCountsFor(database.db, users);
      for (const [userId, unread] of counts) deliver(userId, { type: 'unread', unread });
    } catch (error) {
      if (!closed) log.warn({ err: error }, 'unread counts for live connections failed');
    }
  };

  const onPayload = (raw: string) => {
    let payload: LivePayload;
    try {
      payload = JSON.parse(raw) as LivePayload;
    } catch {
      return;
    }
    for (const userId of payload.users ?? []) {
      if (!listeners.has(userId)) continue;
      if (payload.type === 'message')
        deliver(userId, {
          type: 'message',
          id: payload.id,
          from: payload.from,
          to: payload.to,
          createdAt: payload.createdAt,
        });
      else if (payload.type === 'notification')
        deliver(userId, { type: 'notification', id: payload.id, kind: payload.kind, createdAt: payload.createdAt });
      pendingCounts.add(userId);
    }
    if (pendingCounts.size > 0 && !flushScheduled) {
      flushScheduled = true;
      setImmediate(() => void flushCounts());
    }
  };

  const unlisten = await database.listen(LIVE_CHANNEL, onPayload);

  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    size() {
      let total = 0;
      for (const set of listeners.values()) total += set.size;
      return total;
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      hubs.delete(database);
      await unlisten().catch(() => {});
    },
  };
}
