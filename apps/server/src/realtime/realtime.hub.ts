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
  /** People whose streams are told to read everything again: events sent while the LISTEN was lost are gone. */
  const pendingResync = new Set<string>();
  let flushScheduled = false;
  let closed = false;
  let resyncTries = 0;

  const deliver = (userId: string, event: LiveEvent) => {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'live listener failed');
      }
    }
  };

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => void flushCounts());
  };

  const flushCounts = async () => {
    flushScheduled = false;
    const resync = new Set(pendingResync);
    const users = [...new Set([...pendingCounts, ...resync])];
    pendingCounts.clear();
    pendingResync.clear();
    if (closed || users.length === 0) return;
    try {
      const counts = await unreadCountsFor(database.db, users);
      // "ready" makes the page read its lists again (as after its own reconnect), "unread" only sets the badges.
      for (const [userId, unread] of counts) deliver(userId, { type: resync.has(userId) ? 'ready' : 'unread', unread });
      if (resync.size > 0) resyncTries = 0;
    } catch (error) {
      if (closed) return;
      log.warn({ err: error }, 'unread counts for live connections failed');
      // The database just came back may still refuse a moment: the streams to resync are asked again.
      if (resync.size > 0 && resyncTries++ < 10) {
        for (const userId of resync) pendingResync.add(userId);
        setTimeout(scheduleFlush, 1000).unref();
      }
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
    if (pendingCounts.size > 0) scheduleFlush();
  };

  // The LISTEN comes back by itself after a lost connection (a database restart); what was announced in
  // between never arrives, so every open stream is told to read everything again.
  let listening = false;
  const onListen = () => {
    if (!listening) return void (listening = true);
    log.info({ streams: listeners.size }, 'live events heard again; open streams read everything again');
    for (const userId of listeners.keys()) pendingResync.add(userId);
    resyncTries = 0;
    if (pendingResync.size > 0) scheduleFlush();
  };
  const unlisten = await database.listen(LIVE_CHANNEL, onPayload, onListen);

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

/** Open live streams in this process (for /metrics); 0 before any stream was asked for. */
export async function liveConnections(deps: { database: Database; log: FastifyBaseLogger }): Promise<number> {
  const hub = hubs.get(deps.database);
  return hub ? (await hub).size() : 0;
}
