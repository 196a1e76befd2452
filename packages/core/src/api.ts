/**
 * The API's route table: for every route, who may call it, what it takes and what it answers, as zod
 * schemas. The server declares its routes from this table (Fastify validates, serialises and types
 * them, and the OpenAPI document is generated from it); the web app's client takes its paths, inputs
 * and results from the same table's types, so a change on one side the other does not follow fails
 * the typecheck. Each feature keeps its part in `<feature>.api.ts`; `apiRoutes` joins them.
 */
import { z } from 'zod';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiRouteKey = `${ApiMethod} /${string}`;

/** Who may call a route: anyone (anonymous visitors too), a signed-in person, or an admin. */
export type Caller = 'anyone' | 'signedIn' | 'admin';

/** The one error shape of every route (errors.ts). */
export const apiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

/** An answer that is not JSON (a file, a CSV, a redirect, an event stream), described by its media type. */
export type RawResponse = { raw: true; status: number; contentType: string | null; description: string };
export const rawResponse = (status: number, contentType: string | null, description: string): RawResponse => ({
  raw: true,
  status,
  contentType,
  description,
});

export type ApiRouteSpec = {
  caller: Caller;
  /** What a visitor who is not signed in reads on a signed-in route, when it is not the generic text. */
  signInText?: string;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart form instead of a JSON body: its text fields and the names of its file parts. */
  form?: { fields: z.ZodType; files: readonly string[] };
  /** The JSON answer, or a raw one. */
  response: z.ZodType | RawResponse;
  /** The success status when it is not 200. */
  status?: 201;
  /**
   * Taken without the app's Origin (the cross-site rule skips it): only for a route that reads no
   * cookie and is authorised by a signed token alone, such as a mail's one-click unsubscribe (RFC 8058).
   */
  crossSite?: true;
};

/** A feature's part of the route table; checks each entry and keeps its exact type. */
export const defineApi = <const Table extends Record<ApiRouteKey, ApiRouteSpec>>(table: Table): Table => table;

export function splitRouteKey(key: ApiRouteKey): { method: ApiMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as ApiMethod, path: key.slice(space + 1) };
}

type Parsed<S, Field extends 'params' | 'query' | 'body'> = S extends { [K in Field]: infer Z extends z.ZodType }
  ? z.output<Z>
  : undefined;
type Given<S, Field extends 'params' | 'query' | 'body'> = S extends { [K in Field]: infer Z extends z.ZodType }
  ? undefined extends z.input<Z>
    ? { [K in Field]?: z.input<Z> }
    : { [K in Field]: z.input<Z> }
  : { [K in Field]?: never };

/** What a route's handler receives, once validated. */
export type RouteInput<S> = { params: Parsed<S, 'params'>; query: Parsed<S, 'query'>; body: Parsed<S, 'body'> };
/** What a caller of a route sends. */
export type RouteRequest<S> = Given<S, 'params'> & Given<S, 'query'> & Given<S, 'body'>;
/** What a route answers on success. */
export type RouteResult<S> = S extends { response: infer Z extends z.ZodType } ? z.output<Z> : Response;
