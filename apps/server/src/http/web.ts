/**
 * Serves the built web app: hashed assets cached for a year (sent as the Brotli or gzip copy the build
 * wrote beside them when the browser accepts it), index.html never cached, and every page
 * path of the route table answered with the app (unknown paths with status 404 and the app's 404 page).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { accessFor } from '@gigreel/core';

export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }
  const indexHtml = () => webIndexHtml(webDist);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api/') ||
      pathname.startsWith('/media/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route ${request.method} ${pathname}` } });
    }
    const known = accessFor(pathname) !== null;
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml());
  });
}

/** The app's index.html (or a hint to build it); features that write a page's meta tags start from it. */
export function webIndexHtml(webDist: string): string {
  const indexFile = path.join(webDist, 'index.html');
  return existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html><head><title>GigReel</title></head><body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>';
}
