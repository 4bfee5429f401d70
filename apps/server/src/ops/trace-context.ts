/**
 * What the server's own code does for traces (docs/decisions/0045-tracing.md). With tracing off
 * (OTEL_EXPORTER_OTLP_ENDPOINT unset) not even the OpenTelemetry API is loaded: every helper calls its work
 * straight through. With it on, ops/tracing.ts has started the SDK before this module loads, and the helpers
 * go through the API (the SDK's global tracer, context manager and propagator).
 */
import type { Attributes, Context, SpanKind } from '@opentelemetry/api';

/** Read once: tracing is on for the life of the process when ops/tracing.ts started it (same variable). */
const otel = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? { api: await import('@opentelemetry/api'), core: await import('@opentelemetry/core') }
  : null;
const tracer = otel?.api.trace.getTracer('localperks');

/** Runs `work` in a span of its own (a child of the current one), ended with the work's outcome. */
export function withSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, kind?: SpanKind): Promise<T> {
  if (!otel || !tracer) return work();
  const { SpanStatusCode } = otel.api;
  return tracer.startActiveSpan(name, { attributes, kind }, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The current trace context as W3C headers (`traceparent`), to carry in a job's data or a request; empty when off. */
export function traceCarrier(): Record<string, string> {
  const carrier: Record<string, string> = {};
  if (otel) otel.api.propagation.inject(otel.api.context.active(), carrier);
  return carrier;
}

/**
 * Runs a job's work in a span of its own: a child of the context its data carries (the request that enqueued
 * it), or a trace of its own for a scheduled run. It starts from the root context, not the queue's (whose own
 * polling is not traced), so the job's SQL and calls are traced under it.
 */
export function withJobSpan<T>(
  job: string,
  runId: string,
  carrier: Record<string, string> | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!otel) return work();
  const { context, propagation, ROOT_CONTEXT, SpanKind: kinds } = otel.api;
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  return context.with(parent, () => withSpan(`job ${job}`, { 'job.name': job, 'job.id': runId }, work, kinds.CONSUMER));
}

/**
 * A request the server sends itself (the sandbox's webhook, through Fastify's inject), with the trace context
 * in its headers as a real HTTP call carries it. The Fastify instrumentation writes the inner request's route
 * onto the HTTP metadata it finds, the sender's: it is put back once the inner request is answered.
 */
export async function asOwnRequest<T>(headers: Record<string, string>, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  if (!otel) return send(headers);
  const outer = otel.core.getRPCMetadata(otel.api.context.active());
  const route = outer?.route;
  try {
    return await send({ ...headers, ...traceCarrier() });
  } finally {
    if (outer) outer.route = route;
  }
}

/** Runs `work` without tracing it: the job queue's own polling, which would otherwise be a trace every few seconds. */
export function untraced<T>(work: () => Promise<T>): Promise<T> {
  if (!otel) return work();
  return otel.api.context.with(otel.core.suppressTracing(otel.api.context.active()), work);
}

/** The current span's ids for a log line (pino mixin): `trace_id` and `span_id`, none when off or outside a span. */
export function traceIdsForLog(active?: Context): { trace_id?: string; span_id?: string } {
  if (!otel) return {};
  const span = otel.api.trace.getSpan(active ?? otel.api.context.active())?.spanContext();
  if (!span || !otel.api.trace.isSpanContextValid(span)) return {};
  return { trace_id: span.traceId, span_id: span.spanId };
}
