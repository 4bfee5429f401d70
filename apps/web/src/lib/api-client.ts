import type { ApiBody, ApiErrorBody, ApiParams, ApiPath, ApiQuery, ApiResponse, ApiRoute, ErrorCode } from '@localperks/shared';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The paths of one method's routes in the API contract (packages/shared/src/api/contract.ts). */
type PathOf<M extends Method> = ApiPath<Extract<ApiRoute, `${M} ${string}`>>;
type RouteOf<M extends Method, P extends string> = Extract<ApiRoute, `${M} ${P}`>;

type ParamsPart<K extends ApiRoute> = [keyof ApiParams<K>] extends [never] ? { params?: undefined } : { params: ApiParams<K> };
type BodyPart<K extends ApiRoute> = [ApiBody<K>] extends [never] ? { body?: undefined } : { body: ApiBody<K> };
type QueryPart<K extends ApiRoute> = [ApiQuery<K>] extends [never] ? { query?: undefined } : { query?: ApiQuery<K> | URLSearchParams };
/** What a call of route K takes: its path parameters, body and query, each only where the route has them. */
export type CallInput<K extends ApiRoute> = ParamsPart<K> & BodyPart<K> & QueryPart<K>;
/** The input may be left out when the route needs nothing. */
type CallArgs<K extends ApiRoute> = [keyof ApiParams<K> | ([ApiBody<K>] extends [never] ? never : 'body')] extends [never]
  ? [input?: CallInput<K>]
  : [input: CallInput<K>];

/** A call's query parameters as sent: unset ones left out, the others as text. */
export const queryParams = (query: object | undefined): URLSearchParams =>
  query instanceof URLSearchParams
    ? query
    : new URLSearchParams(
        Object.entries(query ?? {})
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)]),
      );

/** The address of a call: the route's path with its parameters filled in (encoded), and its query. */
function addressOf(path: string, input: { params?: Record<string, string>; query?: object } = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const qs = queryParams(input.query).toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * The answer's type is the route's in the API contract (`z.output` of the schema the server serialises
 * that answer with), never a type written at the call site. The server sends nothing its schema does
 * not declare, so the body is taken as that type without parsing it again (zod in the browser would
 * weigh on the first load; only the contract's types reach the browser, not its schemas).
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
  // The one place an answer becomes a type: the contract's type of this route.
  return data as T;
}

/** A call as the API contract names it: its route's method and path, and what it was given. */
export interface ApiCall {
  method: Method;
  path: string;
  input: { params?: Record<string, string>; query?: object; body?: unknown } | undefined;
}

/**
 * Who answers the calls instead of the network: the server render answers its pages' queries with the
 * server's own services (entry-server.tsx); the browser has none.
 */
let answerer: ((call: ApiCall) => Promise<unknown>) | null = null;
export function answerCallsWith(answer: (call: ApiCall) => Promise<unknown>) {
  answerer = answer;
}

const call =
  <M extends Method>(method: M) =>
  <P extends PathOf<M>>(path: P, ...[input]: CallArgs<RouteOf<M, P>>): Promise<ApiResponse<RouteOf<M, P>>> => {
    const given = input as ApiCall['input'];
    // The one other place an answer becomes the route's type: the server's own answer for that route.
    if (answerer) return answerer({ method, path, input: given }) as Promise<ApiResponse<RouteOf<M, P>>>;
    // A POST without a body sends `{}`, as every such route expects a JSON object or nothing.
    const body = method === 'GET' || method === 'DELETE' ? undefined : (given?.body ?? {});
    return request(method, addressOf(path, given), body);
  };

/** Calls of the API by route: `api.get('/api/deals/:id', { params: { id } })`. */
export const api = {
  get: call('GET'),
  post: call('POST'),
  put: call('PUT'),
  patch: call('PATCH'),
  delete: call('DELETE'),
  /** A multipart upload (files) to a POST route; `failure` is the message when the server gives none. */
  postForm: <P extends PathOf<'POST'>>(path: P, form: FormData, failure?: string): Promise<ApiResponse<RouteOf<'POST', P>>> =>
    request('POST', addressOf(path), form, failure),
};

export const errorMessage = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
