import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMerchantRequestsPageSchema,
  adminRegistrationThreadSchema,
  adminRequestsQuerySchema,
  approveMerchantSchema,
  approveResultSchema,
  errorResponses,
  markedReadSchema,
  registrationMessageSchema,
  registrationThreadMessageSchema,
  rejectMerchantSchema,
  rejectResultSchema,
  resetResultSchema,
} from '@localperks/shared';
import {
  approveMerchantRequest,
  listMerchantRequests,
  markMerchantMessagesRead,
  registrationThread,
  rejectMerchantRequest,
  resetMerchantRequest,
  sendAdminMessage,
} from './admin-merchants.service';

/** Admin dashboard, Merchant Approval tab (docs/product/merchant-admin-spec.md §2, §4, §7): admins only. */
export async function adminMerchantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'admin' as const, roles: ['owner'] as const };
  const params = z.object({ id: z.uuid() });
  const deps = (log: FastifyBaseLogger) => ({ ...app.deps, log });

  r.get(
    '/api/admin/merchant-requests',
    {
      config,
      schema: {
        tags,
        summary:
          'Registration requests of one card: pending (ready for review), awaiting the merchant’s response, or the 10 latest processed',
        querystring: adminRequestsQuerySchema,
        response: { 200: adminMerchantRequestsPageSchema, ...errorResponses },
      },
    },
    async (request) => listMerchantRequests(app.deps, request.query.section, request.query.page),
  );

  r.post(
    '/api/admin/merchant-requests/:id/approve',
    {
      config,
      schema: {
        tags,
        summary:
          'Approve a pending request: merchant approved with the plan’s commission (409 if no longer pending, or if the merchant’s e-mail is unverified without confirmUnverified: true)',
        params,
        body: approveMerchantSchema,
        response: { 200: approveResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      approveMerchantRequest(deps(request.log), request.user!.id, request.params.id, {
        confirmUnverified: request.body?.confirmUnverified,
      }),
  );

  r.post(
    '/api/admin/merchant-requests/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: 'Reject with a reason: stays pending, waits for the merchant’s response, rejection notice in the thread',
        params,
        body: rejectMerchantSchema,
        response: { 200: rejectResultSchema, ...errorResponses },
      },
    },
    async (request) => rejectMerchantRequest(deps(request.log), request.user!.id, request.params.id, request.body.reason),
  );

  r.post(
    '/api/admin/merchant-requests/:id/reset',
    {
      config,
      schema: {
        tags,
        summary: 'Reset to Review: the request no longer waits for the merchant',
        params,
        response: { 200: resetResultSchema, ...errorResponses },
      },
    },
    async (request) => resetMerchantRequest(app.deps, request.user!.id, request.params.id),
  );

  r.get(
    '/api/admin/merchant-requests/:id/messages',
    {
      config,
      schema: {
        tags,
        summary: 'The admin–merchant thread of a request, oldest first (unread merchant messages flagged)',
        params,
        response: { 200: adminRegistrationThreadSchema, ...errorResponses },
      },
    },
    async (request) => registrationThread(app.deps, request.params.id),
  );

  r.post(
    '/api/admin/merchant-requests/:id/messages/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark the merchant’s messages in the thread as read by the admins',
        params,
        response: { 200: markedReadSchema, ...errorResponses },
      },
    },
    async (request) => markMerchantMessagesRead(app.deps, request.params.id),
  );

  r.post(
    '/api/admin/merchant-requests/:id/messages',
    {
      config,
      schema: {
        tags,
        summary: 'Send an admin message into the thread (trimmed, not blank); the merchant is e-mailed',
        params,
        body: registrationMessageSchema,
        response: { 201: registrationThreadMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const message = await sendAdminMessage(deps(request.log), request.user!.id, request.params.id, request.body.message);
      reply.code(201);
      return message;
    },
  );
}
