/**
 * Set-Cookie headers produced while a request was being served by code that had no reply at hand (a
 * Better Auth session refresh during the auth feature's loadViewer(deps, request)); security.ts sends
 * them with the response, so a refreshed session always reaches the browser with its new lifetime.
 */
import type { FastifyRequest } from 'fastify';

const deferred = new WeakMap<FastifyRequest, string[]>();

export function deferCookies(request: FastifyRequest, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) deferred.set(request, [...(deferred.get(request) ?? []), ...cookies]);
}

export function takeDeferredCookies(request: FastifyRequest): string[] {
  const cookies = deferred.get(request) ?? [];
  deferred.delete(request);
  return cookies;
}
