import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers and CSRF protection. The session cookie is SameSite=Lax; on top of that every
 * state-changing request that names an Origin must come from our own origin, and browsers that
 * label a request cross-site are refused even without an Origin header.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { appUrl: string; isProduction: boolean; csrfExempt?: string[]; imageOrigins?: string[] }) => {
    const options: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Toast and dialog libraries insert <style> elements at run time; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imageOrigins ?? [])],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: opts.isProduction,
    };
    // The headers never change, so helmet runs once here; @fastify/helmet rebuilt them (and parsed
    // the CSP) on every request, a large share of a cached answer's work under load.
    const headers = securityHeaders(options);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });

    const allowed = new Set([new URL(opts.appUrl).origin]);
    const exempt = opts.csrfExempt ?? [];
    app.addHook('onRequest', async (request) => {
      // Every unsafe method, whatever its path: the router decodes `/%61pi/…` to `/api/…`, so a test on
      // the raw URL let such a request through. Exemptions match the routed path, never the raw URL.
      if (SAFE_METHODS.has(request.method)) return;
      const routed = request.routeOptions.url;
      if (routed && exempt.some((p) => routed.startsWith(p))) return;
      const origin = request.headers.origin;
      const host = request.headers.host;
      if (origin) {
        const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
        if (!allowed.has(origin) && !sameHost) throw new AppError('CSRF', 'Cross-site request refused.');
        return;
      }
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CSRF', 'Cross-site request refused.');
    });
  },
);

/** The headers helmet sets for these options, captured once from its middleware. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error('helmet reported a failure', { cause: failed });
  return headers;
}
