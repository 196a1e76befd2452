/**
 * Better Auth's cookies are signed by better-call: the value, a dot, base64(HMAC-SHA256(value,
 * secret)), URI-encoded. Reading and checking them here with node:crypto lets the hot paths (every
 * signed-in request, impersonation) skip Better Auth's per-request WebCrypto key import.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signToken(token: string, secret: string): string {
  return encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
}

/** The token inside a signed cookie value, or null when the value or its signature is not right. */
export function verifySignedToken(raw: string | undefined, secret: string): string | null {
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** A cookie's raw value from a Cookie header; the first one wins, as in Better Auth's own parser. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export type CookieAttributes = {
  maxAge?: number | undefined;
  path?: string | undefined;
  httpOnly?: boolean | undefined;
  secure?: boolean | undefined;
  sameSite?: string | boolean | undefined;
  domain?: string | undefined;
};

/** A Set-Cookie line for a value that is already encoded (signToken's output is). */
export function setCookieLine(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`];
  if (attributes.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`);
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`Path=${attributes.path ?? '/'}`);
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  if (typeof attributes.sameSite === 'string')
    parts.push(`SameSite=${attributes.sameSite[0]!.toUpperCase()}${attributes.sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}
