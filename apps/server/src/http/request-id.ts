/**
 * Every request has an id, returned as X-Request-Id and carried by every log line written while it is
 * served: Fastify's request logger has it, and so does the app's own logger (main.ts's mixin reads it from
 * the request's async context), so a line a service writes with deps.log is found by the id too. An id
 * sent in X-Request-Id is kept only from a proxy TRUST_PROXY names (a load balancer tracing a request
 * through) and only if it is plain and short; anyone else's is replaced by a new one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import proxyaddr from 'proxy-addr';
import type { Config } from '../config.ts';
import { currentRequest, runInRequest, type RequestState } from '../platform/request-context.ts';

const PLAIN_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's genReqId: the trusted proxy's id, or a new one. */
export function requestIds(trust: Config['trustProxy']): (raw: IncomingMessage) => string {
  const trusted: (address: string) => boolean =
    trust === true
      ? () => true
      : trust === false
        ? () => false
        : typeof trust === 'function'
          ? (address) => trust(address, 0)
          : (
              (compiled) => (address: string) =>
                compiled(address, 0)
            )(proxyaddr.compile(trust.split(',').map((entry) => entry.trim())));
  return (raw) => {
    const given = raw.headers['x-request-id'];
    if (typeof given === 'string' && PLAIN_ID.test(given) && trusted(raw.socket.remoteAddress ?? '')) return given;
    return randomUUID();
  };
}

/** pino's mixin: the id of the request being served, on lines that do not carry it already. */
export function requestIdMixin(_merge: object, _level: number, logger: { bindings(): object }): object {
  const id = currentRequest()?.id;
  return id && !('reqId' in logger.bindings()) ? { reqId: id } : {};
}

const stateOf = new WeakMap<FastifyRequest, RequestState>();

/** What the request has written so far that its answer must wait on (auth/session-cache.ts). */
export function requestState(request: FastifyRequest): RequestState | undefined {
  return stateOf.get(request);
}

/**
 * The id in the answer, and the request's async context (platform/request-context.ts), opened before
 * the routes' own checks of who asks and entered again before the handler (reading a body may leave it).
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const state = { id: request.id, wroteSessions: false };
    stateOf.set(request, state);
    runInRequest(state, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const state = stateOf.get(request);
    if (state) runInRequest(state, done);
    else done();
  });
}
