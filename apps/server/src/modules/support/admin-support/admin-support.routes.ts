import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPageQuerySchema,
  adminTicketsPageSchema,
  errorResponses,
  supportReplySchema,
  ticketStatusSchema,
  ticketThreadSchema,
  ticketUpdatedSchema,
} from '@localperks/shared';
import { getTicket, listTickets, replyToTicket, setTicketStatus } from './admin-support.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export async function adminSupportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/support/tickets',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Support tickets, newest first (20 a page)',
        querystring: adminPageQuerySchema,
        response: { 200: adminTicketsPageSchema, ...errorResponses },
      },
    },
    async (request) => listTickets(app.deps, request.query.page),
  );

  r.get(
    '/api/admin/support/tickets/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'One ticket with its thread', params: idParams, response: { 200: ticketThreadSchema, ...errorResponses } },
    },
    async (request) => getTicket(app.deps, request.params.id),
  );

  r.patch(
    '/api/admin/support/tickets/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set a ticket’s status (open, in_progress, resolved, closed)',
        params: idParams,
        body: ticketStatusSchema,
        response: { 200: ticketUpdatedSchema, ...errorResponses },
      },
    },
    async (request) => setTicketStatus(app.deps, request.user!.id, request.params.id, request.body.status),
  );

  r.post(
    '/api/admin/support/tickets/:id/replies',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reply to the customer: stored in the thread and e-mailed',
        params: idParams,
        body: supportReplySchema,
        response: { 201: ticketThreadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await replyToTicket({ ...app.deps, log: request.log }, request.user!.id, request.params.id, request.body);
      reply.code(201);
      return result;
    },
  );
}
