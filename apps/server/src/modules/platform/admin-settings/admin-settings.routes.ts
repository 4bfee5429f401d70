import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAccountsSchema,
  adminCreatedSchema,
  adminPageQuerySchema,
  auditPageSchema,
  createAdminSchema,
  errorResponses,
} from '@localperks/shared';
import { createAdmin, listAdmins, listAudit } from './admin-settings.service';

export async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/admins',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The admin accounts', response: { 200: adminAccountsSchema, ...errorResponses } },
    },
    async () => listAdmins(app.deps),
  );

  r.post(
    '/api/admin/admins',
    {
      config: { access: 'admin' },
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

  r.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The audit trail of admin actions, newest first (25 a page)',
        querystring: adminPageQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses },
      },
    },
    async (request) => listAudit(app.deps, request.query.page),
  );
}
