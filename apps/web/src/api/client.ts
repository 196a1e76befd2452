/**
 * The one typed client over fetch: every call to the server goes through it. Errors arrive in the
 * API's one shape and surface as ApiError with the user-facing message.
 */
import type { ApiErrorBody } from '@gigreel/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), credentials: 'same-origin', signal: options.signal };
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
    throw new ApiError(response.status, body?.error?.code ?? 'error', body?.error?.message ?? 'An unexpected error occurred. Please try again.', body?.error?.field);
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
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void, method = 'POST'): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload was interrupted. Check your connection and try again.'));
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const body = data as Partial<ApiErrorBody> | undefined;
      reject(new ApiError(xhr.status, body?.error?.code ?? 'error', body?.error?.message ?? 'Failed to upload file', body?.error?.field));
    };
    xhr.send(form);
  });
}
