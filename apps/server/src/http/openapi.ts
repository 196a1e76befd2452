/**
 * The OpenAPI 3.1 document, generated from the declared routes' schemas (declare.ts), served at
 * GET /api/openapi.json, with an interactive reference at /api/docs outside production, or for admins.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { AppError } from '@gigreel/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { feature, type DeclaredRouteConfig } from './declare.ts';

const zodTransform = createJsonSchemaTransform({});

/** Must be registered before the features, so it sees their routes. */
export async function installOpenApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GigReel API',
        version: '1.0.0',
        description:
          'Every answer is JSON unless stated; every error is `{ error: { code, message, field? } }` with the status of its code. ' +
          'Signed-in routes read the session cookie set by POST /api/auth/sign-in/email; state-changing requests must come from the same origin.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'gigreel.session_token' } } },
    },
    transform: (document) => {
      const config = (document.route.config ?? {}) as Partial<DeclaredRouteConfig>;
      // Only declared /api routes are the API; the web app's pages and media files are not.
      if (!config.routeKey) return { schema: { hide: true } as typeof document.schema, url: document.url };
      const transformed = zodTransform(document);
      if (!config.form) return transformed;
      const fields = z.toJSONSchema(config.form.fields, { io: 'input', unrepresentable: 'any' }) as {
        properties?: object;
        required?: string[];
      };
      const files = Object.fromEntries(config.form.files.map((name) => [name, { type: 'string', format: 'binary' }]));
      const body = { type: 'object', properties: { ...fields.properties, ...files }, required: fields.required ?? [] };
      return { ...transformed, schema: { ...transformed.schema, body } };
    },
  });

  const docsAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.config.env === 'production') await deps.callers.requireAdmin(deps, request, reply);
  };
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiHooks: { onRequest: docsAccess }, staticCSP: false });
}

/** How long readiness waits for the database or storage to answer before it says not ready. */
const READY_WITHIN_MS = 2_000;

async function answersWithin(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_WITHIN_MS))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The service's own routes: whether it is alive, whether it can serve, and this document. */
export const system = feature('system', ({ app, deps, route }) => {
  route('GET /api/health', () => ({ status: 'ok' as const, database: deps.database.kind }));
  route('GET /api/ready', async () => {
    const [database, storage] = await Promise.all([
      answersWithin(() => deps.database.query('select 1')),
      answersWithin(() => deps.storage.ready()),
    ]);
    const down = [database ? null : 'the database', storage ? null : 'file storage'].filter(Boolean);
    if (down.length > 0) throw new AppError('unavailable', `Not ready: ${down.join(' and ')} cannot be reached.`);
    return { status: 'ready' as const, database: deps.database.kind, storage: deps.storage.kind };
  });
  route('GET /api/openapi.json', ({ reply }) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(app.swagger())),
  );
});
