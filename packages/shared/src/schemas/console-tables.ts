import { z } from 'zod';
import { DEAL_STATUSES, DEAL_TYPES } from '../constants';
import { DISPUTE_STATUSES } from '../constants-ledger';
import { TICKET_STATUSES } from './admin-support';
import { REFUND_REASONS, REFUND_REQUEST_STATUSES } from './refunds';
import { PAYOUT_PAID_VIA, PAYOUT_STATES } from '../domain/payout-accounts';

/*
 * The console's tables (issue 32, docs/decisions/0069-console-tables.md): one query shape for every table, kept in
 * the page's address (`?page=2&sort=totalCents&dir=asc&q=…&status=paid&from=2026-11-01&to=2026-11-30`), the same
 * for its page (JSON) and its CSV export.
 */

export const TABLE_PAGE_SIZES = [25, 50, 100] as const;
export const TABLE_SEARCH_MAX_LENGTH = 100;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-30.');

export const tableQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), `Choose ${TABLE_PAGE_SIZES.join(', ')} rows a page.`)
    .default(25),
  /** A column id; each table says which it sorts by (others are refused with 400). */
  sort: z
    .string()
    .regex(/^[a-zA-Z]{1,40}$/)
    .optional(),
  dir: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(TABLE_SEARCH_MAX_LENGTH, `Search for at most ${TABLE_SEARCH_MAX_LENGTH} characters.`).default(''),
  status: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type TableQuery = z.infer<typeof tableQuerySchema>;

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    /** How many rows match, counted up to a cap (1,000 or the page's end): with `isTotalCapped`, at least this many. */
    total: z.number().int(),
    isTotalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const ORDER_STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  status: z.enum(ORDER_STATUSES),
  vouchers: z.number().int(),
  totalCents: z.number().int(),
  discountCents: z.number().int(),
  promoCode: z.string().nullable(),
  provider: z.string(),
  providerSessionId: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrdersPageSchema = pageOf(adminOrderRowSchema);

/** A customer's standing in the Customers table. */
export const CUSTOMER_TABLE_STATUSES = ['active', 'unverified', 'banned'] as const;

export const adminCustomerRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(CUSTOMER_TABLE_STATUSES),
  orders: z.number().int(),
  vouchers: z.number().int(),
  spentCents: z.number().int(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;
export const adminCustomersTablePageSchema = pageOf(adminCustomerRowSchema);

/** A business's standing in the Merchants table: waiting for approval, approved, or suspended by an admin. */
export const MERCHANT_TABLE_STATUSES = ['pending', 'approved', 'suspended'] as const;

export const adminMerchantRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  businessName: z.string(),
  ownerEmail: z.string(),
  city: z.string(),
  state: z.string(),
  plan: z.string(),
  status: z.enum(MERCHANT_TABLE_STATUSES),
  commissionRate: z.number().int(),
  /** Its deals but removed ones; those on sale now; those an admin removed. */
  deals: z.number().int(),
  activeDeals: z.number().int(),
  removedDeals: z.number().int(),
  vouchersSold: z.number().int(),
  slug: z.string(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** Its latest registration request: the thread of messages with the admins. */
  registrationId: z.string().nullable(),
});
export type AdminMerchantRow = z.infer<typeof adminMerchantRowSchema>;
export const adminMerchantsTablePageSchema = pageOf(adminMerchantRowSchema);

export const adminDealRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  status: z.enum(DEAL_STATUSES),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  dealPriceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  discountPercentage: z.number().int(),
  expirationDate: z.string(),
});
export type AdminDealRow = z.infer<typeof adminDealRowSchema>;
export const adminDealsTablePageSchema = pageOf(adminDealRowSchema);

/** A business's deal as its table shows it: the admin's row and what the merchant's deal list showed and acts on. */
export const merchantDealRowSchema = adminDealRowSchema.extend({
  type: z.enum(DEAL_TYPES),
  categoryId: z.number().int(),
  votesRequired: z.number().int().nullable(),
  currentVotes: z.number().int(),
  votingEndDate: z.string().nullable(),
  boostDays: z.number().int().nullable(),
  unlockedAt: z.string().nullable(),
  /** The boost running now (by the server's clock), or null. */
  boostedUntil: z.string().nullable(),
  moderationReason: z.string().nullable(),
  /** Whether the deletion rule allows removing it. */
  canDelete: z.boolean(),
  purchaseCount: z.number().int(),
  /** A deal an admin took down: its latest appeal's state and decision, and the unused boost refunded (cents). */
  appealStatus: z.enum(['open', 'reinstated', 'upheld']).nullable(),
  appealDecision: z.string().nullable(),
  boostRefundCents: z.number().int(),
});
export type MerchantDealRow = z.infer<typeof merchantDealRowSchema>;
export const merchantDealsTablePageSchema = pageOf(merchantDealRowSchema);

/** A voucher's state: refunded, forfeited and redeemed are final; expired once its validity has passed. */
export const VOUCHER_TABLE_STATUSES = ['active', 'redeemed', 'expired', 'refunded', 'forfeited'] as const;

export const adminVoucherRowSchema = z.object({
  id: z.string(),
  purchasedAt: z.string(),
  code: z.string(),
  orderId: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  merchantName: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  status: z.enum(VOUCHER_TABLE_STATUSES),
  priceCents: z.number().int(),
  expirationDate: z.string(),
  redeemedAt: z.string().nullable(),
});
export type AdminVoucherRow = z.infer<typeof adminVoucherRowSchema>;
export const adminVouchersTablePageSchema = pageOf(adminVoucherRowSchema);

export const REFUND_TABLE_STATUSES = ['pending', 'refunded'] as const;

/**
 * The admins' Refunds table: the refunds (pending, refunded) and the customers' refund requests not refunded
 * (waiting for the merchant's answer or an admin's decision, or declined).
 */
export const ADMIN_REFUND_TABLE_STATUSES = [
  'requested',
  'merchant_responded',
  'due_for_decision',
  'declined',
  'pending',
  'refunded',
] as const;

export const adminRefundRowSchema = z.object({
  id: z.string(),
  /** A refund (money given back), or a customer's request for one. */
  kind: z.enum(['refund', 'request']),
  createdAt: z.string(),
  orderId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  dealTitle: z.string(),
  merchantName: z.string(),
  /** What was (or, for a request, what refunding it would be) given back: the voucher's price and tax share. */
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(ADMIN_REFUND_TABLE_STATUSES),
  provider: z.string(),
  providerRefundId: z.string().nullable(),
  refundedAt: z.string().nullable(),
  voucherCode: z.string().nullable(),
  note: z.string().nullable(),
  merchantResponse: z.string().nullable(),
  decisionText: z.string().nullable(),
  /** The admin who decided the request (a name, else an e-mail). */
  decidedByName: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  dispute: z.enum(['open', 'lost']).nullable(),
});
export type AdminRefundRow = z.infer<typeof adminRefundRowSchema>;
export const adminRefundsTablePageSchema = pageOf(adminRefundRowSchema);

/** A payout period's row, as both the admins' and the business's payouts tables show it. */
const payoutRowSchema = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payoutDate: z.string(),
  totalPurchases: z.number().int(),
  grossCents: z.number().int(),
  commissionCents: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
  status: z.enum(PAYOUT_STATES),
  paidAt: z.string().nullable(),
  transferId: z.string().nullable(),
  paidVia: z.enum(PAYOUT_PAID_VIA).nullable(),
});

/** A payout as the admins read it: also why it failed or is held, and whether it is overdue or held by a suspension. */
export const adminPayoutRowSchema = payoutRowSchema.extend({
  failureReason: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  heldReason: z.string().nullable(),
  isOverdue: z.boolean(),
  isHeld: z.boolean(),
});
export type AdminPayoutRow = z.infer<typeof adminPayoutRowSchema>;
export const adminPayoutsTablePageSchema = pageOf(adminPayoutRowSchema);

/** A business's payout as its owner's table shows it: the common figures and what the payout list showed besides. */
export const merchantPayoutRowSchema = payoutRowSchema.extend({
  deductionsCents: z.number().int(),
  disputeFeesCents: z.number().int(),
  carriedInCents: z.number().int(),
  carriedForwardCents: z.number().int(),
  /** Why the last transfer failed (failed only). */
  failureReason: z.string().nullable(),
});
export type MerchantPayoutRow = z.infer<typeof merchantPayoutRowSchema>;
export const merchantPayoutsTablePageSchema = pageOf(merchantPayoutRowSchema);

/** A merchant's vouchers sold: the code's last four characters until it is redeemed, the customer by name. */
export const merchantVoucherRowSchema = z.object({
  id: z.string(),
  purchasedAt: z.string(),
  code: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  customerName: z.string(),
  status: z.enum(VOUCHER_TABLE_STATUSES),
  priceCents: z.number().int(),
  commissionCents: z.number().int(),
  expirationDate: z.string(),
  redeemedAt: z.string().nullable(),
});
export type MerchantVoucherRow = z.infer<typeof merchantVoucherRowSchema>;
export const merchantVouchersTablePageSchema = pageOf(merchantVoucherRowSchema);

export const merchantRedemptionRowSchema = z.object({
  id: z.string(),
  redeemedAt: z.string(),
  code: z.string(),
  dealTitle: z.string(),
  optionTitle: z.string(),
  customerName: z.string(),
  redeemedBy: z.string(),
  priceCents: z.number().int(),
});
export type MerchantRedemptionRow = z.infer<typeof merchantRedemptionRowSchema>;
export const merchantRedemptionsTablePageSchema = pageOf(merchantRedemptionRowSchema);

export const merchantRefundRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  dealTitle: z.string(),
  customerName: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_TABLE_STATUSES),
  refundedAt: z.string().nullable(),
});
export type MerchantRefundRow = z.infer<typeof merchantRefundRowSchema>;
export const merchantRefundsTablePageSchema = pageOf(merchantRefundRowSchema);

/** A refund request to the business, as the Refund requests section's table lists it with its actions. */
export const merchantRefundRequestRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  purchaseId: z.string(),
  dealTitle: z.string(),
  customerName: z.string(),
  /** What accepting it gives back: the voucher's price less its promo share, plus its share of its order's tax. */
  amountCents: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  merchantResponse: z.string().nullable(),
  decisionText: z.string().nullable(),
  deadlineAt: z.string(),
  /** A chargeback on the order that blocks a refund: open, or lost. */
  dispute: z.enum(['open', 'lost']).nullable(),
});
export type MerchantRefundRequestRow = z.infer<typeof merchantRefundRequestRowSchema>;
export const merchantRefundRequestsTablePageSchema = pageOf(merchantRefundRequestRowSchema);

/** A chargeback's state (the provider's): open until the bank decides, then won or lost. */
export const adminDisputeRowSchema = z.object({
  id: z.string(),
  openedAt: z.string(),
  provider: z.string(),
  providerDisputeId: z.string(),
  orderId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  merchantName: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  closedAt: z.string().nullable(),
});
export type AdminDisputeRow = z.infer<typeof adminDisputeRowSchema>;
export const adminDisputesTablePageSchema = pageOf(adminDisputeRowSchema);

export const adminTicketRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  subject: z.string(),
  name: z.string(),
  email: z.string(),
  customerId: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  assignedTo: z.string().nullable(),
  assignee: z.string(),
  messages: z.number().int(),
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;
export const adminTicketsTablePageSchema = pageOf(adminTicketRowSchema);

/** A review's standing in the console: hidden by an admin, reported (published, with reports not dealt with), or published. */
export const REVIEW_TABLE_STATUSES = ['published', 'reported', 'hidden'] as const;

export const adminReviewRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.enum(REVIEW_TABLE_STATUSES),
  openReports: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  dealTitle: z.string(),
  merchantName: z.string(),
  replied: z.boolean(),
  moderationReason: z.string(),
  /** The open reports' reasons and notes ("spam: …; off_topic"). */
  reports: z.string(),
});
export type AdminReviewRow = z.infer<typeof adminReviewRowSchema>;
export const adminReviewsTablePageSchema = pageOf(adminReviewRowSchema);

/** A promo code's state by the server's clock, as the promo codes' own list gives it. */
export const PROMO_TABLE_STATUSES = ['active', 'scheduled', 'ended', 'used_up', 'deactivated'] as const;

export const adminPromoCodeRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  code: z.string(),
  merchantId: z.string().nullable(),
  ownerName: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  minSubtotalCents: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  usedCount: z.number().int(),
  maxUses: z.number().int().nullable(),
  status: z.enum(PROMO_TABLE_STATUSES),
});
export type AdminPromoCodeRow = z.infer<typeof adminPromoCodeRowSchema>;
export const adminPromoCodesTablePageSchema = pageOf(adminPromoCodeRowSchema);

/** A background job run's state in the job queue (pg-boss). */
export const JOB_RUN_STATUSES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

export const adminJobRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  label: z.string(),
  status: z.enum(JOB_RUN_STATUSES),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  retryCount: z.number().int(),
  error: z.string(),
});
export type AdminJobRow = z.infer<typeof adminJobRowSchema>;
export const adminJobsTablePageSchema = pageOf(adminJobRowSchema);

export const adminAuditRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  adminName: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  /** The action's first word (AUDIT_AREAS): what it was done to, the table's filter. */
  area: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  details: z.string(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;
export const adminAuditTablePageSchema = pageOf(adminAuditRowSchema);

/** A customer's message to the business: unread, read, or answered. */
export const MESSAGE_TABLE_STATUSES = ['unread', 'read', 'responded'] as const;

export const merchantMessageRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  subject: z.string(),
  message: z.string(),
  customerName: z.string(),
  dealTitle: z.string(),
  status: z.enum(MESSAGE_TABLE_STATUSES),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
});
export type MerchantMessageRow = z.infer<typeof merchantMessageRowSchema>;
export const merchantMessagesTablePageSchema = pageOf(merchantMessageRowSchema);
