/**
 * The one typed client over fetch: every call to the server goes through it, named by its entry in
 * the route table (core's api.ts), which gives the path, what it takes and what it answers; a change
 * on the server the web app does not follow fails the typecheck. Only the table's types are imported,
 * so no schema reaches the bundle. Errors arrive in the API's one shape and surface as ApiError.
 */
import type { ApiErrorBody, ApiRouteName, ApiRoutes, ErrorCode, RouteRequest, RouteResult } from '@gigreel/core';

/** The server's error codes, and the two the client itself meets: no connection, an answer not in the API's shape. */
export type ApiErrorCode = ErrorCode | 'network' | 'error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A 409: someone else moved first (the thing is no longer where the screen showed it). */
export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409;

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

type Input<K extends ApiRouteName> = RouteRequest<ApiRoutes[K]>;
/** Calls with nothing to send may leave the input out. */
type InputArgs<K extends ApiRouteName> =
  Record<string, never> extends Input<K>
    ? [input?: Input<K>, options?: { signal?: AbortSignal }]
    : [input: Input<K>, options?: { signal?: AbortSignal }];

/** "/api/offers/:id" with { id } -> "/api/offers/<id>", plus the query's defined values. */
export function pathOf(key: ApiRouteName, input: { params?: object; query?: object } = {}): string {
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:([A-Za-z]+)/g, (_, name: string) =>
      encodeURIComponent(String((input.params as Record<string, unknown>)[name])),
    );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Calls the route the table names `key`, e.g. request('POST /api/offers/:id/boost', { params: { id }, body: { active } }). */
export function request<K extends ApiRouteName>(
  key: K,
  ...[input, options]: InputArgs<K>
): Promise<RouteResult<ApiRoutes[K]>> {
  const given = ((input as unknown) ?? {}) as { params?: object; query?: object; body?: unknown };
  return api(pathOf(key, given), { method: key.slice(0, key.indexOf(' ')), body: given.body, signal: options?.signal });
}

/** Sends a route's multipart form with upload progress. */
export function sendForm<K extends ApiRouteName>(
  key: K,
  form: FormData,
  onProgress: (fraction: number) => void,
  params?: object,
): Promise<RouteResult<ApiRoutes[K]>> {
  return upload(pathOf(key, { params }), form, onProgress, key.slice(0, key.indexOf(' ')));
}

async function api<T>(path: string, options: Options = {}): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (options.body instanceof FormData) init.body = options.body;
  else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'You appear to be offline. Check your connection and try again.');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = data as Partial<ApiErrorBody> | undefined;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'error',
      body?.error?.message ?? 'An unexpected error occurred. Please try again.',
      body?.error?.field,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Uploads with progress (fetch cannot report upload progress): the same error shape as api().
 */
function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void, method = 'POST'): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network', 'The upload was interrupted. Check your connection and try again.'));
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const body = data as Partial<ApiErrorBody> | undefined;
      reject(
        new ApiError(
          xhr.status,
          body?.error?.code ?? 'error',
          body?.error?.message ?? 'Failed to upload file',
          body?.error?.field,
        ),
      );
    };
    xhr.send(form);
  });
}
