import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PROMO_CODE_FORM_MESSAGES,
  PROMO_MESSAGES,
  allocateCents,
  formatCents,
  normalizePromoCode,
  promoDiscountCents,
  promoValueLabel,
  type PromoCode,
  type createPromoCodeSchema,
} from '@localperks/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { deals, merchants, orders, promoCodes } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';

/**
 * Promo codes (docs/decisions/0048-promo-codes-on-the-ledger.md). Orders own them: a code is a cart
 * rule, priced here for the cart's quote and again, under the customer's row lock, when a checkout
 * starts. Who pays for the discount travels with each voucher into the ledger (money).
 */

type PromoRow = typeof promoCodes.$inferSelect;

/** A cart line as the promo rule reads it. */
export interface PromoLine {
  dealId: string;
  merchantId: string;
  categoryId: number;
  unitPriceCents: number;
  quantity: number;
}

export interface PricedPromo {
  promo: PromoRow;
  discountCents: number;
  /** Each line's share of the discount (0 for lines the code does not apply to). */
  lineDiscounts: number[];
  fundedBy: 'platform' | 'merchant';
  label: string;
}

const refuse = (message: string): never => {
  throw new AppError('VALIDATION', message, { promoCode: message });
};

const dayOf = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Times the customer used the code: paid orders and open checkouts holding it. */
async function usesBy(db: Tx, promoId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.promoCodeId, promoId), eq(orders.userId, userId), inArray(orders.promoUse, ['held', 'used'])));
  return Number(row?.n ?? 0);
}

/**
 * Prices a code against cart lines for a customer, or refuses it with the one message that says why
 * (unknown, not yet valid, expired, first orders only, not for these deals, minimum not met, already
 * used, used up). The checkout calls it again under the customer's lock, so what it says holds.
 */
export async function pricePromo(db: Tx, input: { userId: string; code: string; lines: PromoLine[]; now: Date }): Promise<PricedPromo> {
  const code = normalizePromoCode(input.code);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!promo) return refuse(PROMO_MESSAGES.unknown);
  if (!promo.active) return refuse(PROMO_MESSAGES.inactive);
  if (input.now < promo.startsAt) return refuse(PROMO_MESSAGES.notYetValid(dayOf(promo.startsAt)));
  if (input.now >= promo.endsAt) return refuse(PROMO_MESSAGES.expired);
  const eligible = input.lines.map(
    (l) =>
      (promo.merchantId === null || l.merchantId === promo.merchantId) &&
      (promo.dealIds.length === 0 || promo.dealIds.includes(l.dealId)) &&
      (promo.categoryId === null || l.categoryId === promo.categoryId),
  );
  if (!eligible.some(Boolean)) return refuse(PROMO_MESSAGES.notForTheseDeals);
  if (promo.firstOrderOnly) {
    const [paid] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.userId, input.userId), eq(orders.status, 'paid')));
    if (Number(paid?.n ?? 0) > 0) return refuse(PROMO_MESSAGES.firstOrderOnly);
  }
  const weights = input.lines.map((l, i) => (eligible[i] ? l.unitPriceCents * l.quantity : 0));
  const eligibleSubtotal = weights.reduce((a, b) => a + b, 0);
  if (eligibleSubtotal < promo.minSubtotalCents) return refuse(PROMO_MESSAGES.minimumNotMet(formatCents(promo.minSubtotalCents)));
  if ((await usesBy(db, promo.id, input.userId)) >= promo.perCustomerLimit) return refuse(PROMO_MESSAGES.alreadyUsed);
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return refuse(PROMO_MESSAGES.usedUp);
  const discountCents = promoDiscountCents(promo, eligibleSubtotal);
  return {
    promo,
    discountCents,
    lineDiscounts: allocateCents(discountCents, weights),
    fundedBy: promo.merchantId === null ? 'platform' : 'merchant',
    label: promoValueLabel(promo),
  };
}

/**
 * Takes one use of the code for a checkout (the caller holds the customer's row lock, so the
 * per-customer count cannot change meanwhile): one conditional update, so the total cap holds
 * however many checkouts of any customers run at once.
 */
export async function holdPromoUse(tx: Tx, promoId: string): Promise<void> {
  const [row] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(and(eq(promoCodes.id, promoId), sql`(${promoCodes.maxUses} is null or ${promoCodes.usedCount} < ${promoCodes.maxUses})`))
    .returning({ id: promoCodes.id });
  if (!row) refuse(PROMO_MESSAGES.usedUp);
}

/** Checkouts that ended unpaid give their code's use back (in the caller's transaction). */
export async function releasePromoUses(tx: Tx, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  const released = await tx
    .update(orders)
    .set({ promoUse: 'released' })
    .where(and(inArray(orders.id, orderIds), eq(orders.promoUse, 'held')))
    .returning({ promoCodeId: orders.promoCodeId });
  for (const r of released)
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
      .where(eq(promoCodes.id, r.promoCodeId!));
}

/**
 * A paid order's use of its code becomes final. One whose checkout had expired (the use was given
 * back) takes it again if the cap allows; the customer paid the discounted price either way, so it is honoured.
 */
export async function confirmPromoUse(tx: Tx, order: { id: string; promoCodeId: string | null; promoUse: string | null }): Promise<void> {
  if (!order.promoCodeId || order.promoUse === 'used') return;
  if (order.promoUse === 'released')
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
      .where(
        and(eq(promoCodes.id, order.promoCodeId), sql`(${promoCodes.maxUses} is null or ${promoCodes.usedCount} < ${promoCodes.maxUses})`),
      );
  await tx.update(orders).set({ promoUse: 'used' }).where(eq(orders.id, order.id));
}

function stateOf(p: PromoRow, now: Date): PromoCode['state'] {
  if (!p.active) return 'deactivated';
  if (now >= p.endsAt) return 'ended';
  if (p.maxUses !== null && p.usedCount >= p.maxUses) return 'used_up';
  if (now < p.startsAt) return 'scheduled';
  return 'active';
}

const toPromoCode = (p: PromoRow & { merchantName: string | null }, now: Date): PromoCode => ({
  id: p.id,
  code: p.code,
  fundedBy: p.merchantId === null ? 'platform' : 'merchant',
  merchantName: p.merchantName,
  kind: p.kind,
  percentOff: p.percentOff,
  amountOffCents: p.amountOffCents,
  minSubtotalCents: p.minSubtotalCents,
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt.toISOString(),
  maxUses: p.maxUses,
  perCustomerLimit: p.perCustomerLimit,
  usedCount: p.usedCount,
  dealIds: p.dealIds,
  categoryId: p.categoryId,
  firstOrderOnly: p.firstOrderOnly,
  active: p.active,
  state: stateOf(p, now),
  createdAt: p.createdAt.toISOString(),
});

/** Whose codes: the platform's and every merchant's (admin), or one merchant's own. */
type Owner = { kind: 'admin' } | { kind: 'merchant'; merchantId: string };

const PROMO_LIST_LIMIT = 200;

/** The codes an owner may see, newest first. */
export async function listPromoCodes(deps: Pick<Deps, 'db' | 'clock'>, owner: Owner): Promise<PromoCode[]> {
  const rows = await deps.db
    .select({ promo: promoCodes, merchantName: merchants.businessName })
    .from(promoCodes)
    .leftJoin(merchants, eq(merchants.id, promoCodes.merchantId))
    .where(owner.kind === 'merchant' ? eq(promoCodes.merchantId, owner.merchantId) : undefined)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(PROMO_LIST_LIMIT);
  const now = deps.clock.now();
  return rows.map((r) => toPromoCode({ ...r.promo, merchantName: r.merchantName }, now));
}

/** A new code: the platform's (admin) or a merchant's, restricted to their own deals. */
export async function createPromoCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  owner: Owner,
  userId: string,
  input: z.output<typeof createPromoCodeSchema>,
): Promise<PromoCode> {
  const merchantId = owner.kind === 'merchant' ? owner.merchantId : null;
  if (merchantId && input.dealIds.length) {
    const own = await deps.db
      .select({ id: deals.id })
      .from(deals)
      .where(and(inArray(deals.id, input.dealIds), eq(deals.merchantId, merchantId)));
    if (own.length !== new Set(input.dealIds).size)
      throw new AppError('VALIDATION', PROMO_CODE_FORM_MESSAGES.dealsNotYours, { dealIds: PROMO_CODE_FORM_MESSAGES.dealsNotYours });
  }
  const [row] = await deps.db
    .insert(promoCodes)
    .values({
      code: input.code,
      merchantId,
      kind: input.kind,
      percentOff: input.percentOff,
      amountOffCents: input.amountOffCents,
      minSubtotalCents: input.minSubtotalCents,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      maxUses: input.maxUses,
      perCustomerLimit: input.perCustomerLimit,
      dealIds: [...new Set(input.dealIds)],
      categoryId: input.categoryId,
      firstOrderOnly: input.firstOrderOnly,
      createdBy: userId,
    })
    .onConflictDoNothing({ target: promoCodes.code })
    .returning();
  if (!row) throw new AppError('CONFLICT', PROMO_CODE_FORM_MESSAGES.duplicate, { code: PROMO_CODE_FORM_MESSAGES.duplicate });
  return toPromoCode({ ...row, merchantName: null }, deps.clock.now());
}

/** Stops a code from being applied (checkouts already holding it keep their price). */
export async function deactivatePromoCode(deps: Pick<Deps, 'db' | 'clock'>, owner: Owner, id: string): Promise<PromoCode> {
  const [row] = await deps.db
    .update(promoCodes)
    .set({ active: false })
    .where(and(eq(promoCodes.id, id), owner.kind === 'merchant' ? eq(promoCodes.merchantId, owner.merchantId) : undefined))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'This promo code does not exist.');
  const [m] = row.merchantId
    ? await deps.db.select({ name: merchants.businessName }).from(merchants).where(eq(merchants.id, row.merchantId))
    : [];
  return toPromoCode({ ...row, merchantName: m?.name ?? null }, deps.clock.now());
}

/** The merchant behind a merchant user (their codes are theirs alone). */
export async function merchantOwner(db: Tx, userId: string): Promise<Owner> {
  const [m] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('FORBIDDEN', 'No merchant profile found. Please complete your registration.');
  return { kind: 'merchant', merchantId: m.id };
}
