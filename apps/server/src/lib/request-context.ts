import { AsyncLocalStorage } from 'node:async_hooks';
import { traceIdsForLog } from '../ops/trace-context';

/**
 * The request being handled, for log lines written through `app.log` by code a request calls
 * (services, the mailer, work after the response): the logger's mixin adds its `reqId`, so every line
 * of a request can be found by the id the response carries. `request.log` has it already.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * pino `mixin`: the current request's id, unless the logger is already the request's own child, and with
 * tracing on the current trace's `trace_id` and `span_id` (ops/trace-context.ts), so a log line leads to its trace.
 */
export function requestIdMixin(_obj: object, _level: number, logger?: { bindings(): Record<string, unknown> }) {
  const store = requestContext.getStore();
  const ids = traceIdsForLog();
  if (!store || logger?.bindings().reqId) return ids;
  return { reqId: store.reqId, ...ids };
}
