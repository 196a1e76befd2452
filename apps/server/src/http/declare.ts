/**
 * Routes declared from the route table (core's api.ts), not hand-checked: each feature is a Fastify
 * plugin named after it, and each of its routes names its table entry. From that entry the route
 * gets who may call it (checked before the body is read), its input schemas (validated by Fastify,
 * with the texts of errors.ts), its response schema (serialised through fastify-type-provider-zod,
 * so an answer that drifts from the table fails rather than leaks) and its place in the OpenAPI
 * document. The handler receives the validated input and, on signed-in and admin routes, the actor.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorBody,
  apiRoutes,
  splitRouteKey,
  type ApiRouteName,
  type ApiRoutes,
  type ApiRouteSpec,
  type RawResponse,
  type RouteInput,
} from '@gigreel/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { SessionViewer } from '../auth/index.ts';

type Spec<K extends ApiRouteName> = ApiRoutes[K];
type ActorOf<S> = S extends { caller: 'anyone' } ? unknown : { actor: SessionViewer };
type ResultOf<S> = S extends { response: infer Z extends z.ZodType } ? z.output<Z> : unknown;

type RouteContext<K extends ApiRouteName> = RouteInput<Spec<K>> &
  ActorOf<Spec<K>> & { request: FastifyRequest; reply: FastifyReply };
type RouteHandler<K extends ApiRouteName> = (
  context: RouteContext<K>,
) => Promise<ResultOf<Spec<K>> | FastifyReply> | ResultOf<Spec<K>> | FastifyReply;

export type Feature = {
  app: FastifyInstance;
  deps: AppDeps;
  /** Declares the route the table names `key`. */
  route<K extends ApiRouteName>(key: K, handler: RouteHandler<K>): void;
};

export type FeaturePlugin<Options> = FastifyPluginAsync<{ deps: AppDeps } & Options>;

/** A feature's routes and hooks as one encapsulated plugin: its hooks see only its own routes. */
export function feature<Options extends object = object>(
  name: string,
  register: (feature: Feature, options: Options) => void | Promise<void>,
): FeaturePlugin<Options> {
  const plugin: FeaturePlugin<Options> = async (app, options) => {
    const { deps } = options;
    await register({ app, deps, route: (key, handler) => declareRoute(app, deps, name, key, handler) }, options);
  };
  Object.defineProperty(plugin, 'name', { value: name });
  Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
  return plugin;
}

export const isRawResponse = (response: ApiRouteSpec['response']): response is RawResponse =>
  'raw' in response && response.raw === true;

/** Route config read by the OpenAPI transform (openapi.ts) and the audit. */
export type DeclaredRouteConfig = {
  routeKey: ApiRouteName;
  caller: ApiRouteSpec['caller'];
  form?: ApiRouteSpec['form'];
  /** Taken without the app's Origin (security.ts): authorised by a signed token alone, never a cookie. */
  crossSite?: true;
};

function declareRoute<K extends ApiRouteName>(
  app: FastifyInstance,
  deps: AppDeps,
  featureName: string,
  key: K,
  handler: RouteHandler<K>,
): void {
  const spec: ApiRouteSpec = apiRoutes[key];
  const { method, path } = splitRouteKey(key);
  const success = isRawResponse(spec.response)
    ? {
        [spec.response.status]: spec.response.contentType
          ? {
              description: spec.response.description,
              content: { [spec.response.contentType]: { schema: binaryOrText(spec.response) } },
            }
          : // No body (a redirect): the OpenAPI document gives it its description alone (an empty content map breaks @fastify/swagger).
            z.null().describe(spec.response.description),
      }
    : { [spec.status ?? 200]: spec.response };
  const config: DeclaredRouteConfig = {
    routeKey: key,
    caller: spec.caller,
    form: spec.form,
    ...(spec.crossSite && spec.caller === 'anyone' ? { crossSite: true } : {}),
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url: path,
    config,
    schema: {
      summary: spec.summary,
      tags: [featureName],
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.form ? { consumes: ['multipart/form-data'] } : {}),
      ...(spec.caller === 'anyone' ? {} : { security: [{ session: [] }] }),
      response: { ...success, '4xx': apiErrorBody, '5xx': apiErrorBody },
    },
    // Who may call is settled before the body is read: a stranger's upload is refused unread.
    onRequest:
      spec.caller === 'anyone'
        ? undefined
        : async (request, reply) => {
            if (spec.caller === 'admin') await deps.callers.requireAdmin(deps, request, reply);
            else await deps.callers.requireViewer(deps, request, reply, spec.signInText);
          },
    handler: async (request, reply) => {
      if (spec.status) reply.status(spec.status);
      const actor = spec.caller === 'anyone' ? undefined : await deps.callers.loadViewer(deps, request, reply);
      const context = { request, reply, params: request.params, query: request.query, body: request.body, actor };
      // The route table typed the handler; Fastify's own route typing cannot follow a table lookup.
      return (await handler(context as RouteContext<K>)) as never;
    },
  });
}

function binaryOrText(response: RawResponse): z.ZodType {
  const text = response.contentType?.startsWith('text/') || response.contentType === 'application/json';
  return text ? z.string() : z.string().meta({ format: 'binary' });
}
