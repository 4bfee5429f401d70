import { z } from 'zod';
import { cents, count, isoDate } from './responses/common';
import type { AdminRole } from '../constants';
import { adminPurchaseSchema } from './refunds';

/*
 * The admin console's record pages and its global search (issue 32, docs/decisions/0072-record-pages-and-search.md):
 * a customer, a business and an order with their newest rows section by section. A section the admin's role may not
 * see is null (the server leaves it out; the page says so). Nothing secret is in any of them: no password hash,
 * authenticator secret, session or reset token, card data.
 */

/**
 * Who opens which record (docs/decisions/0072-record-pages-and-search.md, the roles of decision 0062): customers are
 * support's, businesses' money finance's, orders every admin's; owners everything.
 */
export const RECORD_ROLES = {
  customer: ['owner', 'support'],
  merchant: ['owner', 'finance'],
  order: ['owner', 'support', 'finance'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type RecordKind = keyof typeof RECORD_ROLES;
export const mayOpenRecord = (kind: RecordKind, role: AdminRole | null | undefined) =>
  Boolean(role && (RECORD_ROLES[kind] as readonly AdminRole[]).includes(role));

/** How many of a section's newest rows a record page shows; the section's total and a link to its table say the rest. */
export const RECORD_SECTION_ROWS = 10;

const sectionOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: count() });

export const customerRecordOrderSchema = z.object({
  id: z.string(),
  createdAt: isoDate(),
  status: z.string(),
  totalCents: cents(),
  vouchers: count(),
});

export const recordVoucherSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  code: z.string(),
  dealTitle: z.string(),
  merchantName: z.string(),
  customerName: z.string(),
  status: z.string(),
  priceCents: cents(),
  purchasedAt: isoDate(),
  expirationDate: isoDate(),
});
export type RecordVoucher = z.infer<typeof recordVoucherSchema>;

export const recordRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  createdAt: isoDate(),
  dealTitle: z.string(),
  amountCents: cents(),
  reason: z.string(),
  status: z.string(),
  providerRefundId: z.string().nullable(),
  refundedAt: isoDate().nullable(),
});
export type RecordRefund = z.infer<typeof recordRefundSchema>;

export const customerRecordSchema = z.object({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    createdAt: isoDate(),
    emailVerifiedAt: isoDate().nullable(),
    status: z.enum(['active', 'unverified', 'banned', 'deleted']),
    banReason: z.string().nullable(),
  }),
  orders: sectionOf(customerRecordOrderSchema),
  vouchers: sectionOf(recordVoucherSchema),
  refunds: sectionOf(recordRefundSchema),
  tickets: sectionOf(z.object({ id: z.string(), subject: z.string(), status: z.string(), createdAt: isoDate(), updatedAt: isoDate() })),
  messages: sectionOf(
    z.object({
      id: z.string(),
      merchantName: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: isoDate(),
      respondedAt: isoDate().nullable(),
    }),
  ),
  reviews: sectionOf(
    z.object({
      id: z.string(),
      dealTitle: z.string(),
      merchantName: z.string(),
      rating: z.number().int(),
      title: z.string().nullable(),
      status: z.string(),
      createdAt: isoDate(),
    }),
  ),
  /** Sign-in attempts with the account's address, newest first (the rate limiter's records). */
  signIns: sectionOf(z.object({ id: z.string(), createdAt: isoDate(), ip: z.string(), succeeded: z.boolean() })),
  /** The account's open sessions: the device, never the session's id or token. */
  sessions: sectionOf(
    z.object({
      createdAt: isoDate(),
      lastSeenAt: isoDate(),
      browser: z.string(),
      os: z.string(),
      device: z.string(),
      ip: z.string().nullable(),
    }),
  ),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const merchantRecordSchema = z.object({
  merchant: z.object({
    id: z.string(),
    businessName: z.string(),
    slug: z.string(),
    ownerName: z.string(),
    ownerEmail: z.string(),
    city: z.string(),
    state: z.string(),
    createdAt: isoDate(),
    status: z.enum(['pending', 'approved', 'suspended']),
    suspensionReason: z.string().nullable(),
    plan: z.string(),
    hasSubscription: z.boolean(),
    commissionRate: z.number(),
  }),
  /** What the business paid us: subscriptions, boosts, PerkBoost launches. */
  billing: sectionOf(
    z.object({
      id: z.string(),
      kind: z.string(),
      amountCents: cents(),
      status: z.string(),
      createdAt: isoDate(),
      paidAt: isoDate().nullable(),
      currentPeriodEnd: isoDate().nullable(),
    }),
  ),
  deals: sectionOf(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      dealPriceCents: cents(),
      createdAt: isoDate(),
      expirationDate: isoDate(),
    }),
  ),
  /** Vouchers sold, with the gross of every sale (not only the newest rows). */
  sales: sectionOf(recordVoucherSchema).extend({ grossCents: cents() }),
  refunds: sectionOf(recordRefundSchema),
  disputes: sectionOf(
    z.object({
      id: z.string(),
      orderId: z.string(),
      amountCents: cents(),
      reason: z.string().nullable(),
      status: z.string(),
      openedAt: isoDate(),
      closedAt: isoDate().nullable(),
    }),
  ),
  payouts: sectionOf(
    z.object({
      id: z.string(),
      payoutDate: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      netCents: cents(),
      state: z.string(),
    }),
  ),
  /** The registration thread with the admins (owners only: it is merchant approval's). */
  messages: sectionOf(z.object({ id: z.string(), senderType: z.string(), message: z.string(), createdAt: isoDate() })).nullable(),
  /** The audit trail's entries about the business, its deals, payouts, charges, registration and staff (owners only). */
  audit: sectionOf(
    z.object({
      id: z.string(),
      createdAt: isoDate(),
      action: z.string(),
      entityType: z.string(),
      actorName: z.string().nullable(),
    }),
  ).nullable(),
});
export type MerchantRecord = z.infer<typeof merchantRecordSchema>;

export const orderRecordSchema = z.object({
  order: z.object({
    id: z.string(),
    status: z.string(),
    createdAt: isoDate(),
    paidAt: isoDate().nullable(),
    customerId: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    subtotalCents: cents(),
    discountCents: cents(),
    taxCents: cents(),
    totalCents: cents(),
    promoCode: z.string().nullable(),
    provider: z.string(),
    providerSessionId: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      id: z.string(),
      dealId: z.string(),
      title: z.string(),
      optionTitle: z.string().nullable(),
      merchantId: z.string(),
      merchantName: z.string(),
      unitPriceCents: cents(),
      quantity: count(),
      discountCents: cents(),
    }),
  ),
  /** The order's vouchers as the refund lookup gives them (what a refund of each gives back). */
  vouchers: z.array(adminPurchaseSchema),
  refunds: z.array(recordRefundSchema),
  disputes: z.array(
    z.object({
      id: z.string(),
      providerDisputeId: z.string(),
      amountCents: cents(),
      reason: z.string().nullable(),
      status: z.string(),
      openedAt: isoDate(),
    }),
  ),
  /** The ledger's entries of the order's sales, refunds and disputes (owners and finance; null for support). */
  ledger: z
    .array(
      z.object({
        id: z.string(),
        occurredAt: isoDate(),
        kind: z.string(),
        merchantName: z.string(),
        amountCents: cents(),
      }),
    )
    .nullable(),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

export const ADMIN_SEARCH_MIN_LENGTH = 2;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** Results of each kind the search gives at most. */
export const ADMIN_SEARCH_PER_KIND = 5;

export const adminSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(ADMIN_SEARCH_MIN_LENGTH, `Type at least ${ADMIN_SEARCH_MIN_LENGTH} characters.`)
    .max(ADMIN_SEARCH_MAX_LENGTH, `Search for at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`),
});

export const ADMIN_SEARCH_KINDS = ['customer', 'merchant', 'order', 'voucher'] as const;
export type AdminSearchKind = (typeof ADMIN_SEARCH_KINDS)[number];

/** One thing found: what it is, its words, and the record it opens (a voucher opens its order). */
export const adminSearchResultSchema = z.object({
  kind: z.enum(ADMIN_SEARCH_KINDS),
  id: z.string(),
  label: z.string(),
  detail: z.string(),
  /** The record page's address. */
  href: z.string(),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;
export const adminSearchSchema = z.object({ results: z.array(adminSearchResultSchema) });
