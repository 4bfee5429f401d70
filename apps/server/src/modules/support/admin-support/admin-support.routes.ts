import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTicketsPageSchema,
  adminTicketsQuerySchema,
  assignTicketSchema,
  errorResponses,
  supportReplySchema,
  ticketAssigneesSchema,
  ticketNoteSchema,
  ticketStatusSchema,
  ticketThreadSchema,
  ticketUpdatedSchema,
} from '@localperks/shared';
import {
  addTicketNote,
  assignTicket,
  getTicket,
  listAssignees,
  listTickets,
  replyToTicket,
  setTicketStatus,
} from './admin-support.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export async function adminSupportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/support/tickets',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags,
        summary: 'Support tickets, newest first (20 a page): everyone’s, mine or unassigned, of one status or all',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsPageSchema, ...errorResponses },
      },
    },
    async (request) => listTickets(app.deps, request.user!.id, request.query),
  );

  r.get(
    '/api/admin/support/assignees',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags,
        summary: 'Who tickets can be assigned to: active owners and support admins',
        response: { 200: ticketAssigneesSchema, ...errorResponses },
      },
    },
    async () => listAssignees(app.deps),
  );

  r.put(
    '/api/admin/support/tickets/:id/assignee',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags,
        summary: 'Assign a ticket to an admin who works tickets, or to nobody (audited as ticket.assigned)',
        params: idParams,
        body: assignTicketSchema,
        response: { 200: ticketUpdatedSchema, ...errorResponses },
      },
    },
    async (request) => assignTicket(app.deps, request.user!.id, request.params.id, request.body.adminId),
  );

  r.post(
    '/api/admin/support/tickets/:id/notes',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags,
        summary: 'Add an internal note: admins only, never shown or mailed to the customer',
        params: idParams,
        body: ticketNoteSchema,
        response: { 201: ticketThreadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await addTicketNote(app.deps, request.user!.id, request.params.id, request.body.note);
      reply.code(201);
      return result;
    },
  );

  r.get(
    '/api/admin/support/tickets/:id',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: { tags, summary: 'One ticket with its thread', params: idParams, response: { 200: ticketThreadSchema, ...errorResponses } },
    },
    async (request) => getTicket(app.deps, request.params.id),
  );

  r.patch(
    '/api/admin/support/tickets/:id/status',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags,
        summary: 'Set a ticket’s status (open, pending on the customer, in_progress, resolved, closed)',
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
      config: { access: 'admin', roles: ['owner', 'support'] },
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
