import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  AUDIT_AREA_LABELS,
  formatPrice,
  TICKET_STATUS_LABELS,
  type AdminAuditRow,
  type AdminDisputeRow,
  type AdminJobRow,
  type AdminPromoCodeRow,
  type AdminReviewRow,
  type AdminTicketRow,
} from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import { code, money, opener, person, plain, status, StatusBadge, titled, when, words, type StatusSet } from './table-columns';

/*
 * The admin console's tables of the platform's records (issue 32, docs/decisions/0069-console-tables.md): disputes,
 * support tickets, reviews, promo codes, background job runs and the audit trail, each paged, sorted, filtered and
 * searched on the server (GET /api/admin/tables/<name>) with its state in the address, and exported as CSV.
 */

const DISPUTE_STATUS: StatusSet = {
  labels: { open: 'Open', won: 'Won', lost: 'Lost' },
  tones: { open: 'amber', won: 'green', lost: 'red' },
};

const disputeColumns: ColumnDef<AdminDisputeRow>[] = [
  when('openedAt', 'Opened', (r) => r.openedAt),
  person(
    'customerName',
    'Customer',
    (r) => r.customerName,
    (r) => r.customerEmail,
  ),
  plain('merchantName', 'Business', (r) => r.merchantName || '—'),
  money('amountCents', 'Amount', (r) => r.amountCents),
  money('feeCents', 'Fee', (r) => r.feeCents),
  plain('reason', 'Reason', (r) => (r.reason ? words(r.reason) : '—')),
  status(DISPUTE_STATUS.tones, DISPUTE_STATUS.labels),
  code('providerDisputeId', 'Provider id', (r) => r.providerDisputeId),
];

/** Every chargeback a bank opened (owners and finance): open, won or lost, with the fee passed on when lost. */
export function AdminDisputesTable() {
  return (
    <ServerTable
      label="Disputes"
      path="/api/admin/tables/disputes"
      load={(query) => api.get('/api/admin/tables/disputes', { query })}
      columns={disputeColumns}
      statuses={DISPUTE_STATUS.labels}
      hasDates
      searchLabel="Search disputes"
      searchHint="Order id, customer, e-mail, business, reason or provider id"
      none="No dispute yet: a chargeback a bank opens shows here."
    />
  );
}

const TICKET_STATUS: StatusSet = {
  labels: TICKET_STATUS_LABELS,
  tones: { open: 'amber', pending_customer: 'slate', in_progress: 'orange', resolved: 'green', closed: 'slate' },
};

const ticketColumns = (onOpen: (id: string) => void): ColumnDef<AdminTicketRow>[] => [
  opener(
    'subject',
    'Subject',
    (r) => r.subject,
    (r) => [`${r.messages} ${r.messages === 1 ? 'message' : 'messages'}`],
    (r) => onOpen(r.id),
  ),
  person(
    'name',
    'From',
    (r) => r.name,
    (r) => r.email,
  ),
  status(TICKET_STATUS.tones, TICKET_STATUS.labels),
  plain('assignee', 'Assigned to', (r) => r.assignee || 'Unassigned'),
  when('updatedAt', 'Last activity', (r) => r.updatedAt),
  when('createdAt', 'Opened', (r) => r.createdAt, false),
];

/** Every support ticket (owners and support); its subject opens the ticket's thread, where it is answered. */
export function AdminTicketsTable({ onOpen }: { onOpen: (id: string) => void }) {
  return (
    <ServerTable
      label="Support tickets"
      path="/api/admin/tables/tickets"
      load={(query) => api.get('/api/admin/tables/tickets', { query })}
      columns={ticketColumns(onOpen)}
      statuses={TICKET_STATUS.labels}
      hasDates
      searchLabel="Search tickets"
      searchHint="Subject, name, e-mail, assignee or ticket id"
      none="No customer support messages"
    />
  );
}

export const REVIEW_STATUS: StatusSet = {
  labels: { reported: 'Reported', hidden: 'Hidden', published: 'Published' },
  tones: { reported: 'red', hidden: 'slate', published: 'green' },
};

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

const reviewColumns = (actions: (r: AdminReviewRow) => ReactNode): ColumnDef<AdminReviewRow>[] => [
  {
    id: 'rating',
    header: 'Review',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-64 max-w-md">
        <span className="block text-amber-700" role="img" aria-label={`${r.rating} out of 5 stars`}>
          {stars(r.rating)}
        </span>
        {r.title && <span className="block font-medium">{r.title}</span>}
        <span className="line-clamp-3 block text-slate-700">{r.body}</span>
      </div>
    ),
  },
  titled(
    'dealTitle',
    'Deal',
    (r) => r.dealTitle,
    (r) => [r.merchantName],
  ),
  person(
    'customerName',
    'By',
    (r) => r.customerName,
    (r) => r.customerEmail,
  ),
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-40 space-y-1">
        <StatusBadge value={r.status} tones={REVIEW_STATUS.tones} labels={REVIEW_STATUS.labels} />
        {r.openReports > 0 && (
          <span className="block text-xs font-semibold text-red-800">
            {r.openReports} open {r.openReports === 1 ? 'report' : 'reports'}
          </span>
        )}
        {r.reports && <span className="block text-xs text-slate-700">{words(r.reports)}</span>}
        {r.moderationReason && <span className="block text-xs text-slate-700">Last decision: {r.moderationReason}</span>}
      </div>
    ),
  },
  when('createdAt', 'Written', (r) => r.createdAt, false),
  { id: 'actions', header: 'Moderation', enableSorting: false, cell: ({ row }) => actions(row.original) },
];

/** Every review (owners and support), the reported ones first to moderate; each row holds its moderation's actions. */
export function AdminReviewsTable({ actions }: { actions: (r: AdminReviewRow) => ReactNode }) {
  return (
    <ServerTable
      label="Reviews table"
      path="/api/admin/tables/reviews"
      load={(query) => api.get('/api/admin/tables/reviews', { query })}
      columns={reviewColumns(actions)}
      statuses={REVIEW_STATUS.labels}
      hasDates
      searchLabel="Search reviews"
      searchHint="Words, customer, e-mail, deal, business or review id"
      empty="No review matches these filters. Nothing to moderate."
      none="No review has been written yet."
    />
  );
}

const PROMO_STATUS: StatusSet = {
  labels: { active: 'Active', scheduled: 'Scheduled', ended: 'Ended', used_up: 'Used up', deactivated: 'Deactivated' },
  tones: { active: 'green', scheduled: 'amber', ended: 'slate', used_up: 'orange', deactivated: 'red' },
};

const discount = (r: AdminPromoCodeRow) => (r.kind === 'percent' ? `${r.percentOff}% off` : `${formatPrice(r.amountOffCents ?? 0)} off`);

const promoColumns = (actions: (r: AdminPromoCodeRow) => ReactNode): ColumnDef<AdminPromoCodeRow>[] => [
  code('code', 'Code', (r) => r.code, true),
  titled(
    'ownerName',
    'Discount',
    (r) => discount(r),
    (r) => [
      r.merchantId ? `Paid by ${r.ownerName}` : 'Paid by LocalPerks',
      r.minSubtotalCents ? `Orders from ${formatPrice(r.minSubtotalCents)}` : '',
    ],
  ),
  status(PROMO_STATUS.tones, PROMO_STATUS.labels),
  plain('usedCount', 'Uses', (r) => (r.maxUses === null ? `${r.usedCount}` : `${r.usedCount} of ${r.maxUses}`)),
  when('startsAt', 'Starts', (r) => r.startsAt),
  when('endsAt', 'Ends', (r) => r.endsAt),
  { id: 'actions', header: 'Actions', enableSorting: false, cell: ({ row }) => actions(row.original) },
];

/** Every promo code (owners and finance), the platform's and the businesses'; each row holds its actions. */
export function AdminPromoCodesTable({ actions }: { actions: (r: AdminPromoCodeRow) => ReactNode }) {
  return (
    <ServerTable
      label="Promo codes table"
      path="/api/admin/tables/promo-codes"
      load={(query) => api.get('/api/admin/tables/promo-codes', { query })}
      columns={promoColumns(actions)}
      statuses={PROMO_STATUS.labels}
      hasDates
      searchLabel="Search promo codes"
      searchHint="Code, business or id"
      none="No promo code yet."
    />
  );
}

const JOB_STATUS: StatusSet = {
  labels: {
    created: 'Queued',
    retry: 'Waiting to retry',
    active: 'Running',
    completed: 'Completed',
    cancelled: 'Cancelled',
    failed: 'Failed',
  },
  tones: { created: 'slate', retry: 'amber', active: 'amber', completed: 'green', cancelled: 'slate', failed: 'red' },
};

const jobColumns: ColumnDef<AdminJobRow>[] = [
  titled(
    'name',
    'Job',
    (r) => r.label,
    (r) => [r.name],
  ),
  when('createdAt', 'Queued', (r) => r.createdAt),
  status(JOB_STATUS.tones, JOB_STATUS.labels),
  when('completedAt', 'Finished', (r) => r.completedAt, true),
  plain('retryCount', 'Retries', (r) => r.retryCount),
  plain('error', 'Error', (r) => r.error || '—', false),
];

/** The job queue's runs of the last week (owners): what ran, when, how it ended and why it failed. */
export function AdminJobsTable() {
  return (
    <ServerTable
      label="Background job runs"
      path="/api/admin/tables/jobs"
      load={(query) => api.get('/api/admin/tables/jobs', { query })}
      columns={jobColumns}
      statuses={JOB_STATUS.labels}
      hasDates
      searchLabel="Search job runs"
      searchHint="Job, what it does, error or run id"
      none="No job has run yet: runs show here once the job queue starts."
    />
  );
}

const auditColumns: ColumnDef<AdminAuditRow>[] = [
  when('createdAt', 'When', (r) => r.createdAt),
  person(
    'adminName',
    'Admin',
    (r) => r.adminName,
    (r) => r.adminEmail || 'System',
  ),
  code('action', 'Action', (r) => r.action, true),
  titled(
    'entityType',
    'Record',
    (r) => words(r.entityType),
    (r) => [r.entityId],
  ),
  {
    id: 'details',
    header: 'Details',
    enableSorting: false,
    cell: ({ row }) => <span className="line-clamp-3 block max-w-sm break-all font-mono text-xs">{row.original.details}</span>,
  },
];

/** Who of the admins did what to which record (owners), newest first. */
export function AdminAuditTable() {
  return (
    <ServerTable
      label="Audit trail"
      path="/api/admin/tables/audit"
      load={(query) => api.get('/api/admin/tables/audit', { query })}
      columns={auditColumns}
      statuses={AUDIT_AREA_LABELS}
      statusLabel="Done to"
      hasDates
      searchLabel="Search the audit trail"
      searchHint="Action, record, record id, admin or details"
      none="No admin action recorded yet."
    />
  );
}
