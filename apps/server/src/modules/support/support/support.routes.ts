import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPageQuerySchema,
  contactSchema,
  contactTicketOpenedSchema,
  errorResponses,
  feedbackSchema,
  myTicketsPageSchema,
  myTicketThreadSchema,
  newTicketSchema,
  okSchema,
  ticketMessageSchema,
  HOUR_MS,
} from '@localperks/shared';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { addMyMessage, getMyTicket, listMyTickets, openContactTicket, openMyTicket, storeFeedback } from './support.service';

export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];

  r.post(
    '/api/feedback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Store feedback from the floating button',
        body: feedbackSchema,
        response: { 201: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(
        app.db,
        `feedback:ip:${request.ip}`,
        { max: 20, windowMs: HOUR_MS },
        'Too much feedback sent from your network. Please try again later.',
        app.deps.clock.now(),
      );
      await storeFeedback(app.deps, request.user?.id ?? null, request.body);
      reply.code(201);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/support/tickets',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open a support ticket from the contact form',
        body: contactSchema,
        response: { 201: contactTicketOpenedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(
        app.db,
        `contact:ip:${request.ip}`,
        { max: 10, windowMs: HOUR_MS },
        'Too many messages sent from your network. Please try again later.',
        app.deps.clock.now(),
      );
      const opened = await openContactTicket(app.deps, request.user?.id ?? null, request.body);
      reply.code(201);
      return opened;
    },
  );

  // The signed-in user's own tickets: the Support tab of the account page.
  const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
  r.get(
    '/api/support/my-tickets',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The caller’s support tickets, latest activity first (10 a page)',
        querystring: adminPageQuerySchema,
        response: { 200: myTicketsPageSchema, ...errorResponses },
      },
    },
    async (request) => listMyTickets(app.deps, request.user!, request.query.page),
  );
  r.get(
    '/api/support/my-tickets/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'One of the caller’s tickets with its thread',
        params: idParams,
        response: { 200: myTicketThreadSchema, ...errorResponses },
      },
    },
    async (request) => getMyTicket(app.deps, request.user!, request.params.id),
  );
  r.post(
    '/api/support/my-tickets',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Open a ticket from the account page',
        body: newTicketSchema,
        response: { 201: myTicketThreadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(
        app.db,
        `contact:user:${request.user!.id}`,
        { max: 10, windowMs: HOUR_MS },
        'Too many messages sent. Please try again later.',
        app.deps.clock.now(),
      );
      reply.code(201);
      return openMyTicket(app.deps, request.user!, request.body);
    },
  );
  r.post(
    '/api/support/my-tickets/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Add a message to one of the caller’s tickets',
        params: idParams,
        body: ticketMessageSchema,
        response: { 201: myTicketThreadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(
        app.db,
        `support-reply:user:${request.user!.id}`,
        { max: 30, windowMs: HOUR_MS },
        'Too many messages sent. Please try again later.',
        app.deps.clock.now(),
      );
      reply.code(201);
      return addMyMessage(app.deps, request.user!, request.params.id, request.body.message);
    },
  );
}
