/** Builds the Fastify app from its dependencies, so tests build the same app main.ts serves. */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { account } from './account/index.ts';
import { admin, installAudit } from './admin/index.ts';
import { auth, installSessionCache } from './auth/index.ts';
import type { AppDeps } from './deps.ts';
import { creators } from './creators/index.ts';
import { engagement } from './engagement/index.ts';
import { explore } from './explore/index.ts';
import { createPublicFeedPages, feed } from './feed/index.ts';
import { frameworkErrors, installErrorHandler, zodToAppError } from './http/errors.ts';
import { installOpenApi, system } from './http/openapi.ts';
import { installRequestIds, requestIds } from './http/request-id.ts';
import { metricsPage } from './metrics/index.ts';
import { offers } from './offers/index.ts';
import { installSecurity } from './http/security.ts';
import { serveWebApp } from './http/web.ts';
import { mediaFiles } from './media/index.ts';
import { createLocalMediaProcessor, measuredMedia } from './platform/media.ts';
import { jobs } from './jobs/index.ts';
import { messages } from './messages/index.ts';
import { orders } from './orders/index.ts';
import { blocks } from './blocks/index.ts';
import { follows } from './follows/index.ts';
import { stats } from './stats/index.ts';
import { reports } from './reports/index.ts';
import { search } from './search/index.ts';
import { notifications } from './notifications/index.ts';
import { profile } from './profile/index.ts';
import { push } from './push/index.ts';
import { realtime } from './realtime/index.ts';

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger === false ? undefined : deps.log,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors,
    genReqId: requestIds(deps.config.trustProxy),
  });
  installErrorHandler(app, { onDatabaseUnavailable: () => deps.metrics.databaseUnavailable() });
  installRequestIds(app);
  // Counted per route pattern (never the raw URL, which would make a series per offer id).
  app.addHook('onResponse', async (request, reply) => {
    deps.metrics.request(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  // Declared routes (http/declare.ts) are validated with the texts of errors.ts, and answered
  // through their response schema.
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: zodToAppError(result.error) };
  });
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every hook after it and every handler runs in its scope.
  await installSessionCache(app, deps.database);
  await installSecurity(app, deps.config);
  await app.register(multipart, { limits: { fileSize: 1, files: 1 }, throwFileSizeLimit: true });
  // On the root, before any route: the audit records impersonated and admin writes on every route, not only the admin's.
  installAudit(app, deps);
  await installOpenApi(app, deps);
  await app.register(system, { deps });
  // One media processor (and so one queue of ffmpeg and sharp jobs) for creators' and admins' uploads alike.
  const media = measuredMedia(createLocalMediaProcessor(), deps.metrics);
  await app.register(admin, { deps, media });
  await app.register(auth, { deps });
  await app.register(mediaFiles, { deps });
  await app.register(feed, { deps, publicPages: createPublicFeedPages(app) });
  await app.register(explore, { deps });
  await app.register(offers, { deps, media });
  await app.register(creators, { deps });
  await app.register(engagement, { deps });
  await app.register(messages, { deps });
  await app.register(orders, { deps });
  await app.register(jobs, { deps });
  await app.register(profile, { deps });
  await app.register(follows, { deps });
  await app.register(stats, { deps });
  await app.register(search, { deps });
  await app.register(blocks, { deps });
  await app.register(reports, { deps });
  await app.register(notifications, { deps });
  await app.register(push, { deps });
  await app.register(realtime, { deps });
  await app.register(account, { deps });
  await app.register(metricsPage, { deps });
  await serveWebApp(app, deps.config.webDist);
  return app;
}
