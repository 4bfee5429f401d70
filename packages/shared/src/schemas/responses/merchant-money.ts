import { z } from 'zod';
import { PLAN_IDS } from '../../constants';
import { MERCHANT_CHARGE_KINDS } from '../../domain/merchant-money';
import { calendarDay, cents, count, isoDate, pageFields, payoutPeriodSchema } from './common';
import { payoutTransferFields } from './payout-accounts';

/*
 * A merchant's money (docs/product/design.md §7, 8): what they pay the platform (merchant_charges: the messaging
 * subscription, PerkBoost) and what the platform pays them (merchant_payouts and their sales).
 */

/** One thing a merchant paid (or is paying) the platform. */
export const merchantChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(MERCHANT_CHARGE_KINDS),
  /** "Advertise + Messaging plan (monthly)", "PerkBoost: 7 days for “Two tacos”". */
  description: z.string(),
  amountCents: cents(),
  /** `pending`: the payment page is open, the provider has not confirmed a payment. */
  status: z.enum(['pending', 'paid']),
  createdAt: isoDate(),
  paidAt: isoDate().nullable(),
  dealId: z.string().nullable(),
  boostDays: count().nullable(),
  /** A paid subscription period: the month it covers (each paid period is its own line, with its own receipt). */
  periodStart: isoDate().nullable(),
  /** Subscriptions: paid through this moment. */
  periodEnd: isoDate().nullable(),
});
export type MerchantCharge = z.infer<typeof merchantChargeSchema>;

export const merchantChargesPageSchema = z.object({ items: z.array(merchantChargeSchema), ...pageFields });
export type MerchantChargesPage = z.infer<typeof merchantChargesPageSchema>;

/** The printable receipt of a paid charge. */
export const merchantReceiptSchema = z.object({
  charge: merchantChargeSchema,
  receiptNumber: z.string(),
  billedTo: z.object({ businessName: z.string(), email: z.string(), city: z.string(), state: z.string() }),
});
export type MerchantReceipt = z.infer<typeof merchantReceiptSchema>;

/** The Billing tab: plan, subscription and what has been paid. */
export const merchantBillingSchema = z.object({
  plan: z.object({ id: z.enum(PLAN_IDS), name: z.string(), priceCentsPerMonth: cents(), commissionRate: z.number() }),
  subscription: z.object({
    /**
     * none: no subscription; payment_required: on the messaging plan, not paid; active: paid and
     * renewing on `renewsOn`; canceled: paid through `paidThrough`, not renewed (the plan was left).
     */
    state: z.enum(['none', 'payment_required', 'active', 'canceled']),
    amountCents: cents().nullable(),
    paidThrough: isoDate().nullable(),
    renewsOn: isoDate().nullable(),
  }),
  /** Whether there is a paid plan to leave (the plan switch to Advertise Only). */
  canCancel: z.boolean(),
  totals: z.object({ paidCents: cents(), paidCharges: count() }),
});
export type MerchantBilling = z.infer<typeof merchantBillingSchema>;

/** One payout as its merchant sees it. */
export const merchantPayoutSchema = z.object({
  id: z.string(),
  periodStart: calendarDay(),
  periodEnd: calendarDay(),
  payoutDate: calendarDay(),
  totalPurchases: count(),
  /** Sales less the refunds of those sales and less the discounts of the merchant's own promo codes. */
  grossCents: cents(),
  /** The merchant's own promo code discounts (less those given back by refunds), already taken out of gross (docs/decisions/0048). */
  promotionsCents: cents(),
  /** Commission less the commission reversed on refunds and deductions. */
  commissionCents: cents(),
  /** Refunds of this period's sales, already taken out of gross. */
  refundsCents: cents(),
  /** Commission given back on the refunds and deductions of this payout (already taken out of commission). */
  commissionReversedCents: cents(),
  /** Refunds of sales already paid out, and lost disputes, taken from this payout. */
  deductionsCents: cents(),
  disputeFeesCents: cents(),
  /** What the previous payout could not cover. */
  carriedInCents: cents(),
  /** What this payout could not cover: moved on to the next one. */
  carriedForwardCents: cents(),
  /** gross − commission − deductions − dispute fees − carried in + carried forward (never below zero). */
  netCents: cents(),
  /** Against its payout date: Scheduled until the day has passed, then Overdue unless paid; Held while the business is suspended (docs/decisions/0063-suspensions-and-bans.md). */
  status: z.enum(['scheduled', 'paid', 'overdue', 'held']),
  paidAt: isoDate().nullable(),
  ...payoutTransferFields,
});
export type MerchantPayout = z.infer<typeof merchantPayoutSchema>;

/** Ledger lines summed (docs/product/design.md §14): what a period's sales, refunds, deductions and dispute fees add up to. */
export const ledgerLinesTotalsSchema = z.object({
  /** Vouchers sold less vouchers refunded. */
  totalPurchases: cents(),
  /** Sales less refunds and the merchant's own promo code discounts. */
  grossCents: cents(),
  /** The merchant's own promo code discounts less those given back, already taken out of gross. */
  promotionsCents: cents(),
  refundsCents: cents(),
  /** Commission less commission reversed. */
  commissionCents: cents(),
  commissionReversedCents: cents(),
  deductionsCents: cents(),
  disputeFeesCents: cents(),
  /** gross − commission − deductions − dispute fees: may be negative (carried forward). */
  netCents: cents(),
});
export type LedgerLinesTotals = z.infer<typeof ledgerLinesTotalsSchema>;

export const merchantPayoutsPageSchema = z.object({
  items: z.array(merchantPayoutSchema),
  ...pageFields,
  /** The open period so far, from the ledger (closed into a payout after it ends), and what the last payout carried forward into it. */
  currentPeriod: ledgerLinesTotalsSchema.extend({ period: payoutPeriodSchema, carriedInCents: cents() }),
  /** Closed payouts not paid yet, and what they add up to. */
  outstanding: z.object({ payouts: count(), netCents: cents() }),
});
export type MerchantPayoutsPage = z.infer<typeof merchantPayoutsPageSchema>;

export const STATEMENT_LINE_KINDS = ['sale', 'promotion', 'promotion_reversal', 'refund', 'deduction', 'dispute_fee'] as const;

/** What each kind of statement line is called, on the statement page and in its CSV. */
export const STATEMENT_LINE_LABELS: Record<(typeof STATEMENT_LINE_KINDS)[number], string> = {
  sale: 'Sale',
  promotion: 'Promotion (your code)',
  promotion_reversal: 'Promotion given back',
  refund: 'Refund',
  deduction: 'Deduction',
  dispute_fee: 'Dispute fee',
};

/**
 * One ledger line on a payout statement: a sale with its commission, the discount of one of the
 * merchant's own promo codes on it (its own line, given back as another when the voucher is refunded),
 * a refund or deduction with the commission reversed, or a dispute fee. Amounts are signed from the merchant's payout
 * (sale +, commission −, refund −, reversal +). Voucher codes show only their last four characters.
 */
export const statementLineSchema = z.object({
  id: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  occurredAt: isoDate(),
  /** The voucher's deal (with its option, when the deal has several) and masked code; null for a dispute fee. */
  dealTitle: z.string().nullable(),
  voucherCode: z.string().nullable(),
  amountCents: cents(),
  commissionCents: cents(),
  netCents: cents(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const payoutStatementSchema = z.object({
  payout: merchantPayoutSchema,
  businessName: z.string(),
  /** The ledger lines this payout is made of (its period's, and earlier ones no payout had taken), oldest first. */
  lines: z.object({ items: z.array(statementLineSchema), ...pageFields }),
  /** Summed from the lines; with the payout's carried in and carried forward they give its net. */
  totals: ledgerLinesTotalsSchema,
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;
