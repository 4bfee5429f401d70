import type { ApiErrorBody, ErrorCode } from '@localperks/shared';

/** Every failed API call becomes one of these: forms put `fields` on their inputs, the rest is a toast. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * `T` is the route's response type from packages/shared (`z.infer` of the schema the server
 * serialises that answer with: schemas/responses/), never a shape written here. The server sends
 * nothing its schema does not declare, so the body is taken as `T` without parsing it again (zod in
 * the browser would weigh on the first load). This is the one place an answer becomes a type.
 */
async function request<T>(method: string, url: string, body?: unknown, failure = 'Something went wrong. Please try again.'): Promise<T> {
  let res: Response;
  const isForm = body instanceof FormData;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined || isForm ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's own error page): the failure below still becomes an ApiError.
    data = undefined;
  }
  if (!res.ok) {
    const err = (data as ApiErrorBody | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'INTERNAL', err?.message ?? failure, err?.fields);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown = {}) => request<T>('POST', url, body),
  put: <T>(url: string, body: unknown = {}) => request<T>('PUT', url, body),
  patch: <T>(url: string, body: unknown = {}) => request<T>('PATCH', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
  /** A multipart upload (files); `failure` is the message when the server gives none. */
  postForm: <T>(url: string, form: FormData, failure?: string) => request<T>('POST', url, form, failure),
};

export const errorMessage = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
