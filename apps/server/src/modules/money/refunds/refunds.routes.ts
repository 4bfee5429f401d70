import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDirectRefundSchema,
  adminPurchaseLookupQuerySchema,
  adminPurchaseLookupSchema,
  adminRefundDecisionSchema,
  adminRefundRequestsPageSchema,
  adminRefundsQuerySchema,
  createRefundRequestSchema,
  customerRefundRequestSchema,
  errorResponses,
  merchantRefundAnswerSchema,
  merchantRefundRequestsSchema,
  merchantRefundRequestsTablePageSchema,
  refundDecisionResultSchema,
  refundReconciliationSchema,
} from '@localperks/shared';
import {
  adminDecideRefund,
  adminRefundPurchase,
  listAdminRefundRequests,
  listMerchantRefundRequests,
  lookupPurchasesForAdmin,
  merchantAcceptRefund,
  merchantAnswerRefund,
  refundReconciliation,
  requestRefund,
} from './refunds.service';
import { consoleTable } from '../../platform';
import { merchantRefundRequestsTable } from './refund-requests-table';

const idParams = z.object({ id: z.uuid() });

/** Refunds under the Merchant Refund Policy (docs/decisions/0019-refund-flow.md): customer, merchant and admin. */
export async function refundsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['refunds'];
  const deps = (log: FastifyBaseLogger) => ({ ...app.deps, log });

  r.post(
    '/api/purchases/:id/refund-request',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Ask for a refund of one of your own unredeemed, unexpired vouchers (another customer’s is a 404)',
        params: idParams,
        body: createRefundRequestSchema,
        response: { 200: customerRefundRequestSchema, ...errorResponses },
      },
    },
    async (request) => requestRefund(deps(request.log), request.user!.id, request.params.id, request.body),
  );

  r.get(
    '/api/merchant/refund-requests',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The merchant’s refund requests: open ones by deadline, then the latest decided',
        response: { 200: merchantRefundRequestsSchema, ...errorResponses },
      },
    },
    async (request) => listMerchantRefundRequests(app.deps, request.user!.merchantOwnerId!),
  );

  // The requests as a console table (issue 32): the Refund requests section's list, each open one's actions in its row.
  consoleTable(app, {
    path: '/api/merchant/tables/refund-requests',
    definition: merchantRefundRequestsTable,
    access: 'merchant',
    roles: ['owner', 'manager'],
    pageSchema: merchantRefundRequestsTablePageSchema,
    what: 'The business’s refund requests',
  });

  r.post(
    '/api/merchant/refund-requests/:id/accept',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Accept a refund request of your own voucher: the voucher is refunded (another merchant’s is a 404)',
        params: idParams,
        response: { 200: refundDecisionResultSchema, ...errorResponses },
      },
    },
    async (request) => merchantAcceptRefund(deps(request.log), request.user!.merchantOwnerId!, request.params.id, request.user!.id),
  );

  r.post(
    '/api/merchant/refund-requests/:id/answer',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Answer a refund request with a message for the admins, who decide',
        params: idParams,
        body: merchantRefundAnswerSchema,
        response: { 200: refundDecisionResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      merchantAnswerRefund(deps(request.log), request.user!.merchantOwnerId!, request.params.id, request.body.message, request.user!.id),
  );

  r.get(
    '/api/admin/refund-requests',
    {
      config: { access: 'admin', roles: ['owner', 'support', 'finance'] },
      schema: {
        tags,
        summary: 'The Refunds queue, filtered by state (open by default)',
        querystring: adminRefundsQuerySchema,
        response: { 200: adminRefundRequestsPageSchema, ...errorResponses },
      },
    },
    async (request) => listAdminRefundRequests(app.deps, request.query.status, request.query.page),
  );

  r.post(
    '/api/admin/refund-requests/:id/decision',
    {
      config: { access: 'admin', roles: ['owner', 'support', 'finance'] },
      schema: {
        tags,
        summary: 'Refund or decline a request, with the decision text (required)',
        params: idParams,
        body: adminRefundDecisionSchema,
        response: { 200: refundDecisionResultSchema, ...errorResponses },
      },
    },
    async (request) => adminDecideRefund(deps(request.log), request.user!.id, request.params.id, request.body),
  );

  r.get(
    '/api/admin/refunds/reconciliation',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags,
        summary: 'Refunds against the ledger: vouchers refunded or charged back, and the ledger’s give-backs of them, voucher by voucher',
        response: { 200: refundReconciliationSchema, ...errorResponses },
      },
    },
    async () => refundReconciliation(app.deps),
  );

  r.get(
    '/api/admin/purchases',
    {
      config: { access: 'admin', roles: ['owner', 'support', 'finance'] },
      schema: {
        tags,
        summary: 'Find purchases by customer e-mail or by voucher code',
        querystring: adminPurchaseLookupQuerySchema,
        response: { 200: adminPurchaseLookupSchema, ...errorResponses },
      },
    },
    async (request) => lookupPurchasesForAdmin(app.deps, request.query.q),
  );

  r.post(
    '/api/admin/purchases/:id/refund',
    {
      config: { access: 'admin', roles: ['owner', 'finance'] },
      schema: {
        tags,
        summary: 'Refund a purchase directly (its price plus its tax share), with the decision text',
        params: idParams,
        body: adminDirectRefundSchema,
        response: { 200: refundDecisionResultSchema, ...errorResponses },
      },
    },
    async (request) => adminRefundPurchase(deps(request.log), request.user!.id, request.params.id, request.body.decisionText),
  );
}
