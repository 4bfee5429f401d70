import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, ADMIN_ROLES, MERCHANT_ROLES, type AdminRole, type MerchantRole } from '@localperks/shared';
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
 *
 * Admin and merchant routes also declare `config.roles` (docs/decisions/0062-roles-and-staff.md): which admin
 * roles (owner, support, finance), or which people of a business (its owner, a manager, a redeemer), may call
 * them. The owner is in every list: registration fails without the list, with an unknown role, or without the owner.
 */
export const ACCESS_POLICIES = ['public', 'signed-in', 'customer', 'merchant', 'approved-merchant', 'admin', 'operator'] as const;
export type Access = (typeof ACCESS_POLICIES)[number];
export type AccessRole = AdminRole | MerchantRole;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    roles?: readonly AccessRole[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  /** The admin roles or merchant roles it admits (admin and merchant routes only). */
  roles: readonly AccessRole[];
  /** The statuses its `schema.response` declares (plugins/responses.ts). */
  responses: string[];
}

/** The roles a route of `access` must choose from, or null when it declares none. */
function rolesFor(access: Access): readonly AccessRole[] | null {
  if (access === 'admin') return ADMIN_ROLES;
  if (access === 'merchant' || access === 'approved-merchant') return MERCHANT_ROLES;
  return null;
}

function checkRoles(name: string, access: Access, roles: readonly AccessRole[] | undefined) {
  const allowed = rolesFor(access);
  if (!allowed) {
    if (roles) throw new Error(`Route ${name} is ${access}: it declares no config.roles`);
    return;
  }
  if (!roles?.length) throw new Error(`Route ${name} must declare config.roles (which of ${allowed.join(', ')} may call it)`);
  for (const role of roles) if (!allowed.includes(role)) throw new Error(`Route ${name}: ${role} is not one of ${allowed.join(', ')}`);
  if (!roles.includes('owner')) throw new Error(`Route ${name}: the owner may call every ${access} route (config.roles lacks owner)`);
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
    const name = `${String(route.method)} ${route.url}`;
    if (!access || !ACCESS_POLICIES.includes(access)) {
      throw new Error(`Route ${name} must declare config.access (one of ${ACCESS_POLICIES.join(', ')})`);
    }
    const roles = route.config?.roles;
    checkRoles(name, access, roles);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, access, roles: roles ?? [], responses: Object.keys(route.schema?.response ?? {}) });
    }
  });

  app.addHook('preValidation', async (request) => {
    const { access, roles } = request.routeOptions.config;
    if (!access || access === 'public') return;
    await enforce(app, request, access, roles ?? []);
  });
});

async function enforce(app: FastifyInstance, request: FastifyRequest, access: Access, roles: readonly AccessRole[]) {
  if (access === 'operator') return enforceOperator(app, request);
  const user = request.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (access === 'signed-in') return;
  if (access === 'admin') {
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have admin privileges');
    if (!user.secondFactorPassed) throw new AppError('FORBIDDEN', 'Please enter your 6-digit access code to continue.');
    if (!user.adminRole || !roles.includes(user.adminRole)) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.adminRole(user.adminRole));
    return;
  }
  if (access === 'customer') {
    if (user.role !== 'customer') throw new AppError('FORBIDDEN', 'This is only available to customer accounts.');
    return;
  }
  if (user.role !== 'merchant') throw new AppError('FORBIDDEN', 'This is only available to merchant accounts.');
  if (!user.merchantRole) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.staffRemoved);
  if (!roles.includes(user.merchantRole)) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.merchantRole(user.merchantRole));
  if (access === 'approved-merchant') {
    const [m] = await app.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.userId, user.merchantOwnerId!), eq(merchants.approved, true)));
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
