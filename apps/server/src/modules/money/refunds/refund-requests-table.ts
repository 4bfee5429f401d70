import { sql } from 'drizzle-orm';
import { REFUND_REQUEST_STATUSES } from '@localperks/shared';
import type { TableDefinition, TableScope } from '../../../lib/data-table';
import { AppError } from '../../../lib/errors';
import { refundBlockingDisputeOf } from '../disputes/disputes.service';
import { voucherRefundCents } from './refunds.service';

/*
 * The merchant console's refund requests table (issue 32, docs/decisions/0069-console-tables.md,
 * docs/decisions/0076-merchant-lists-become-tables.md): the Refund requests section's list, paged, sorted, filtered
 * and searched on the server, its routes registered with the platform's consoleTable (refunds.routes.ts).
 */

/** The business's owner, or a refusal: the table never runs unscoped. */
function ownerOf(scope: TableScope): string {
  if (!scope.merchantOwnerId) throw new AppError('FORBIDDEN', 'This is only available to merchant accounts.');
  return scope.merchantOwnerId;
}

/**
 * The business's refund requests (Merchant Refund Policy: 5 business days to answer), the Refund requests section's
 * list with each open request's actions: what was bought, by whom (by name), why, the customer's note, the state, the
 * answer deadline, the business's answer and the decision, and whether a chargeback blocks a refund. The amount is
 * the voucher's refund as accepting it gives it back (its price less its promo share, plus its share of its order's
 * tax, split as checkout split it: voucherRefundCents), added to the page's rows; the deal is named as every refund
 * screen names a voucher (money/voucher-title.ts). By the business's
 * `refund_requests_merchant_idx` (merchant_id, created_at).
 */
export const merchantRefundRequestsTable: TableDefinition = {
  name: 'refund-requests',
  source: (scope) => sql`
    select r.id, r.created_at as "createdAt", r.purchase_id as "purchaseId",
      case when p.option_title = '' then p.deal_title else p.deal_title || ' — ' || p.option_title end as "dealTitle",
      coalesce(nullif(u.name, ''), 'Customer') as "customerName", r.reason, r.note, r.status,
      r.merchant_response as "merchantResponse", r.decision_text as "decisionText", r.deadline_at as "deadlineAt",
      ${refundBlockingDisputeOf(sql`p.order_id`)} as dispute
    from refund_requests r join purchases p on p.id = r.purchase_id join users u on u.id = r.customer_id
    where r.merchant_id in (select id from merchants where user_id = ${ownerOf(scope)})`,
  columns: [
    { id: 'id', label: 'Request id' },
    { id: 'createdAt', label: 'Requested', isSortable: true },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'amountCents', label: 'Refund ($)', isMoney: true },
    { id: 'reason', label: 'Reason', isSortable: true },
    { id: 'note', label: 'Note' },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'deadlineAt', label: 'Respond by', isSortable: true },
    { id: 'merchantResponse', label: 'Your answer' },
    { id: 'decisionText', label: 'Decision' },
    { id: 'dispute', label: 'Chargeback' },
  ],
  search: ['id', 'dealTitle', 'customerName', 'note'],
  status: { column: 'status', values: REFUND_REQUEST_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
  enrich: async (db, rows) => {
    const amounts = await voucherRefundCents(
      db,
      rows.map((r) => String(r.purchaseId)),
    );
    for (const r of rows) r.amountCents = amounts.get(String(r.purchaseId)) ?? 0;
  },
};
