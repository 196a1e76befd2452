/**
 * Who is sharing, as the share counter sees it: a signed-in person, or an anonymous browser at an
 * address. A browser is known by a random id in an HttpOnly cookie; ids and addresses are kept only
 * as keyed hashes, so the table never holds an address and a key cannot be computed from outside.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { readCookie } from '../auth/index.ts';

const BROWSER_COOKIE = 'gigreel.browser';
const BROWSER_COOKIE_SECONDS = 365 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * addressKey: the caller's address; browserKey: this browser at this address (anonymous callers);
 * visitorKey: this browser wherever it is (an offer's anonymous viewers, issue 18).
 */
export type Sharer = { addressKey: string; browserKey: string; visitorKey: string };

const keyed = (config: Config, value: string) =>
  createHmac('sha256', config.authSecret).update(value).digest('base64url');

/** Reads (or, the first time, gives) the browser id and derives the keys; the cookie goes back on the reply. */
export function sharerOf(config: Config, request: FastifyRequest, reply: FastifyReply): Sharer {
  let browserId = readCookie(request.headers.cookie, BROWSER_COOKIE);
  if (!browserId || !UUID.test(browserId)) {
    browserId = randomUUID();
    const secure = config.publicUrl.startsWith('https://') ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${browserId}; Max-Age=${BROWSER_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return {
    addressKey: keyed(config, `address:${request.ip}`),
    browserKey: keyed(config, `browser:${browserId}|${request.ip}`),
    visitorKey: keyed(config, `visitor:${browserId}`),
  };
}
