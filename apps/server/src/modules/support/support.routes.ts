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
import { consumeRateLimit } from '../../lib/rate-limit';
import { publishMessageEvent } from '../../lib/events';
import { addMyMessage, getMyTicket, listMyTickets, openMyTicket } from './support.service';
import { feedback, supportMessages, supportTickets } from '../../db/schema';
import { composeMail } from '../../mail/mailer';

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
      await app.db
        .insert(feedback)
        .values({ userId: request.user?.id ?? null, message: request.body.message, page: request.body.page ?? null });
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
      const { name, email, subject, message } = request.body;
      const ticket = await app.db.transaction(async (tx) => {
        const [t] = await tx
          .insert(supportTickets)
          .values({ customerId: request.user?.id ?? null, name, email, subject })
          .returning();
        await tx
          .insert(supportMessages)
          .values({ ticketId: t!.id, senderType: 'customer', senderId: request.user?.id ?? null, subject, message });
        await publishMessageEvent(tx, { type: 'support_ticket', ticketId: t!.id, customerId: t!.customerId });
        return t!;
      });
      await app.mailer.send({
        to: email,
        kind: 'support_ticket_received',
        subject: `We received your message: ${subject}`,
        ...composeMail({
          heading: 'Thanks for contacting LocalPerks',
          paragraphs: [
            `Hi ${name}, we received your message "${subject}" and will reply within one business day.`,
            `Your ticket number is ${ticket.id.slice(0, 8).toUpperCase()}.`,
          ],
        }),
      });
      reply.code(201);
      return { ticket: { id: ticket.id, status: ticket.status } };
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
    async (request) => listMyTickets(app.db, request.user!, request.query.page),
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
    async (request) => getMyTicket(app.db, request.user!, request.params.id),
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
      return openMyTicket(app.db, request.user!, request.body);
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
      return addMyMessage(app.db, request.user!, request.params.id, request.body.message);
    },
  );
}
