import { z } from 'zod';
import { PLAN_IDS } from '../../constants';
import { MERCHANT_CHARGE_KINDS } from '../../domain/merchant-money';
import { calendarDay, cents, count, isoDate, pageFields, payoutPeriodSchema } from './common';

/*
 * A merchant's money (DESIGN.md 7, 8): what they pay the platform (merchant_charges: the messaging
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
  grossCents: cents(),
  commissionCents: cents(),
  netCents: cents(),
  status: z.enum(['scheduled', 'paid', 'overdue']),
  paidAt: isoDate().nullable(),
});
export type MerchantPayout = z.infer<typeof merchantPayoutSchema>;

export const salesTotalsSchema = z.object({ totalPurchases: count(), grossCents: cents(), commissionCents: cents(), netCents: cents() });

export const merchantPayoutsPageSchema = z.object({
  items: z.array(merchantPayoutSchema),
  ...pageFields,
  /** The open period: its sales so far (closed into a payout after it ends). */
  currentPeriod: salesTotalsSchema.extend({ period: payoutPeriodSchema }),
  /** Closed payouts not paid yet, and what they add up to. */
  outstanding: z.object({ payouts: count(), netCents: cents() }),
});
export type MerchantPayoutsPage = z.infer<typeof merchantPayoutsPageSchema>;

/** One sale on a payout statement; the voucher code shows only its last four characters. */
export const statementSaleSchema = z.object({
  id: z.string(),
  purchasedAt: isoDate(),
  dealTitle: z.string(),
  voucherCode: z.string(),
  priceCents: cents(),
  commissionCents: cents(),
  netCents: cents(),
});
export type StatementSale = z.infer<typeof statementSaleSchema>;

export const payoutStatementSchema = z.object({
  payout: merchantPayoutSchema,
  businessName: z.string(),
  sales: z.object({ items: z.array(statementSaleSchema), ...pageFields }),
  /** Summed from the period's sales (they add up to the payout's figures). */
  totals: salesTotalsSchema,
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;
