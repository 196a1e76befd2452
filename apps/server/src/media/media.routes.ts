/**
 * Public media (offer media, posters, avatars) with HTTP Range and long cache lifetimes: keys are
 * unique per upload, so a URL's bytes never change. Only image and video types are ever served here,
 * always with nosniff, so no stored file can run script in the app's origin.
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { isSafeKey } from '../platform/storage.ts';

const PUBLIC_PREFIXES = ['offers/', 'avatars/'];
const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

function mediaTypeForKey(key: string): string | undefined {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''];
}

/**
 * A plain plugin, not a declared feature: /media is not part of the API (no JSON, no session), so it
 * has no entry in the route table and stays out of the OpenAPI document.
 */
export const mediaFiles: FastifyPluginAsync<{ deps: AppDeps }> = async function media(app, { deps }) {
  const { storage } = deps;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      // The router has decoded the path once (and answered 400 to one that is not valid UTF-8); a
      // second decode would read "%25E0" as a broken escape and throw, and would let "%252e" become ".".
      const key = (request.params as { '*': string })['*'];
      const contentType = mediaTypeForKey(key);
      const notFound = () =>
        reply.status(404).send({ error: { code: 'not_found', message: 'This file does not exist.' } });
      if (!contentType || !PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix)) || !isSafeKey(key))
        return notFound();
      // Storage that cannot answer is a 503 (the error handler), not a missing file.
      const object = await storage.head(key);
      if (!object) return notFound();
      const range = parseRange(request.headers.range, object.size);
      let body: Readable | undefined;
      if (request.method !== 'HEAD' && range !== 'invalid') {
        try {
          body = await storage.get(key, range ?? undefined);
        } catch (error) {
          // removed between the two looks (an offer replaced or deleted meanwhile)
          if (error instanceof AppError && error.code === 'not_found') return notFound();
          throw error;
        }
      }
      reply
        .header('content-type', contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        // Opened on its own, a file is a sandboxed document with no script and no access to the app.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header('cross-origin-resource-policy', 'same-site')
        .header('etag', `"${object.size.toString(16)}-${Buffer.from(key).toString('base64url').slice(-16)}"`);
      if (range === 'invalid') {
        return reply.status(416).header('content-range', `bytes */${object.size}`).send();
      }
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(body);
      }
      reply.header('content-length', object.size);
      return reply.send(body);
    },
  });
};

/** One "bytes=a-b", "bytes=a-" or "bytes=-n" range; anything else is served whole. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, a = '', b = ''] = match;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
