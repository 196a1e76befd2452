/**
 * The sessions this process read lately, so a signed-in request does not begin with a statement of
 * its own (decision 0013). Every change that could make a kept session wrong is told by the database
 * (migration 0012's triggers) to every process, which forgets what it names:
 *
 * - another process's change is forgotten here as soon as its NOTIFY arrives;
 * - this process's own request that wrote sessions, people or roles answers only once this process
 *   has heard its change (`catchUp`), so the next request, from whoever, sees it;
 * - a read that began before a change was heard is not kept (the generation moved on);
 * - nothing is kept longer than KEEP_MS, and everything is forgotten when the LISTEN comes back
 *   after a lost connection or a change was not heard in time.
 *
 * What a kept session says is still checked on each request (expiry, refresh due: viewer.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection.ts';
import { requestState } from '../http/request-id.ts';
import { currentRequest } from '../platform/request-context.ts';
import type { SessionWithPerson } from './sessions.queries.ts';

const SESSIONS_CHANNEL = 'gigreel_sessions';
/** The tables whose rows a kept session is read from (sessions.queries.ts sessionWithPersonQuery). */
const READ_FROM = ['sessions', 'users', 'user_roles'];
const KEEP_MS = 10_000;
const MOST_KEPT = 10_000;
const HEARD_WITHIN_MS = 2_000;

export type SessionCache = {
  read(token: string, load: () => Promise<SessionWithPerson | null>): Promise<SessionWithPerson | null>;
  /** Resolves once this process has heard every session change committed before the call. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
};

const caches = new WeakMap<Database, Promise<SessionCache>>();

/** The process's cache for this database, listening before it is first used. */
export function sessionCache(database: Database): Promise<SessionCache> {
  let cache = caches.get(database);
  if (!cache) {
    cache = openSessionCache(database);
    caches.set(database, cache);
  }
  return cache;
}

async function openSessionCache(database: Database): Promise<SessionCache> {
  const kept = new Map<string, { row: SessionWithPerson; until: number }>();
  const tokenOfSession = new Map<string, string>();
  const waiting = new Map<string, () => void>();
  let generation = 0;

  const forget = (token: string) => {
    const entry = kept.get(token);
    if (!entry) return;
    kept.delete(token);
    tokenOfSession.delete(entry.row.sessionId);
  };
  const forgetAll = () => {
    generation++;
    kept.clear();
    tokenOfSession.clear();
  };
  const onChange = (payload: string) => {
    const id = payload.slice(2);
    // A marker is no change: only its own process waits for it.
    if (payload.startsWith('b:')) return waiting.get(id)?.();
    generation++;
    if (payload.startsWith('s:')) {
      const token = tokenOfSession.get(id);
      if (token) forget(token);
    } else {
      for (const [token, entry] of kept) if (entry.row.userId === id) forget(token);
    }
  };
  const unlisten = await database.listen(SESSIONS_CHANNEL, onChange, forgetAll);
  // A write outside any request (a test, a command, the job queue) is forgotten at once, everywhere in this process.
  const stopWatching = database.watchWrites(READ_FROM, () => {
    const request = currentRequest();
    if (request) request.wroteSessions = true;
    else forgetAll();
  });

  return {
    async read(token, load) {
      const entry = kept.get(token);
      if (entry && entry.until > Date.now()) return entry.row;
      if (entry) forget(token);
      const before = generation;
      const row = await load();
      if (row && generation === before) {
        if (kept.size >= MOST_KEPT) forget(kept.keys().next().value!);
        kept.set(token, { row, until: Date.now() + KEEP_MS });
        tokenOfSession.set(row.sessionId, token);
      }
      return row;
    },
    async catchUp() {
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        waiting.set(id, () => resolve(true));
        timer = setTimeout(() => resolve(false), HEARD_WITHIN_MS);
      });
      try {
        // Notifications arrive in commit order: hearing this one means every change before it was heard.
        await database.notify(SESSIONS_CHANNEL, `b:${id}`);
        if (!(await heard)) forgetAll();
      } catch (error) {
        forgetAll();
        throw error;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    async close() {
      caches.delete(database);
      stopWatching();
      forgetAll();
      await unlisten().catch(() => {});
    },
  };
}

/**
 * A request that wrote sessions, people or roles (a session refreshed while checking who asks, a
 * sign-out, a new name) answers only after this process has heard the change.
 */
export async function installSessionCache(app: FastifyInstance, database: Database): Promise<void> {
  const cache = await sessionCache(database);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (requestState(request)?.wroteSessions) await cache.catchUp();
    return payload;
  });
  app.addHook('onClose', async () => cache.close());
}
