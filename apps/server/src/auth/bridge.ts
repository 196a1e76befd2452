/** Fastify -> Better Auth's server API: the request's headers in, its Set-Cookie headers back out. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * The request's headers with the client address set from Fastify's request.ip, which honours
 * TRUST_PROXY: a client's own X-Forwarded-For or copy of our header is never believed.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || name === 'content-length') continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header value the Fetch API refuses (Node is more lenient) is not one Better Auth needs.
    }
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
