import { z } from 'zod';
import { REFUND_BLOCKING_DISPUTE_STATUSES } from '../constants-ledger';
import { HOUR_MS } from '../domain/time';
import { cents, count, isoDate, pageFields } from './responses/common';

/**
 * Refunds under the Merchant Refund Policy (docs/product/merchant-admin-spec.md §2; docs/decisions/0019-refund-flow.md):
 * a customer asks for one voucher's money back, the merchant answers within
 * MERCHANT_REFUND_ANSWER_BUSINESS_DAYS business days, else an admin decides.
 */
export const MERCHANT_REFUND_ANSWER_BUSINESS_DAYS = 5;

/** The policy's four grounds for a refund, in its order. */
export const REFUND_REASONS = ['cannot_fulfil', 'closed', 'refused_service', 'not_as_described'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  cannot_fulfil: 'The merchant cannot fulfil the deal',
  closed: 'The merchant has closed',
  refused_service: 'The merchant refused service',
  not_as_described: 'What was delivered is very different from the deal',
};

export const REFUND_REQUEST_STATUSES = ['requested', 'merchant_responded', 'due_for_decision', 'refunded', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];
/** Requests still waiting for an answer or a decision (at most one per voucher). */
export const OPEN_REFUND_STATUSES = [
  'requested',
  'merchant_responded',
  'due_for_decision',
] as const satisfies readonly RefundRequestStatus[];
export const REFUND_STATUS_LABELS: Record<RefundRequestStatus, string> = {
  requested: 'Requested',
  merchant_responded: 'Merchant responded',
  due_for_decision: 'Due for decision',
  refunded: 'Refunded',
  declined: 'Declined',
};
/** What the customer reads: a request past the merchant's deadline is still "Requested" to them. */
export const CUSTOMER_REFUND_STATUS_LABELS: Record<RefundRequestStatus, string> = {
  ...REFUND_STATUS_LABELS,
  due_for_decision: 'Requested',
};

/**
 * Refund requests one customer may make in an hour (each e-mails the customer and the merchant):
 * enough for every voucher of a full cart line, not for a flood (docs/decisions/0006-rate-limits.md).
 */
export const REFUND_REQUEST_LIMIT = { max: 10, windowMs: HOUR_MS } as const;

export const REFUND_NOTE_MAX = 1000;
export const REFUND_TEXT_MAX = 2000;

export const REFUND_MESSAGES_UI = {
  reasonRequired: 'Choose a reason for the refund.',
  noteMax: `Keep the note under ${REFUND_NOTE_MAX} characters.`,
  answerRequired: 'Write a message for our team.',
  decisionRequired: 'Write the decision text the customer and the merchant will read.',
  textMax: `Keep the text under ${REFUND_TEXT_MAX} characters.`,
  lookupRequired: 'Enter a customer e-mail or a voucher code.',
  notFound: 'This purchase does not exist.',
  requestNotFound: 'This refund request does not exist.',
  alreadyRefunded: 'This voucher has already been refunded.',
  redeemed: 'This voucher has been redeemed and can no longer be refunded.',
  expired: 'This voucher has expired and can no longer be refunded.',
  alreadyOpen: 'A refund request for this voucher is already open.',
  decisionFinal: 'A decision on a refund of this voucher has already been made; decisions are final.',
  alreadyAnswered: 'You have already answered this refund request.',
  closed: 'This refund request has already been decided.',
  tooMany: 'You have asked for many refunds in a short time. Please try again in an hour.',
  disputeOpen: 'The customer’s bank has opened a chargeback on this payment: it cannot be refunded while the dispute is open.',
  disputeLost: 'The customer’s bank already gave this payment back in a lost chargeback: refunding it would pay the customer twice.',
  customerDisputeOpen: 'Your bank has opened a dispute on this payment, so a refund cannot be requested while the dispute is open.',
  customerDisputeLost: 'Your bank has already given this payment back to you through a dispute, so it cannot be refunded again.',
  disputeOpenShort: 'Chargeback open: no refund while the bank decides',
  disputeLostShort: 'Chargeback lost: already given back by the bank',
  requestedTitle: 'Refund requested',
  requestedDescription: 'The merchant has been asked to respond. We will e-mail you at each step.',
  refundedTitle: 'Refund issued',
  declinedTitle: 'Refund declined',
  answeredTitle: 'Answer sent',
  voucherRefunded: 'Refunded',
} as const;

const trimmed = (max: number, maxMessage: string) => z.string().trim().max(max, maxMessage);

export const createRefundRequestSchema = z.object({
  reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES_UI.reasonRequired }),
  note: trimmed(REFUND_NOTE_MAX, REFUND_MESSAGES_UI.noteMax).optional().default(''),
});
export type CreateRefundRequest = z.input<typeof createRefundRequestSchema>;

export const merchantRefundAnswerSchema = z.object({
  message: trimmed(REFUND_TEXT_MAX, REFUND_MESSAGES_UI.textMax).min(1, REFUND_MESSAGES_UI.answerRequired),
});
export type MerchantRefundAnswer = z.infer<typeof merchantRefundAnswerSchema>;

export const adminRefundDecisionSchema = z.object({
  decision: z.enum(['refund', 'decline']),
  decisionText: trimmed(REFUND_TEXT_MAX, REFUND_MESSAGES_UI.textMax).min(1, REFUND_MESSAGES_UI.decisionRequired),
});
export type AdminRefundDecision = z.infer<typeof adminRefundDecisionSchema>;

export const adminDirectRefundSchema = z.object({
  decisionText: trimmed(REFUND_TEXT_MAX, REFUND_MESSAGES_UI.textMax).min(1, REFUND_MESSAGES_UI.decisionRequired),
});
export type AdminDirectRefund = z.infer<typeof adminDirectRefundSchema>;

/** The admin queue's filter: one state, the open ones (default), or every request. */
export const ADMIN_REFUND_FILTERS = ['open', ...REFUND_REQUEST_STATUSES, 'all'] as const;
export type AdminRefundFilter = (typeof ADMIN_REFUND_FILTERS)[number];
export const ADMIN_REFUNDS_PAGE_SIZE = 20;
export const adminRefundsQuerySchema = z.object({
  status: z.enum(ADMIN_REFUND_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminPurchaseLookupQuerySchema = z.object({
  q: z.string().trim().min(1, REFUND_MESSAGES_UI.lookupRequired).max(254, REFUND_MESSAGES_UI.lookupRequired),
});

// ---- responses ----

const reasonSchema = z.enum(REFUND_REASONS);
const statusSchema = z.enum(REFUND_REQUEST_STATUSES);
/** A chargeback on the voucher's payment that stops any refund of it (open or lost), else null. */
const disputeSchema = z.enum(REFUND_BLOCKING_DISPUTE_STATUSES).nullable();

/** A refund request as its customer follows it on My Purchases (the merchant's answer is for the admins). */
export const customerRefundRequestSchema = z.object({
  id: z.string(),
  reason: reasonSchema,
  note: z.string().nullable(),
  status: statusSchema,
  decisionText: z.string().nullable(),
  createdAt: isoDate(),
  decidedAt: isoDate().nullable(),
});
export type CustomerRefundRequest = z.infer<typeof customerRefundRequestSchema>;

/** A request in the merchant's dashboard: what to answer and by when. */
export const merchantRefundRequestSchema = z.object({
  id: z.string(),
  purchaseId: z.string(),
  dealTitle: z.string(),
  customerName: z.string(),
  amountCents: cents(),
  reason: reasonSchema,
  note: z.string().nullable(),
  status: statusSchema,
  merchantResponse: z.string().nullable(),
  decisionText: z.string().nullable(),
  deadlineAt: isoDate(),
  createdAt: isoDate(),
  dispute: disputeSchema,
});
export type MerchantRefundRequest = z.infer<typeof merchantRefundRequestSchema>;
export const merchantRefundRequestsSchema = z.object({ requests: z.array(merchantRefundRequestSchema) });
export type MerchantRefundRequests = z.infer<typeof merchantRefundRequestsSchema>;

/** A request in the admin Refunds queue. */
export const adminRefundRequestSchema = merchantRefundRequestSchema.extend({
  redemptionCode: z.string(),
  customerEmail: z.string(),
  merchantName: z.string(),
  merchantRespondedAt: isoDate().nullable(),
  decidedAt: isoDate().nullable(),
  decidedByName: z.string().nullable(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundRequestsPageSchema = z.object({ requests: z.array(adminRefundRequestSchema), ...pageFields });
export type AdminRefundRequestsPage = z.infer<typeof adminRefundRequestsPageSchema>;

export const VOUCHER_STATES = ['active', 'redeemed', 'expired', 'refunded'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

/** A purchase found by the admin lookup, with what a refund of it would give back. */
export const adminPurchaseSchema = z.object({
  id: z.string(),
  redemptionCode: z.string(),
  dealTitle: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  merchantName: z.string(),
  priceCents: cents(),
  /** The voucher's price plus its share of the order's tax: what a refund gives back. */
  refundCents: cents(),
  purchaseDate: isoDate(),
  expirationDate: isoDate(),
  state: z.enum(VOUCHER_STATES),
  openRequestId: z.string().nullable(),
  dispute: disputeSchema,
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const adminPurchaseLookupSchema = z.object({ purchases: z.array(adminPurchaseSchema), total: count() });
export type AdminPurchaseLookup = z.infer<typeof adminPurchaseLookupSchema>;

/** What a refund decision left behind. */
export const refundDecisionResultSchema = z.object({
  status: statusSchema.nullable(),
  /** The voucher is dead from this moment; the card refund follows at the provider. */
  refunded: z.boolean(),
});
export type RefundDecisionResult = z.infer<typeof refundDecisionResultSchema>;

/** A voucher whose money went back a number of times other than the ledger's give-backs of it. */
export const refundMismatchSchema = z.object({
  purchaseId: z.string(),
  redemptionCode: z.string(),
  dealTitle: z.string(),
  merchantName: z.string(),
  /** Refunded to the card by us (the provider confirmed it). */
  isRefunded: z.boolean(),
  /** Given back by the customer's bank in a lost chargeback. */
  isChargedBack: z.boolean(),
  /** Refund or deduction entries of the voucher in the ledger (0 or 1 when all is well). */
  ledgerGiveBacks: count(),
});
export type RefundMismatch = z.infer<typeof refundMismatchSchema>;

export const REFUND_MISMATCHES_SHOWN = 20;

/**
 * Refunds against the ledger (docs/decisions/0040-safe-at-scale.md): every voucher whose money went
 * back to the customer, by our refund or by a lost chargeback, is given back exactly once in the ledger.
 */
export const refundReconciliationSchema = z.object({
  refundedVouchers: count(),
  chargedBackVouchers: count(),
  ledgerGiveBacks: count(),
  isBalanced: z.boolean(),
  mismatchCount: count(),
  /** The first REFUND_MISMATCHES_SHOWN, newest purchase first. */
  mismatches: z.array(refundMismatchSchema),
});
export type RefundReconciliation = z.infer<typeof refundReconciliationSchema>;
