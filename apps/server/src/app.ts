/** Builds the Fastify app from its dependencies, so tests build the same app main.ts serves. */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import type { AppDeps } from './deps.ts';
import { frameworkErrors, installErrorHandler } from './http/errors.ts';
import { installSecurity } from './http/security.ts';
import { serveWebApp } from './http/web.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { offersFeedRoutes } from './offers/offers.plugin.ts';
import { createLocalMediaProcessor } from './platform/media.ts';
import { messagingRoutes } from './messages/messages.routes.ts';
import { ordersAndJobsRoutes } from './orders/orders.plugin.ts';
import { profileRoutes } from './profile/profile.routes.ts';

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger === false ? undefined : deps.log,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors,
  });
  installErrorHandler(app);
  await installSecurity(app, deps.config);
  await app.register(multipart, { limits: { fileSize: 1, files: 1 }, throwFileSizeLimit: true });
  app.get('/api/health', async () => ({ status: 'ok', database: deps.database.kind }));
  // One media processor (and so one queue of ffmpeg and sharp jobs) for creators' and admins' uploads alike.
  const media = createLocalMediaProcessor();
  await adminRoutes(app, deps, media);
  await authRoutes(app, deps);
  await mediaRoutes(app, deps.storage);
  await offersFeedRoutes(app, deps, media);
  await messagingRoutes(app, deps);
  await ordersAndJobsRoutes(app, deps);
  await profileRoutes(app, deps);
  await serveWebApp(app, deps.config.webDist);
  return app;
}
