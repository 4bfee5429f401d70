import { and, count, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  MERCHANT_CHARGES_PAGE_SIZE,
  MERCHANT_MESSAGES,
  MERCHANT_MONEY_MESSAGES as MM,
  planById,
  receiptNumber,
  type MerchantBilling,
  type MerchantCharge,
  type MerchantChargesPage,
  type MerchantReceipt,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { centsSum } from '../../../db/cents';
import { deals, merchantChargePeriods, merchantCharges, merchants, users } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { activeSubscriptions, describeCharge } from '../billing/billing.service';

/**
 * The Billing tab (docs/product/design.md §4, 7): the merchant's plan and subscription and every charge they paid
 * the platform, read from `merchant_charges` (written only by the billing module).
 */

type Merchant = typeof merchants.$inferSelect;

export async function merchantOfUser(db: Tx, userId: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('NOT_FOUND', MERCHANT_MESSAGES.noProfile);
  return m;
}

/**
 * The lines a merchant sees: every paid subscription period (merchant_charge_periods, one per month
 * paid, each with its receipt), every paid PerkBoost or boost, and open payment pages; pages closed
 * unpaid (canceled, expired) charged nothing and are left out.
 */
const chargeLines = (db: Tx, merchantId: string, only?: SQL) =>
  db
    .select({
      id: merchantCharges.id,
      kind: merchantCharges.kind,
      dealId: merchantCharges.dealId,
      boostDays: merchantCharges.boostDays,
      amountCents: merchantCharges.amountCents,
      createdAt: merchantCharges.createdAt,
      paidAt: merchantCharges.paidAt,
      periodStart: sql<Date | null>`null::timestamptz`.mapWith(merchantChargePeriods.periodStart).as('period_start'),
      periodEnd: sql<Date | null>`null::timestamptz`.mapWith(merchantChargePeriods.periodEnd).as('period_end'),
      dealTitle: deals.title,
      sortAt: sql<Date>`coalesce(${merchantCharges.paidAt}, ${merchantCharges.createdAt})`.mapWith(merchantCharges.createdAt).as('sort_at'),
    })
    .from(merchantCharges)
    .leftJoin(deals, eq(deals.id, merchantCharges.dealId))
    .where(
      and(
        eq(merchantCharges.merchantId, merchantId),
        // A paid subscription is listed by its periods below.
        or(and(ne(merchantCharges.kind, 'subscription'), isNotNull(merchantCharges.paidAt)), eq(merchantCharges.status, 'open')),
        only,
      ),
    );

const periodLines = (db: Tx, merchantId: string, only?: SQL) =>
  db
    .select({
      id: merchantChargePeriods.id,
      kind: sql<'subscription'>`'subscription'`.as('kind'),
      dealId: sql<string | null>`null::uuid`.as('deal_id'),
      boostDays: sql<number | null>`null::int`.as('boost_days'),
      amountCents: merchantChargePeriods.amountCents,
      createdAt: merchantChargePeriods.paidAt,
      paidAt: merchantChargePeriods.paidAt,
      periodStart: merchantChargePeriods.periodStart,
      periodEnd: merchantChargePeriods.periodEnd,
      dealTitle: sql<string | null>`null::text`.as('deal_title'),
      sortAt: merchantChargePeriods.paidAt,
    })
    .from(merchantChargePeriods)
    .where(and(eq(merchantChargePeriods.merchantId, merchantId), only));

type Line = Awaited<ReturnType<typeof chargeLines>>[number];

const iso = (d: Date | string) => new Date(d).toISOString();

function toCharge(c: Line): MerchantCharge {
  return {
    id: c.id,
    kind: c.kind,
    description: describeCharge({ kind: c.kind, boostDays: c.boostDays, dealTitle: c.dealTitle }),
    amountCents: c.amountCents,
    status: c.paidAt ? 'paid' : 'pending',
    createdAt: iso(c.createdAt),
    paidAt: c.paidAt ? iso(c.paidAt) : null,
    dealId: c.dealId,
    boostDays: c.boostDays,
    periodStart: c.periodStart ? iso(c.periodStart) : null,
    periodEnd: c.periodEnd ? iso(c.periodEnd) : null,
  };
}

/** Every line, newest first (by when it was paid, or opened when not paid yet), page by page. */
export async function listCharges(deps: Pick<Deps, 'db'>, userId: string, page: number): Promise<MerchantChargesPage> {
  const m = await merchantOfUser(deps.db, userId);
  const pageSize = MERCHANT_CHARGES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    unionAll(chargeLines(deps.db, m.id), periodLines(deps.db, m.id))
      .orderBy(desc(sql`sort_at`), desc(sql`id`))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(unionAll(chargeLines(deps.db, m.id), periodLines(deps.db, m.id)).as('lines')),
  ]);
  return { items: rows.map(toCharge), total: total?.n ?? 0, page, pageSize };
}

/**
 * The receipt of one of the merchant's paid lines: a subscription period (the first one shares its
 * charge's id) or a paid one-off charge. Another merchant's, or an unpaid one, is not found.
 */
export async function chargeReceipt(deps: Pick<Deps, 'db'>, userId: string, chargeId: string): Promise<MerchantReceipt> {
  const m = await merchantOfUser(deps.db, userId);
  const [[period], [charge], [user]] = await Promise.all([
    periodLines(deps.db, m.id, eq(merchantChargePeriods.id, chargeId)),
    chargeLines(deps.db, m.id, and(eq(merchantCharges.id, chargeId), isNotNull(merchantCharges.paidAt))),
    deps.db.select({ email: users.email }).from(users).where(eq(users.id, m.userId)),
  ]);
  const line = period ?? charge;
  if (!line || !user) throw new AppError('NOT_FOUND', MM.chargeNotFound);
  return {
    charge: toCharge(line),
    receiptNumber: receiptNumber(line.id),
    billedTo: { businessName: m.businessName, email: user.email, city: m.city, state: m.state },
  };
}

/**
 * Plan, subscription and totals. The subscription's state follows the plan and the paid, current
 * subscription charges: leaving the messaging plan stops renewal at the provider (billing), so a
 * paid subscription on another plan runs to its period end, canceled.
 */
export async function merchantBilling(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<MerchantBilling> {
  const now = deps.clock.now();
  const m = await merchantOfUser(deps.db, userId);
  const [[current], [totals]] = await Promise.all([
    activeSubscriptions(deps.db, m.id, now),
    // Every paid line: each subscription period and each one-off charge.
    deps.db
      .select({ cents: centsSum(sql`sum(amount_cents)`), n: count() })
      .from(unionAll(chargeLines(deps.db, m.id), periodLines(deps.db, m.id)).as('lines'))
      .where(sql`paid_at is not null`),
  ]);
  const plan = planById(m.subscriptionPlan);
  const onMessaging = m.subscriptionPlan === 'advertise_messaging';
  const paidThrough = current?.currentPeriodEnd?.toISOString() ?? null;
  const state = current ? (onMessaging ? 'active' : 'canceled') : onMessaging ? 'payment_required' : 'none';
  return {
    plan: { id: plan.id, name: plan.name, priceCentsPerMonth: plan.priceCentsPerMonth, commissionRate: m.commissionRate },
    subscription: {
      state,
      amountCents: current?.amountCents ?? (onMessaging ? plan.priceCentsPerMonth : null),
      paidThrough,
      renewsOn: state === 'active' ? paidThrough : null,
    },
    canCancel: m.subscriptionPlan !== 'advertise_only',
    totals: { paidCents: Number(totals?.cents ?? 0), paidCharges: totals?.n ?? 0 },
  };
}
