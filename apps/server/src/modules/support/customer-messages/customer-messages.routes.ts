import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerMessageSentSchema,
  customerMessagesQuerySchema,
  errorResponses,
  inboxMessageSchema,
  inboxPageSchema,
  merchantMessagesTablePageSchema,
  respondCustomerMessageSchema,
  sendCustomerMessageSchema,
  sentMessagesPageSchema,
  sentMessagesQuerySchema,
} from '@localperks/shared';
import { consoleTable } from '../../platform';
import {
  checkInboxAccess,
  listInbox,
  listSentMessages,
  openInboxMessage,
  respondToMessage,
  sendCustomerMessage,
} from './customer-messages.service';
import { merchantMessagesTable } from './messages-table';

export async function customerMessagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customer-messages'];
  const deps = (log: FastifyBaseLogger) => ({ ...app.deps, log });
  const params = z.object({ id: z.uuid() });

  r.post(
    '/api/customer-messages',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'A customer writes to the merchant of a deal, of one of their purchases, or from a business page (rate-limited)',
        body: sendCustomerMessageSchema,
        response: { 201: customerMessageSentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await sendCustomerMessage(deps(request.log), { id: request.user!.id, name: request.user!.name }, request.body);
      reply.code(201);
      return created;
    },
  );

  r.get(
    '/api/customer-messages',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'The signed-in customer’s messages to merchants, with replies (a page)',
        querystring: sentMessagesQuerySchema,
        response: { 200: sentMessagesPageSchema, ...errorResponses },
      },
    },
    async (request) => listSentMessages(app.deps, request.user!.id, request.query.page),
  );

  r.get(
    '/api/merchant/customer-messages',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The merchant’s Customer Messages inbox (messaging access only), with counts by status',
        querystring: customerMessagesQuerySchema,
        response: { 200: inboxPageSchema, ...errorResponses },
      },
    },
    async (request) => listInbox(app.deps, request.user!.merchantOwnerId!, request.query),
  );

  r.post(
    '/api/merchant/customer-messages/:id/read',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Open a message: marks it read when it was unread',
        params,
        response: { 200: inboxMessageSchema, ...errorResponses },
      },
    },
    async (request) => openInboxMessage(app.deps, request.user!.merchantOwnerId!, request.params.id),
  );

  r.post(
    '/api/merchant/customer-messages/:id/response',
    {
      config: { access: 'approved-merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Respond to a customer message (once); the customer is e-mailed',
        params,
        body: respondCustomerMessageSchema,
        response: { 200: inboxMessageSchema, ...errorResponses },
      },
    },
    async (request) => respondToMessage(deps(request.log), request.user!.merchantOwnerId!, request.params.id, request.body.response),
  );

  // The inbox as a console table (issue 32): with messaging access only, like the inbox itself.
  consoleTable(app, {
    path: '/api/merchant/tables/messages',
    definition: async (request) => {
      await checkInboxAccess(app.deps, request.user!.merchantOwnerId!);
      return merchantMessagesTable;
    },
    access: 'approved-merchant',
    roles: ['owner', 'manager'],
    pageSchema: merchantMessagesTablePageSchema,
    what: 'Customer messages',
  });
}
