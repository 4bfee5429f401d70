import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being handled, for log lines written through `app.log` by code a request calls
 * (services, the mailer, work after the response): the logger's mixin adds its `reqId`, so every line
 * of a request can be found by the id the response carries. `request.log` has it already.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** pino `mixin`: the current request's id, unless the logger is already the request's own child. */
export function requestIdMixin(_obj: object, _level: number, logger?: { bindings(): Record<string, unknown> }) {
  const store = requestContext.getStore();
  if (!store || logger?.bindings().reqId) return {};
  return { reqId: store.reqId };
}
