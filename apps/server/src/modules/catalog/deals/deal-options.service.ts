import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MERCHANT_DEAL_MESSAGES as M, discountPercent, type DealOption, type DealOptionInput } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { dealOptions, deals, orderItems, purchases } from '../../../db/schema';
import { AppError } from '../../../lib/errors';

/**
 * A deal's options and their stock (docs/decisions/0047-deal-options-stock-dates.md). The catalog owns
 * them; orders reserve and release units only through `takeStock` / `returnStock`, each one conditional
 * update on the option's row, so no two checkouts can take the same unit on any number of instances.
 */

type OptionRow = typeof dealOptions.$inferSelect;

const toOption = (o: OptionRow): DealOption => ({
  id: o.id,
  title: o.title,
  originalPriceCents: o.originalPriceCents,
  dealPriceCents: o.dealPriceCents,
  discountPercentage: o.discountPercentage,
  stockLeft: o.stockLeft,
});

/** The options customers can choose, in the merchant's order. */
export async function liveOptions(db: Tx, dealId: string): Promise<DealOption[]> {
  const rows = await db
    .select()
    .from(dealOptions)
    .where(and(eq(dealOptions.dealId, dealId), isNull(dealOptions.removedAt)))
    .orderBy(asc(dealOptions.position), asc(dealOptions.createdAt));
  return rows.map(toOption);
}

/** Live options of several deals (the merchant's list), with what the merchant alone sees: the total stock. */
export async function liveOptionsOf(db: Tx, dealIds: string[]): Promise<Map<string, (DealOption & { stockTotal: number | null })[]>> {
  const byDeal = new Map<string, (DealOption & { stockTotal: number | null })[]>();
  if (!dealIds.length) return byDeal;
  const rows = await db
    .select()
    .from(dealOptions)
    .where(and(inArray(dealOptions.dealId, dealIds), isNull(dealOptions.removedAt)))
    .orderBy(asc(dealOptions.position), asc(dealOptions.createdAt));
  for (const r of rows) byDeal.set(r.dealId, [...(byDeal.get(r.dealId) ?? []), { ...toOption(r), stockTotal: r.stockTotal }]);
  return byDeal;
}

/** Units of an option sold and not refunded, or held by open checkouts: what its stock can never go below. */
async function unitsTaken(tx: Tx, optionId: string): Promise<number> {
  const [sold] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(and(eq(purchases.optionId, optionId), isNull(purchases.refundedAt)));
  const [held] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.optionId, optionId), eq(orderItems.reservation, 'held')));
  return Number(sold?.n ?? 0) + Number(held?.n ?? 0);
}

/**
 * Writes a deal's options from the merchant's form, in the caller's transaction: those named by id are
 * updated, new ones added, missing ones taken off (kept, since orders name them). A stock is the total
 * offered: what is left moves by the change, in one update, and may not fall below what was already taken.
 * Then the deal row's "from" price and best discount follow the live options.
 */
export async function saveDealOptions(tx: Tx, dealId: string, input: DealOptionInput[], now: Date): Promise<void> {
  const existing = await tx.select().from(dealOptions).where(eq(dealOptions.dealId, dealId)).for('update');
  const byId = new Map(existing.map((o) => [o.id, o]));
  const kept = new Set<string>();
  // A deal saved with one untitled option of no id (a one-option deal) keeps its first live option.
  const firstLive = existing.filter((o) => !o.removedAt).sort((a, b) => a.position - b.position)[0];
  for (const [position, o] of input.entries()) {
    const stock = o.stock ?? null;
    const prices = {
      title: o.title ?? '',
      originalPriceCents: o.originalPriceCents,
      dealPriceCents: o.dealPriceCents,
      discountPercentage: discountPercent(o.originalPriceCents, o.dealPriceCents),
      position,
    };
    const target = o.id ? byId.get(o.id) : input.length === 1 && firstLive && !kept.has(firstLive.id) ? firstLive : undefined;
    if (o.id && !target)
      throw new AppError('VALIDATION', M.optionsMin, { [`options.${position}.id`]: 'This option is not one of this deal’s.' });
    if (!target) {
      await tx.insert(dealOptions).values({ dealId, ...prices, stockTotal: stock, stockLeft: stock });
      continue;
    }
    kept.add(target.id);
    if (stock === null) {
      await tx
        .update(dealOptions)
        .set({ ...prices, stockTotal: null, stockLeft: null, removedAt: null })
        .where(eq(dealOptions.id, target.id));
    } else if (target.stockTotal === null) {
      // From no limit to a stock: what was sold (and is held) counts against it.
      const taken = await unitsTaken(tx, target.id);
      if (stock < taken)
        throw new AppError('VALIDATION', M.stockBelowSold(taken), { [`options.${position}.stock`]: M.stockBelowSold(taken) });
      await tx
        .update(dealOptions)
        .set({ ...prices, stockTotal: stock, stockLeft: stock - taken, removedAt: null })
        .where(eq(dealOptions.id, target.id));
    } else {
      const [row] = await tx
        .update(dealOptions)
        .set({
          ...prices,
          stockTotal: stock,
          stockLeft: sql`${stock}::int - (${dealOptions.stockTotal} - ${dealOptions.stockLeft})`,
          removedAt: null,
        })
        .where(and(eq(dealOptions.id, target.id), sql`${stock}::int >= ${dealOptions.stockTotal} - ${dealOptions.stockLeft}`))
        .returning({ id: dealOptions.id });
      if (!row) {
        const taken = target.stockTotal - (target.stockLeft ?? 0);
        throw new AppError('VALIDATION', M.stockBelowSold(taken), { [`options.${position}.stock`]: M.stockBelowSold(taken) });
      }
    }
  }
  const gone = existing.filter((o) => !o.removedAt && !kept.has(o.id)).map((o) => o.id);
  if (gone.length) await tx.update(dealOptions).set({ removedAt: now }).where(inArray(dealOptions.id, gone));
  await refreshFromPrice(tx, dealId);
}

/** The deal row's price columns mean "from": the lowest live option's prices and the best discount of any. */
export async function refreshFromPrice(tx: Tx, dealId: string): Promise<void> {
  await tx.execute(sql`
    update ${deals} d set
      deal_price_cents = lo.deal_price_cents,
      original_price_cents = lo.original_price_cents,
      discount_percentage = best.discount
    from (select deal_price_cents, original_price_cents from deal_options
          where deal_id = ${dealId} and removed_at is null order by deal_price_cents, discount_percentage desc limit 1) lo,
         (select max(discount_percentage) as discount from deal_options where deal_id = ${dealId} and removed_at is null) best
    where d.id = ${dealId}`);
}

export interface SaleOption {
  id: string;
  dealId: string;
  title: string;
  dealPriceCents: number;
  stockLeft: number | null;
  removed: boolean;
}

/** The options named by a cart (or each deal's first live option where a line names none). */
export async function optionsForSale(db: Tx, lines: { dealId: string; optionId?: string | undefined }[]): Promise<Map<string, SaleOption>> {
  const dealIds = [...new Set(lines.map((l) => l.dealId))];
  if (!dealIds.length) return new Map();
  const rows = await db
    .select()
    .from(dealOptions)
    .where(inArray(dealOptions.dealId, dealIds))
    .orderBy(asc(dealOptions.position), asc(dealOptions.createdAt));
  const out = new Map<string, SaleOption>();
  for (const l of lines) {
    const o = l.optionId
      ? rows.find((r) => r.id === l.optionId && r.dealId === l.dealId)
      : rows.find((r) => r.dealId === l.dealId && !r.removedAt);
    if (o)
      out.set(`${l.dealId}|${l.optionId ?? ''}`, {
        id: o.id,
        dealId: o.dealId,
        title: o.title,
        dealPriceCents: o.dealPriceCents,
        stockLeft: o.stockLeft,
        removed: o.removedAt !== null,
      });
  }
  return out;
}

/**
 * Takes `quantity` units of an option for a checkout, in the caller's transaction: one conditional
 * update, which waits for any other checkout holding the row. Answers `unlimited` (no stock to take),
 * `held`, or how many were left when there were not enough.
 */
export async function takeStock(
  tx: Tx,
  optionId: string,
  quantity: number,
): Promise<{ kind: 'unlimited' | 'held' } | { kind: 'short'; left: number }> {
  const [row] = await tx
    .update(dealOptions)
    .set({ stockLeft: sql`${dealOptions.stockLeft} - ${quantity}::int` })
    .where(and(eq(dealOptions.id, optionId), sql`${dealOptions.stockLeft} >= ${quantity}::int`))
    .returning({ left: dealOptions.stockLeft });
  if (row) return { kind: 'held' };
  const [o] = await tx.select({ left: dealOptions.stockLeft }).from(dealOptions).where(eq(dealOptions.id, optionId));
  if (!o || o.left === null) return { kind: 'unlimited' };
  return { kind: 'short', left: o.left };
}

/** Gives units back to an option's stock (an expired checkout, a refund the merchant restocks), never above its total. */
export async function returnStock(tx: Tx, optionId: string, quantity: number): Promise<void> {
  await tx
    .update(dealOptions)
    .set({ stockLeft: sql`least(${dealOptions.stockLeft} + ${quantity}::int, ${dealOptions.stockTotal})` })
    .where(and(eq(dealOptions.id, optionId), sql`${dealOptions.stockLeft} is not null`));
}
