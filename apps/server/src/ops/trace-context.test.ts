import fs from 'node:fs';
import path from 'node:path';
import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { traceCarrier, traceIdsForLog, untraced, withJobSpan, withSpan } from './trace-context';

/**
 * Tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset, as in this test run): nothing of the SDK is loaded, no tracer
 * is registered, and the server's span helpers only call the work through (docs/decisions/0045-tracing.md).
 * The other side, a trace exported over OTLP, is test/ops/tracing.pg.test.ts.
 */
describe('tracing off', () => {
  it('registers nothing and adds nothing: no span, no trace context in job data, no ids in log lines', async () => {
    expect(process.env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    const seen: unknown[] = [];
    expect(await withSpan('x', {}, async () => (seen.push(trace.getActiveSpan()), 1))).toBe(1);
    expect(
      await withJobSpan(
        'job',
        'id',
        { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
        async () => (seen.push(trace.getActiveSpan()), 2),
      ),
    ).toBe(2);
    expect(await untraced(async () => 3)).toBe(3);
    expect(seen).toEqual([undefined, undefined]);
    expect(traceCarrier()).toEqual({});
    expect(traceIdsForLog()).toEqual({});
    // No SDK registered a tracer provider: the API's global one is its no-op proxy.
    expect(trace.getTracerProvider().constructor.name).toBe('ProxyTracerProvider');
    expect(
      (trace.getTracerProvider() as unknown as { getDelegate(): { constructor: { name: string } } }).getDelegate().constructor.name,
    ).toBe('NoopTracerProvider');
  });

  it('loads the SDK only from the entry point, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
    const src = path.join(import.meta.dirname, '..');
    const entry = fs.readFileSync(path.join(src, 'entry.ts'), 'utf8');
    expect(entry).toMatch(/if \(process\.env\.OTEL_EXPORTER_OTLP_ENDPOINT\) await import\(sibling\('\.\/ops\/tracing\.ts'/);
    // Nothing else imports the SDK or the instrumentations: the server's code uses the API alone.
    const offenders = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== path.join('ops', 'tracing.ts'))
      .filter((f) => /@opentelemetry\/(sdk-|instrumentation)|@fastify\/otel/.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
