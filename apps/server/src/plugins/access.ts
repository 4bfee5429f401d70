import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { merchants } from '../db/schema';
import { AppError } from '../lib/errors';
import { sha256 } from '../lib/crypto';
import { isLoopbackRequest } from '../lib/loopback';

/**
 * Who may call a route. Every route declares one in `config.access`; registration fails without it.
 * - public: anyone
 * - signed-in: any account
 * - customer / merchant: that role
 * - approved-merchant: a merchant whose business an admin approved
 * - admin: an admin whose session passed the 6-digit code step (docs/product/design.md §9)
 * - operator: the monitoring system (/metrics): `Authorization: Bearer METRICS_TOKEN`; outside
 *   production also any client on this machine. In production without METRICS_TOKEN the route answers
 *   404, as if it did not exist (docs/decisions/0011-operations.md).
 */
export const ACCESS_POLICIES = ['public', 'signed-in', 'customer', 'merchant', 'approved-merchant', 'admin', 'operator'] as const;
export type Access = (typeof ACCESS_POLICIES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  /** The statuses its `schema.response` declares (plugins/responses.ts). */
  responses: string[];
}

/** Routes registered by third-party plugins that serve only public documents. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

export const accessPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: Access };
    if (!config.access && PLUGIN_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      route.config = { ...config, access: 'public' };
    }
    const access = route.config?.access;
    if (!access || !ACCESS_POLICIES.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access (one of ${ACCESS_POLICIES.join(', ')})`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, responses: Object.keys(route.schema?.response ?? {}) });
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    await enforce(app, request, access);
  });
});

async function enforce(app: FastifyInstance, request: FastifyRequest, access: Access) {
  if (access === 'operator') return enforceOperator(app, request);
  const user = request.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (access === 'signed-in') return;
  if (access === 'admin') {
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have admin privileges');
    if (!user.secondFactorPassed) throw new AppError('FORBIDDEN', 'Please enter your 6-digit access code to continue.');
    return;
  }
  if (access === 'customer') {
    if (user.role !== 'customer') throw new AppError('FORBIDDEN', 'This is only available to customer accounts.');
    return;
  }
  if (user.role !== 'merchant') throw new AppError('FORBIDDEN', 'This is only available to merchant accounts.');
  if (access === 'approved-merchant') {
    const [m] = await app.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.userId, user.id), eq(merchants.approved, true)));
    if (!m) throw new AppError('FORBIDDEN', 'Your business must be approved by an admin first.');
  }
}

function enforceOperator(app: FastifyInstance, request: FastifyRequest) {
  const token = app.config.METRICS_TOKEN;
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  // Compared as digests: same length, constant time.
  if (token && given && timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(token), 'hex'))) return;
  if (!app.config.isProduction && isLoopbackRequest(request)) return;
  if (!token) throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
  throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required.', undefined, { 'www-authenticate': 'Bearer' });
}
