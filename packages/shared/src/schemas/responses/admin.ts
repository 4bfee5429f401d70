import { z } from 'zod';
import { ADMIN_ROLES, DEAL_STATUSES, DEAL_TYPES, PLAN_IDS } from '../../constants';
import { ADMIN_REQUEST_SECTIONS } from '../admin-merchants';
import { TICKET_STATUSES } from '../admin-support';
import { backgroundJobFailureSchema, mailOutboxBacklogSchema } from '../admin-overview';
import { PAYOUT_STATES } from '../../domain/payout-accounts';
import { calendarDay, cents, count, isoDate, pageFields, payoutPeriodSchema } from './common';
import { payoutTransferFields } from './payout-accounts';

const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A merchant registration request on the Merchant Approval tab. */
export const adminMerchantRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  website: z.string().nullable(),
  description: z.string(),
  plan: z.enum(PLAN_IDS),
  /** The commission (percent) approval would apply for this plan. */
  commissionRate: z.number(),
  status: z.enum(REQUEST_STATUSES),
  requiresMerchantResponse: z.boolean(),
  rejectionReason: z.string().nullable(),
  /** When the merchant confirmed their e-mail address (null: not verified; approving then needs a confirmation). */
  emailVerifiedAt: isoDate().nullable(),
  /** Merchant messages in the thread the admins have not read yet. */
  unreadMessages: count(),
  createdAt: isoDate(),
  updatedAt: isoDate(),
});
export type AdminMerchantRequest = z.infer<typeof adminMerchantRequestSchema>;

export const adminMerchantRequestsPageSchema = z.object({
  section: z.enum(ADMIN_REQUEST_SECTIONS),
  items: z.array(adminMerchantRequestSchema),
  ...pageFields,
});
export type AdminMerchantRequestsPage = z.infer<typeof adminMerchantRequestsPageSchema>;

export const registrationThreadMessageSchema = z.object({
  id: z.string(),
  senderType: z.enum(['admin', 'merchant']),
  message: z.string(),
  messageType: z.enum(['general', 'rejection_response']),
  isRead: z.boolean(),
  createdAt: isoDate(),
});
export type RegistrationThreadMessage = z.infer<typeof registrationThreadMessageSchema>;

export const adminRegistrationThreadSchema = z.object({
  registration: adminMerchantRequestSchema.pick({
    id: true,
    businessName: true,
    email: true,
    status: true,
    requiresMerchantResponse: true,
  }),
  messages: z.array(registrationThreadMessageSchema),
});
export type AdminRegistrationThread = z.infer<typeof adminRegistrationThreadSchema>;

export const approveResultSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  merchantId: z.string(),
  commissionRate: z.number(),
  hasMessaging: z.boolean(),
  hasSubscription: z.boolean(),
});
export type ApproveResult = z.infer<typeof approveResultSchema>;

export const rejectResultSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requiresMerchantResponse: z.boolean(),
  rejectionReason: z.string(),
  messageId: z.string(),
});
export type RejectResult = z.infer<typeof rejectResultSchema>;

export const resetResultSchema = rejectResultSchema.pick({ id: true, businessName: true, status: true, requiresMerchantResponse: true });
export type ResetResult = z.infer<typeof resetResultSchema>;

export const markedReadSchema = z.object({ marked: count() });
export type MarkedRead = z.infer<typeof markedReadSchema>;

/** What the platform earned in one span of time, by source (integer cents). */
export const revenueFiguresSchema = z.object({
  /** Commission on voucher sales less the commission reversed on refunds, deductions and lost disputes (the ledger). */
  commissionCents: cents(),
  /** Commission given back with refunded or disputed vouchers (already taken out of commissionCents). */
  commissionReversedCents: cents(),
  /** Paid $15/month messaging subscriptions, renewals included. */
  subscriptionCents: cents(),
  /** Paid PerkBoost charges (every boost kind). */
  perkboostCents: cents(),
  /** Promo codes paid for by the platform (less those refunded): its own expense (docs/decisions/0048). */
  platformPromotionsCents: cents(),
  /** Promo codes paid for by merchants: they lowered the merchants' sales, not the platform's income. */
  merchantPromotionsCents: cents(),
  /** Platform income: commission + subscriptions + PerkBoost − platform-funded promotions. */
  totalCents: cents(),
  /** Vouchers' money given back to customers (refunds and deductions): the merchants' money, not platform income. */
  refundsCents: cents(),
  /** Gross voucher sales (what customers paid for vouchers, before tax): not the platform's income. */
  grossSalesCents: cents(),
  purchases: count(),
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

/** Platform income by source, for the current semi-monthly payout period and all time. */
export const platformRevenueSchema = z.object({
  period: payoutPeriodSchema,
  currentPeriod: revenueFiguresSchema,
  allTime: revenueFiguresSchema,
});
export type PlatformRevenue = z.infer<typeof platformRevenueSchema>;

/** A merchant with deals: its deals (removed ones apart, they are no longer deals) and those on sale now. */
export const merchantWithDealsSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  city: z.string(),
  state: z.string(),
  approved: z.boolean(),
  dealCount: count(),
  activeDealCount: count(),
  removedDealCount: count(),
});
export type MerchantWithDeals = z.infer<typeof merchantWithDealsSchema>;

/** The Overview tab (docs/product/merchant-admin-spec.md §9). */
export const adminOverviewSchema = z.object({
  revenue: platformRevenueSchema,
  /** Closed payouts past their payout date and still unpaid. */
  overduePayouts: count(),
  stats: z.object({
    totalMerchants: count(),
    approvedMerchants: count(),
    totalDeals: count(),
    activeDeals: count(),
    totalRevenueCents: cents(),
    totalPurchases: count(),
    totalCommissionCents: cents(),
    currentPeriod: payoutPeriodSchema,
    currentPeriodPayoutCents: cents(),
    currentPeriodPurchases: count(),
    currentPeriodMerchants: count(),
    nextPayoutDate: calendarDay(),
  }),
  pendingApprovals: count(),
  recentMerchants: z.array(
    z.object({
      id: z.string(),
      businessName: z.string(),
      city: z.string(),
      state: z.string(),
      plan: z.enum(PLAN_IDS),
      approved: z.boolean(),
      createdAt: isoDate(),
    }),
  ),
  merchantsWithDeals: z.array(merchantWithDealsSchema),
  /** Scheduled jobs that failed in the last 24 hours (empty when all ran). */
  backgroundJobs: z.array(backgroundJobFailureSchema),
  /** Mail waiting in the outbox for the SMTP server (null when mail is not sent by SMTP). */
  mailOutbox: mailOutboxBacklogSchema.nullable(),
  /** Merchants with LOST_DISPUTES_FLAG_COUNT or more lost chargebacks in the last 90 days: flagged for review. */
  disputeFlags: z.array(z.object({ merchantId: z.string(), businessName: z.string(), lostDisputes: count() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** The admin's list of every merchant with deals, searched and paged (adminMerchantsWithDealsQuerySchema). */
export const adminMerchantsWithDealsSchema = z.object({ merchants: z.array(merchantWithDealsSchema), ...pageFields });
export type AdminMerchantsWithDeals = z.infer<typeof adminMerchantsWithDealsSchema>;

/** An appeal of a removed deal, as its merchant and the admins read it. */
export const dealAppealOutSchema = z.object({
  id: z.string(),
  message: z.string(),
  status: z.enum(['open', 'reinstated', 'upheld']),
  decisionText: z.string().nullable(),
  createdAt: isoDate(),
  decidedAt: isoDate().nullable(),
});
export type DealAppeal = z.infer<typeof dealAppealOutSchema>;

export const adminDealSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  isActive: z.boolean(),
  /** A crowd-vote deal collecting votes now (pending, its voting window open): neither on sale nor inactive. */
  isVoting: z.boolean(),
  /** The merchant's latest appeal of a removal, and the boost refunded when it was taken down (cents, 0 when none). */
  appeal: dealAppealOutSchema.nullable(),
  boostRefundCents: cents(),
  originalPriceCents: cents(),
  dealPriceCents: cents(),
  expirationDate: isoDate(),
  moderationReason: z.string().nullable(),
  createdAt: isoDate(),
});
export type AdminDeal = z.infer<typeof adminDealSchema>;

export const adminMerchantDealsSchema = z.object({
  merchant: z.object({ id: z.string(), businessName: z.string() }),
  deals: z.array(adminDealSchema),
  ...pageFields,
});
export type AdminMerchantDeals = z.infer<typeof adminMerchantDealsSchema>;

/** Settings: the admin accounts and the audit trail. */
export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: isoDate(),
  /** null: an admin made before roles, who may do nothing until an owner gives it a role. */
  role: z.enum(ADMIN_ROLES).nullable(),
  deactivatedAt: isoDate().nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountsSchema = z.object({ admins: z.array(adminAccountSchema) });
export type AdminAccounts = z.infer<typeof adminAccountsSchema>;
export const adminCreatedSchema = z.object({ admin: adminAccountSchema });
export type AdminCreated = z.infer<typeof adminCreatedSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoDate(),
  admin: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), ...pageFields });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Support tickets, as the admins and (without the contact details) their authors see them. */
export const supportTicketSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: isoDate(),
  updatedAt: isoDate(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** The admin a ticket is assigned to (docs/decisions/0062-roles-and-staff.md). */
export const ticketAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type TicketAssignee = z.infer<typeof ticketAssigneeSchema>;

export const adminTicketSchema = supportTicketSchema.extend({
  messageCount: count(),
  firstMessage: z.string(),
  awaitingReply: z.boolean(),
  assignee: ticketAssigneeSchema.nullable(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;
export const adminTicketsPageSchema = z.object({ tickets: z.array(adminTicketSchema), ...pageFields });
export type AdminTicketsPage = z.infer<typeof adminTicketsPageSchema>;

export const ticketThreadMessageSchema = z.object({
  id: z.string(),
  senderType: z.enum(['customer', 'admin']),
  senderName: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: isoDate(),
});
export type TicketThreadMessage = z.infer<typeof ticketThreadMessageSchema>;

/** An internal note: admins only (support_ticket_notes, never in the customer's thread). */
export const ticketNoteOutSchema = z.object({ id: z.string(), authorName: z.string().nullable(), note: z.string(), createdAt: isoDate() });
export type TicketNoteOut = z.infer<typeof ticketNoteOutSchema>;

export const adminTicketDetailSchema = supportTicketSchema.extend({ assignee: ticketAssigneeSchema.nullable() });
export const ticketThreadSchema = z.object({
  ticket: adminTicketDetailSchema,
  messages: z.array(ticketThreadMessageSchema),
  notes: z.array(ticketNoteOutSchema),
});
export type TicketThread = z.infer<typeof ticketThreadSchema>;
export const ticketUpdatedSchema = z.object({ ticket: adminTicketDetailSchema });
/** Who a ticket can be assigned to: the active admins who work tickets (owners and support). */
export const ticketAssigneesSchema = z.object({ admins: z.array(ticketAssigneeSchema) });
export type TicketAssignees = z.infer<typeof ticketAssigneesSchema>;
export type TicketUpdated = z.infer<typeof ticketUpdatedSchema>;

/** Payout Management (docs/product/design.md §8). */
export const adminPayoutSchema = z.object({
  id: z.string(),
  merchantId: z.string(),
  /** null when the merchant record is gone: shown as Unknown Merchant. */
  merchantName: z.string().nullable(),
  periodStart: calendarDay(),
  periodEnd: calendarDay(),
  payoutDate: calendarDay(),
  totalPurchases: count(),
  /** Sales less the refunds of those sales; commission less what was reversed (docs/decisions/0018-one-ledger.md). */
  grossCents: cents(),
  commissionCents: cents(),
  refundsCents: cents(),
  /** Refunds of sales already paid out and lost disputes, taken from this payout. */
  deductionsCents: cents(),
  disputeFeesCents: cents(),
  /** What the previous payout could not cover, taken from this one. */
  carriedInCents: cents(),
  /** What this payout could not cover (it is then 0): carried forward to the next one. */
  carriedForwardCents: cents(),
  netCents: cents(),
  isPaid: z.boolean(),
  /** Unpaid and past its payout date, and not waiting for the merchant's account or held (listed first). */
  isOverdue: z.boolean(),
  /** Unpaid while its business is suspended: it cannot be paid until the business is reinstated (docs/decisions/0063). */
  isHeld: z.boolean(),
  paidAt: isoDate().nullable(),
  ...payoutTransferFields,
  /** Why an admin holds it (held only). */
  heldReason: z.string().nullable(),
  /** Transfers tried and refused so far; the next try is not before `nextAttemptAt` (failed only). */
  failedAttempts: count(),
  nextAttemptAt: isoDate().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutsPageSchema = z.object({ items: z.array(adminPayoutSchema), ...pageFields });
export type AdminPayoutsPage = z.infer<typeof adminPayoutsPageSchema>;

/** Current Period Summary: the open period so far, and closed payouts not paid yet. */
export const payoutSummarySchema = z.object({
  currentPeriod: payoutPeriodSchema,
  /** Net owed to merchants for sales in the current period so far. */
  upcomingNetCents: cents(),
  /** Merchants with sales in the current period. */
  merchantsThisPeriod: count(),
  /** Closed payouts not marked paid yet, and what they add up to. */
  pendingPayouts: count(),
  pendingNetCents: cents(),
  /** Closed payouts in each state (the table's filter). */
  byState: z.record(z.enum(PAYOUT_STATES), count()),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;
