/**
 * OpenTelemetry traces (docs/decisions/0045-tracing.md), started by the entry point (entry.ts) before the
 * server's modules load, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise this module is never
 * imported and nothing of the SDK is loaded. Spans go out by OTLP (the standard OTEL_* variables apply:
 * OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER…) from:
 *
 * - HTTP (node:http server and client: each request, Stripe and S3 calls),
 * - Fastify (@fastify/otel: the route, its hooks and handler),
 * - pg (every SQL statement on PostgreSQL),
 * - undici (fetch),
 * - and the server's own spans (ops/trace-context.ts): jobs, fulfilment, mail.
 */
import { register } from 'node:module';

// ES modules are instrumented through import-in-the-middle's loader hook, registered before they load.
register('import-in-the-middle/hook.mjs', import.meta.url);

const { NodeSDK } = await import('@opentelemetry/sdk-node');
const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
const { UndiciInstrumentation } = await import('@opentelemetry/instrumentation-undici');
const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');

/** Probes and long-lived streams are not worth a trace each. */
const UNTRACED = /^\/(api\/(health|ready|events)|metrics)(\/|\?|$)/;

// Traces only: metrics stay with Prometheus (/metrics), logs with stdout.
process.env.OTEL_METRICS_EXPORTER ??= 'none';
process.env.OTEL_LOGS_EXPORTER ??= 'none';
process.env.OTEL_SERVICE_NAME ??= 'localperks';

const sdk = new NodeSDK({
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? '') }),
    // The request and its handler; each hook as a span of its own would be ten spans a request, mostly empty.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      instrumentHooks: false,
      ignorePaths: (options) => UNTRACED.test(options.url),
    }),
    new PgInstrumentation(),
    new UndiciInstrumentation(),
  ],
});
sdk.start();
