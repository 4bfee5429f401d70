import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PURCHASES_PAGE_SIZE,
  REDEEM_MESSAGES,
  REVIEW_WINDOW_MS,
  DAY_MS,
  type Purchase,
  type PurchaseRefund,
  type PurchasesPage,
  type PurchaseTab,
  type RedemptionLookup,
  displayName,
  lineTitle,
  maskVoucherCode,
  startOfDayInZone,
} from '@localperks/shared';

/** The most of today's redemptions the counter lists (a busy day's counter shows its newest). */
const TODAYS_REDEMPTIONS_LIMIT = 200;
import type { Db } from '../../../db/client';
import { deals, gifts, merchants, orderItems, orderRefunds, orders, purchases, users } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import { latestRequests, voucherRefundCents } from '../../money';
import { redeemUrlFor } from './redemption-code';

const tabFilter: Record<PurchaseTab, SQL | undefined> = {
  // A refunded voucher is dead: only the All tab lists it.
  active: and(isNull(purchases.redeemedAt), isNull(purchases.refundedAt)),
  redeemed: isNotNull(purchases.redeemedAt),
  all: undefined,
};

/** Keyset cursor over (purchased_at, id), newest first: stable while new purchases arrive. */
const encodeCursor = (p: { purchasedAt: Date; id: string }) => Buffer.from(`${p.purchasedAt.toISOString()}|${p.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime()))
    throw new AppError('VALIDATION', 'Invalid page cursor.', { cursor: 'Invalid page cursor.' });
  return { at: date, id };
}

/** The customer's own purchases, one tab of My Purchases, newest first. */
export async function listPurchases(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>,
  userId: string,
  opts: { status: PurchaseTab; cursor?: string; pageSize?: number },
): Promise<PurchasesPage> {
  const { db } = deps;
  const { appUrl } = deps.config;
  const imageUrl = deps.storage.publicUrl;
  const now = deps.clock.now();
  const pageSize = opts.pageSize ?? PURCHASES_PAGE_SIZE;
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  // Theirs, and the gifts they bought (docs/decisions/0066-gifts.md): a claimed gift is the recipient's voucher, which
  // the buyer still sees (without its code) with its delivery and claim.
  const mine = or(eq(purchases.userId, userId), sql`${purchases.giftId} in (select g.id from gifts g where g.buyer_id = ${userId})`)!;
  const buyers = alias(users, 'buyer');
  const rows = await db
    .select({
      id: purchases.id,
      dealId: purchases.dealId,
      dealTitle: purchases.dealTitle,
      dealImageUrl: deals.imageUrl,
      merchantName: merchants.businessName,
      city: deals.city,
      state: deals.state,
      optionTitle: purchases.optionTitle,
      priceCents: purchases.priceCents,
      discountCents: purchases.discountCents,
      purchasedAt: purchases.purchasedAt,
      expirationDate: purchases.expirationDate,
      redeemedAt: purchases.redeemedAt,
      refundedAt: purchases.refundedAt,
      redemptionCode: purchases.redemptionCode,
      // Its review, if written (engagement's table; docs/decisions/0064-verified-reviews.md).
      isReviewed: sql<boolean>`exists (select 1 from reviews r where r.purchase_id = ${purchases.id})`,
      holderId: purchases.userId,
      gift: gifts,
      buyerName: buyers.name,
      buyerEmail: buyers.email,
    })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .leftJoin(gifts, eq(gifts.id, purchases.giftId))
    .leftJoin(buyers, eq(buyers.id, gifts.buyerId))
    .where(
      and(
        mine,
        tabFilter[opts.status],
        after ? or(lt(purchases.purchasedAt, after.at), and(eq(purchases.purchasedAt, after.at), lt(purchases.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id))
    .limit(pageSize + 1);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      redeemed: sql<number>`count(*) filter (where ${purchases.redeemedAt} is not null)::int`,
      active: sql<number>`count(*) filter (where ${purchases.redeemedAt} is null and ${purchases.refundedAt} is null)::int`,
    })
    .from(purchases)
    .where(mine);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const refunds = after ? [] : await listRefunds(db, userId);
  const ids = page.map((r) => r.id);
  const [requests, amounts] = await Promise.all([latestRequests(db, ids), voucherRefundCents(db, ids)]);
  return {
    refunds,
    purchases: page.map((r): Purchase => {
      const request = requests.get(r.id) ?? null;
      // The holder has the code: not the buyer of a gift (before or after it is claimed).
      const isHolder = r.holderId === userId && !(r.gift && !r.gift.claimedAt);
      const dead = r.refundedAt !== null || !isHolder;
      return {
        id: r.id,
        dealId: r.dealId,
        dealTitle: r.dealTitle,
        dealImageUrl: r.dealImageUrl === null ? null : imageUrl(r.dealImageUrl),
        merchantName: r.merchantName,
        city: r.city,
        state: r.state,
        optionTitle: r.optionTitle,
        priceCents: r.priceCents,
        paidCents: r.priceCents - r.discountCents,
        purchaseDate: r.purchasedAt.toISOString(),
        expirationDate: r.expirationDate.toISOString(),
        // Past "valid until" the promotional value is gone, the paid value is not (docs/decisions/0047).
        paidValueOnly: !dead && r.redeemedAt === null && r.expirationDate <= now,
        redeemed: r.redeemedAt !== null,
        redemptionDate: r.redeemedAt?.toISOString() ?? null,
        // A refunded voucher's code and QR are gone from the page (docs/decisions/0019-refund-flow.md).
        redemptionCode: dead ? null : r.redemptionCode,
        qrCodeUrl: dead ? null : `/api/purchases/${r.id}/qr.svg`,
        redeemUrl: dead ? null : redeemUrlFor(appUrl, r.redemptionCode),
        refunded: r.refundedAt !== null,
        refundedAt: r.refundedAt?.toISOString() ?? null,
        refundCents: amounts.get(r.id) ?? r.priceCents,
        // A gift is refunded at the holder's request: the buyer's before it is claimed, the recipient's after (0066).
        canRequestRefund:
          r.refundedAt === null && r.holderId === userId && r.redeemedAt === null && r.expirationDate > now && request === null,
        refundRequest: request,
        canReview: !dead && !r.isReviewed && r.redeemedAt !== null && now.getTime() <= r.redeemedAt.getTime() + REVIEW_WINDOW_MS,
        reviewed: r.isReviewed,
        expiresWithinADay: !dead && r.redeemedAt === null && r.expirationDate > now && r.expirationDate.getTime() - now.getTime() <= DAY_MS,
        gift: r.gift
          ? {
              id: r.gift.id,
              recipientName: r.gift.recipientName,
              recipientEmail: r.gift.buyerId === userId ? r.gift.recipientEmail : null,
              message: r.gift.message,
              deliverAt: r.gift.deliverAt.toISOString(),
              deliveredAt: r.gift.deliveredAt?.toISOString() ?? null,
              claimedAt: r.gift.claimedAt?.toISOString() ?? null,
              isBuyer: r.gift.buyerId === userId,
              fromName: displayName(r.buyerName, r.buyerEmail),
            }
          : null,
      };
    }),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null,
    counts: { all: counts?.all ?? 0, redeemed: counts?.redeemed ?? 0, active: counts?.active ?? 0 },
  };
}

/** Refunds are rare (a deal withdrawn while its payment was under way); the newest are enough for the page. */
const REFUNDS_SHOWN = 20;

/** Lines of the customer's orders refunded instead of sold, newest first. */
async function listRefunds(db: Db, userId: string): Promise<PurchaseRefund[]> {
  const rows = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      dealId: orderRefunds.dealId,
      dealTitle: orderItems.title,
      optionTitle: orderItems.optionTitle,
      quantity: orderItems.quantity,
      amountCents: orderRefunds.amountCents,
      reason: orderRefunds.reason,
      status: orderRefunds.status,
      createdAt: orderRefunds.createdAt,
      refundedAt: orderRefunds.refundedAt,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(orderItems, eq(orderItems.id, orderRefunds.orderItemId))
    // Withdrawn lines only: a refunded voucher shows on its own card.
    .where(and(eq(orders.userId, userId), isNull(orderRefunds.purchaseId)))
    .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id))
    .limit(REFUNDS_SHOWN);
  return rows.map(({ optionTitle, ...r }) => ({
    ...r,
    dealTitle: lineTitle(r.dealTitle, optionTitle),
    reason: r.reason === 'sold_out' ? ('sold_out' as const) : ('deal_withdrawn' as const),
    createdAt: r.createdAt.toISOString(),
    refundedAt: r.refundedAt?.toISOString() ?? null,
  }));
}

export async function purchaseCodeForOwner(deps: Pick<Deps, 'db'>, userId: string, purchaseId: string): Promise<string> {
  const [row] = await deps.db
    .select({ code: purchases.redemptionCode })
    .from(purchases)
    .where(
      and(
        eq(purchases.id, purchaseId),
        eq(purchases.userId, userId),
        isNull(purchases.refundedAt),
        // A gift's code is its recipient's, once claimed (docs/decisions/0066-gifts.md).
        sql`not exists (select 1 from gifts g where g.id = ${purchases.giftId} and g.claimed_at is null)`,
      ),
    );
  // A refunded voucher has no QR any more.
  if (!row) throw new AppError('NOT_FOUND', 'This purchase does not exist or was refunded.');
  return row.code;
}

async function merchantIdOf(db: Db, userId: string): Promise<string> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId));
  if (!merchant) throw new AppError('NOT_FOUND', REDEEM_MESSAGES.notFound);
  return merchant.id;
}

/** A code as the merchant's redeem screen shows it; only codes of the merchant's own deals are found. */
export async function lookupRedemption(deps: Pick<Deps, 'db' | 'clock'>, merchantUserId: string, code: string): Promise<RedemptionLookup> {
  return findRedemption(deps.db, merchantUserId, code, deps.clock.now());
}

/** The lookup, as of `now` (a redemption shows its outcome at the time it was made). */
async function findRedemption(db: Db, merchantUserId: string, code: string, now: Date): Promise<RedemptionLookup> {
  const merchantId = await merchantIdOf(db, merchantUserId);
  const [row] = await db
    .select({
      purchaseId: purchases.id,
      redemptionCode: purchases.redemptionCode,
      dealTitle: purchases.dealTitle,
      optionTitle: purchases.optionTitle,
      customerName: users.name,
      priceCents: purchases.priceCents,
      discountCents: purchases.discountCents,
      purchasedAt: purchases.purchasedAt,
      expirationDate: purchases.expirationDate,
      redeemedAt: purchases.redeemedAt,
      refundedAt: purchases.refundedAt,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(and(eq(purchases.redemptionCode, code), eq(purchases.merchantId, merchantId)));
  if (!row) throw new AppError('NOT_FOUND', REDEEM_MESSAGES.notFound);
  return {
    purchaseId: row.purchaseId,
    redemptionCode: row.redemptionCode,
    dealTitle: row.dealTitle,
    optionTitle: row.optionTitle,
    customerName: row.customerName || 'Customer',
    priceCents: row.priceCents,
    paidCents: row.priceCents - row.discountCents,
    purchaseDate: row.purchasedAt.toISOString(),
    expirationDate: row.expirationDate.toISOString(),
    status: row.refundedAt ? 'refunded' : row.redeemedAt ? 'redeemed' : row.expirationDate <= now ? 'expired' : 'redeemable',
    redemptionDate: row.redeemedAt?.toISOString() ?? null,
  };
}

/**
 * Redeems a code (docs/product/design.md §6). The purchase row is locked (SELECT … FOR UPDATE) as a refund locks
 * it, so a redemption and a refund of one voucher are decided one after the other: exactly one
 * wins. Of two simultaneous redemptions the second finds `redeemed_at` set and is told so. `redeemed_by` names
 * who redeemed it: the owner or the staff member at the counter (`actorId`, docs/decisions/0062-roles-and-staff.md).
 */
export async function redeemPurchase(
  deps: Pick<Deps, 'db' | 'clock'>,
  merchantUserId: string,
  code: string,
  actorId = merchantUserId,
): Promise<RedemptionLookup> {
  const { db } = deps;
  const now = deps.clock.now();
  const merchantId = await merchantIdOf(db, merchantUserId);
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select({
        id: purchases.id,
        userId: purchases.userId,
        redeemedAt: purchases.redeemedAt,
        refundedAt: purchases.refundedAt,
        forfeitedAt: purchases.forfeitedAt,
      })
      .from(purchases)
      .where(and(eq(purchases.redemptionCode, code), eq(purchases.merchantId, merchantId)))
      .for('update');
    if (!p) throw new AppError('NOT_FOUND', REDEEM_MESSAGES.notFound);
    if (p.refundedAt) throw new AppError('CONFLICT', REDEEM_MESSAGES.refunded);
    if (p.forfeitedAt) throw new AppError('CONFLICT', REDEEM_MESSAGES.forfeited);
    if (p.redeemedAt) throw new AppError('ALREADY_REDEEMED', REDEEM_MESSAGES.alreadyRedeemed);
    // Past "valid until" a voucher is still redeemed, for the amount paid (US gift-certificate rules;
    // docs/decisions/0047): the redeem screen says so before the merchant confirms.
    await tx.update(purchases).set({ redeemedAt: now, redeemedBy: actorId }).where(eq(purchases.id, p.id));
    // The customer's My Purchases, if open, moves the voucher to Redeemed at once (sent on commit).
    await publishMessageEvent(tx, { type: 'purchase', customerId: p.userId });
  });
  return findRedemption(db, merchantUserId, code, now);
}

/**
 * Today's redemptions at the business's counter, newest first: what, for whom, when, and who redeemed it (the owner
 * or a staff member: `redeemed_by`, docs/decisions/0062-roles-and-staff.md). "Today" is the day in the counter's
 * time zone (the browser's, when it is a valid IANA name; else UTC). Codes show their last four characters only.
 */
export async function todaysRedemptions(deps: Pick<Deps, 'db' | 'clock'>, merchantUserId: string, timeZone: string | undefined) {
  const merchantId = await merchantIdOf(deps.db, merchantUserId);
  const now = deps.clock.now();
  const since = startOfDayInZone(now, timeZone);
  const customers = alias(users, 'customer');
  const rows = await deps.db
    .select({
      purchaseId: purchases.id,
      redemptionCode: purchases.redemptionCode,
      dealTitle: purchases.dealTitle,
      optionTitle: purchases.optionTitle,
      customerName: customers.name,
      redeemedAt: purchases.redeemedAt,
      byName: users.name,
      byEmail: users.email,
    })
    .from(purchases)
    .innerJoin(customers, eq(customers.id, purchases.userId))
    .leftJoin(users, eq(users.id, purchases.redeemedBy))
    .where(and(eq(purchases.merchantId, merchantId), gte(purchases.redeemedAt, since)))
    .orderBy(desc(purchases.redeemedAt), desc(purchases.id))
    .limit(TODAYS_REDEMPTIONS_LIMIT);
  return {
    day: since.toISOString(),
    redemptions: rows.map((r) => ({
      purchaseId: r.purchaseId,
      redemptionCode: maskVoucherCode(r.redemptionCode),
      dealTitle: r.dealTitle,
      optionTitle: r.optionTitle,
      customerName: r.customerName || 'Customer',
      redeemedAt: r.redeemedAt!.toISOString(),
      redeemedBy: r.byEmail ? displayName(r.byName, r.byEmail) : null,
    })),
  };
}
