/**
 * The server's entry point (dist/server.js once built). Tracing (ops/tracing.ts, docs/decisions/0045-tracing.md)
 * has to be set up before the server's modules load, since it instruments them as they load; so it comes first,
 * and only when OTEL_EXPORTER_OTLP_ENDPOINT is set (otherwise nothing of it is loaded). Then the server itself
 * (server.ts, dist/main.js). The paths are computed, so the bundler leaves both as separate files.
 */
const built = import.meta.url.endsWith('.js');
const sibling = (source: string, bundle: string) => new URL(built ? bundle : source, import.meta.url).href;
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import(sibling('./ops/tracing.ts', './tracing.js'));
await import(sibling('./server.ts', './main.js'));
