/**
 * GET /api/events: the signed-in person's live events as Server-Sent Events.
 * Authenticated by the session cookie; carries only that person's events. A comment line every
 * HEARTBEAT_MS keeps proxies from closing the stream and re-checks the session, which ends the
 * stream once signed out. A client resuming with Last-Event-ID gets what it missed replayed;
 * the web app also refetches on every reconnect, so nothing depends on the replay alone.
 */
import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@gigreel/core';
import { feature } from '../http/declare.ts';
import { realtimeHub } from './realtime.hub.ts';
import { missedSince, sessionIsActive, unreadCounts } from './realtime.queries.ts';

const HEARTBEAT_MS = 15_000;
/** How far back a resume looks, at most (older clients just refetch). */
const MAX_RESUME_MS = 60 * 60_000;
/** Streams one person may hold open in one process (tabs); the oldest is closed beyond this. */
const MAX_STREAMS_PER_PERSON = 20;
/** A client that stops reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const realtime = feature<{ heartbeatMs?: number }>('realtime', async ({ app, deps, route }, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const hub = await realtimeHub(deps.database, deps.log);
  const open = new Set<ServerResponse>();
  const perPerson = new Map<string, ServerResponse[]>();

  // Streams never end by themselves: end them before Fastify waits for open connections.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });
  app.addHook('onClose', async () => hub.close());

  route('GET /api/events', async ({ actor: viewer, request, reply, query }) => {
    const lastEventId = Number(request.headers['last-event-id'] ?? query.lastEventId ?? NaN);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string | string[]>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    open.add(res);

    let lastId = Date.now();
    const send = (event: LiveEvent) => {
      if (res.writableEnded) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) return void res.destroy();
      lastId = Math.max(lastId + 1, Date.now());
      res.write(`id: ${lastId}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };

    // Subscribe before reading counts so nothing written in between is lost.
    const unsubscribe = hub.subscribe(viewer.id, send);
    const mine = perPerson.get(viewer.id) ?? [];
    mine.push(res);
    perPerson.set(viewer.id, mine);
    if (mine.length > MAX_STREAMS_PER_PERSON) mine[0]?.end();

    const heartbeat = setInterval(() => {
      if (res.writableEnded) return;
      res.write(': heartbeat\n\n');
      sessionIsActive(deps.database.db, viewer.sessionId, deps.clock.now())
        .then((active) => {
          if (!active) {
            res.write('event: end\ndata: {"type":"end"}\n\n');
            res.end();
          }
        })
        .catch(() => {});
    }, heartbeatMs);
    heartbeat.unref();

    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
      const list = (perPerson.get(viewer.id) ?? []).filter((other) => other !== res);
      if (list.length) perPerson.set(viewer.id, list);
      else perPerson.delete(viewer.id);
    };
    res.on('close', cleanup);

    res.write(`retry: 2000\n: connected\n\n`);
    try {
      if (Number.isFinite(lastEventId) && lastEventId > 0) {
        const since = new Date(Math.max(lastEventId, Date.now() - MAX_RESUME_MS));
        const missed = await missedSince(deps.database.db, viewer.id, since);
        for (const message of missed.messages)
          send({
            type: 'message',
            id: message.id,
            from: message.from ?? '',
            to: message.to ?? '',
            createdAt: message.createdAt.toISOString(),
          });
        for (const note of missed.notifications)
          send({ type: 'notification', id: note.id, kind: note.kind, createdAt: note.createdAt.toISOString() });
      }
      send({ type: 'ready', unread: await unreadCounts(deps.database.db, viewer.id) });
    } catch (error) {
      request.log.warn({ err: error }, 'live stream start failed');
      res.end();
    }
  });
});
