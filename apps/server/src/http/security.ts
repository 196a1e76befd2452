/**
 * Headers and the cross-site rule. Every state-changing API request must come from the app's own
 * origin (browsers always send Origin on such requests), so a foreign page can never act with a
 * visitor's cookie.
 */
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { texts, badRequest, forbidden } from '@gigreel/core';
import { takeDeferredCookies } from './deferred-cookies.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** "scheme://host:port" of a URL (default ports dropped), or null when it has none ("null", junk). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when the Origin header names the app itself by scheme, host and port: the configured public
 * URL, or the address this request came in on (a proxy's forwarded ones only when trustProxy says
 * so). The host alone is not enough: a page at http://app (a network attacker's, for one) would pass
 * for https://app, and another port on the same host is another site's.
 */
function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const sender = originOf(request.headers.origin ?? '');
  if (sender === null) return false;
  if (sender === originOf(config.publicUrl)) return true;
  return Boolean(request.host) && sender === originOf(`${request.protocol}://${request.host}`);
}

/** An API answer a route did not declare public: whoever asks, no shared cache or browser keeps it. */
const PRIVATE_ANSWER = 'private, no-store';

export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Built once: @fastify/helmet built Helmet again (CSP directives parsed anew) for every request,
  // about an eighth of the server's time per request under load.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
  // Every state-changing request, whatever its path: the router decodes paths ("/%61pi/..." reaches
  // "/api/..."), so a check on the raw URL could be stepped around.
  // A route declared crossSite (a mail's one-click unsubscribe, posted by the mail client) reads no
  // cookie and acts on its signed token alone, so a foreign page gains nothing by posting it.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if ((request.routeOptions.config as { crossSite?: true } | undefined)?.crossSite) return;
    if (!isSameOrigin(request, config)) throw forbidden(texts.generic.crossSite);
  });
  // A session refreshed while serving this request goes back with the response, whichever route it was.
  // And every API answer may depend on who asks (a viewer, an admin, a session) unless its route says
  // otherwise by setting a public Cache-Control (the anonymous feed page, the popular tags), so the
  // default is decided here, once, rather than remembered by each route.
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.routeOptions.url ?? request.url;
    if (path.startsWith('/api/') && !String(reply.getHeader('cache-control') ?? '').startsWith('public'))
      reply.header('cache-control', PRIVATE_ANSWER);
    const cookies = takeDeferredCookies(request);
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return payload;
  });
  // PostgreSQL cannot store a NUL character in text: refuse it at the door (before validation) rather than fail later.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body))
      throw badRequest(texts.generic.badRequest);
  });
}

/** True when any string in a parsed body, query or params (or a key) contains U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}
