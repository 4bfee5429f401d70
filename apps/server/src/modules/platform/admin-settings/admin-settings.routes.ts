import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAccountsSchema,
  adminCreatedSchema,
  auditPageSchema,
  auditQuerySchema,
  createAdminSchema,
  errorResponses,
  updateAdminRoleSchema,
} from '@localperks/shared';
import { createAdmin, listAdmins, listAudit, setAdminActive, setAdminRole } from './admin-settings.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/admins',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: { tags, summary: 'The admin accounts', response: { 200: adminAccountsSchema, ...errorResponses } },
    },
    async () => listAdmins(app.deps),
  );

  r.post(
    '/api/admin/admins',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Create another admin account (audited as admin.created)',
        body: createAdminSchema,
        response: { 201: adminCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await createAdmin({ ...app.deps, log: request.log }, request.user!, request.body);
      reply.code(201);
      return result;
    },
  );

  r.patch(
    '/api/admin/admins/:id',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Change another admin’s role (audited as admin.role_changed); the platform keeps one active owner',
        params: idParams,
        body: updateAdminRoleSchema,
        response: { 200: adminCreatedSchema, ...errorResponses },
      },
    },
    async (request) => setAdminRole(app.deps, request.user!, request.params.id, request.body.role),
  );

  r.post(
    '/api/admin/admins/:id/deactivate',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Deactivate another admin: no sign-in, and its sessions end at once (audited as admin.deactivated)',
        params: idParams,
        response: { 200: adminCreatedSchema, ...errorResponses },
      },
    },
    async (request) => setAdminActive(app.deps, request.user!, request.params.id, false),
  );

  r.post(
    '/api/admin/admins/:id/reactivate',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Let a deactivated admin sign in again (audited as admin.reactivated)',
        params: idParams,
        response: { 200: adminCreatedSchema, ...errorResponses },
      },
    },
    async (request) => setAdminActive(app.deps, request.user!, request.params.id, true),
  );

  r.get(
    '/api/admin/audit',
    {
      config: { access: 'admin', roles: ['owner'] },
      schema: {
        tags,
        summary: 'The audit trail, newest first (25 a page), searched by actor, target, action and date',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses },
      },
    },
    async (request) => listAudit(app.deps, request.query),
  );
}
