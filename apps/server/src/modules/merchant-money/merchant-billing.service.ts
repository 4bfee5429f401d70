import { and, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import {
  MERCHANT_CHARGES_PAGE_SIZE,
  MERCHANT_MESSAGES,
  MERCHANT_MONEY_MESSAGES as MM,
  chargeDescription,
  planById,
  receiptNumber,
  type MerchantBilling,
  type MerchantCharge,
  type MerchantChargesPage,
  type MerchantReceipt,
} from '@localperks/shared';
import type { Tx } from '../../db/client';
import { deals, merchantCharges, merchants, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { activeSubscriptions } from '../billing/billing.service';

/**
 * The Billing tab (DESIGN.md 4, 7): the merchant's plan and subscription and every charge they paid
 * the platform, read from `merchant_charges` (written only by the billing module).
 */

type Merchant = typeof merchants.$inferSelect;

export async function merchantOfUser(db: Tx, userId: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('NOT_FOUND', MERCHANT_MESSAGES.noProfile);
  return m;
}

/**
 * The charges a merchant sees: paid ones (money received, also a subscription that has ended since)
 * and open payment pages; pages closed unpaid (canceled, expired) charged nothing and are left out.
 */
const listed = (merchantId: string) =>
  and(eq(merchantCharges.merchantId, merchantId), or(isNotNull(merchantCharges.paidAt), eq(merchantCharges.status, 'open')));

const chargeColumns = { charge: merchantCharges, dealTitle: deals.title };

function toCharge(r: { charge: typeof merchantCharges.$inferSelect; dealTitle: string | null }): MerchantCharge {
  const c = r.charge;
  return {
    id: c.id,
    kind: c.kind,
    description: chargeDescription({ kind: c.kind, boostDays: c.boostDays, dealTitle: r.dealTitle }),
    amountCents: c.amountCents,
    status: c.paidAt ? 'paid' : 'pending',
    createdAt: c.createdAt.toISOString(),
    paidAt: c.paidAt?.toISOString() ?? null,
    dealId: c.dealId,
    boostDays: c.boostDays,
    periodEnd: c.kind === 'subscription' ? (c.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

/** Every charge, newest first (by when it was paid, or opened when not paid yet), page by page. */
export async function listCharges(deps: Pick<Deps, 'db'>, userId: string, page: number): Promise<MerchantChargesPage> {
  const m = await merchantOfUser(deps.db, userId);
  const pageSize = MERCHANT_CHARGES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(chargeColumns)
      .from(merchantCharges)
      .leftJoin(deals, eq(deals.id, merchantCharges.dealId))
      .where(listed(m.id))
      .orderBy(desc(sql`coalesce(${merchantCharges.paidAt}, ${merchantCharges.createdAt})`), desc(merchantCharges.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(merchantCharges).where(listed(m.id)),
  ]);
  return { items: rows.map(toCharge), total: total?.n ?? 0, page, pageSize };
}

/** The receipt of one of the merchant's paid charges; another merchant's (or an unpaid one) is not found. */
export async function chargeReceipt(deps: Pick<Deps, 'db'>, userId: string, chargeId: string): Promise<MerchantReceipt> {
  const m = await merchantOfUser(deps.db, userId);
  const [row] = await deps.db
    .select({ ...chargeColumns, email: users.email })
    .from(merchantCharges)
    .leftJoin(deals, eq(deals.id, merchantCharges.dealId))
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(merchantCharges.id, chargeId), eq(merchantCharges.merchantId, m.id), isNotNull(merchantCharges.paidAt)));
  if (!row) throw new AppError('NOT_FOUND', MM.chargeNotFound);
  return {
    charge: toCharge(row),
    receiptNumber: receiptNumber(row.charge.id),
    billedTo: { businessName: m.businessName, email: row.email, city: m.city, state: m.state },
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
    deps.db
      .select({ cents: sql<number>`coalesce(sum(${merchantCharges.amountCents}), 0)::int`, n: count() })
      .from(merchantCharges)
      .where(and(eq(merchantCharges.merchantId, m.id), isNotNull(merchantCharges.paidAt))),
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
