import { and, eq, sql } from 'drizzle-orm';
import { paths, payoutPeriodFor, payoutPeriodWindow, previousPayoutPeriod, taxCents, DAY_MS } from '@localperks/shared';
import type { Tx } from '../db/client';
import { deals, orderItems, orders, payoutAccounts, purchases, sandboxConnectedAccounts, sandboxSessions, users } from '../db/schema';
import { randomToken } from '../lib/crypto';
import { postSales } from '../modules/money';
import { generateRedemptionCode } from '../modules/orders';

export const PAST_BUYER_EMAIL = 'past-buyers@customers.localperks.example';

/**
 * Demo sales for a merchant (docs/product/design.md §13): by default a few purchases in each of the three periods
 * before the current one and two in the current period (`units`: how many in each, oldest first), bought by a
 * separate demo buyer so the demo customer's own purchases stay empty. Does nothing if the merchant already has
 * sales. The payout job (or the seed right after) closes the finished periods into payouts.
 */
export async function seedPastSales(
  tx: Tx,
  merchantId: string,
  passwordHash: string,
  now = new Date(),
  units: readonly [number, number, number, number] = [3, 5, 4, 2],
) {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(eq(purchases.merchantId, merchantId));
  if (n > 0) return 0;
  const sold = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.merchantId, merchantId), eq(deals.type, 'standard')))
    .limit(3);
  if (!sold.length) return 0;
  await tx
    .insert(users)
    .values({ email: PAST_BUYER_EMAIL, name: 'Demo Buyers', role: 'customer', passwordHash, emailVerifiedAt: now })
    .onConflictDoNothing();
  const [buyer] = await tx.select().from(users).where(eq(users.email, PAST_BUYER_EMAIL));
  if (!buyer) return 0;

  // Sales per period, oldest first: [period, units]; times are spread over the period's days.
  const current = payoutPeriodFor(now);
  const p1 = previousPayoutPeriod(current);
  const p2 = previousPayoutPeriod(p1);
  const p3 = previousPayoutPeriod(p2);
  const plan: [typeof current, number][] = [
    [p3, units[0]],
    [p2, units[1]],
    [p1, units[2]],
    [current, units[3]],
  ];
  let count = 0;
  for (const [period, units] of plan) {
    const w = payoutPeriodWindow(period);
    const end = Math.min(w.to.getTime(), now.getTime() - 60_000);
    const span = Math.max(end - w.from.getTime(), 60_000);
    for (let i = 0; i < units; i++) {
      const deal = sold[(count + i) % sold.length]!;
      const at = new Date(w.from.getTime() + Math.floor((span * (i + 0.5)) / units));
      await seedSale(tx, { buyerId: buyer.id, cardName: 'Demo Buyer', deal, at });
    }
    count += units;
  }
  return count;
}

/**
 * One demo sale as checkout records it: a paid order of one line bought at `at`, paid on a sandbox checkout session
 * (so the voucher can be refunded and disputed at the provider like any other), its voucher (redeemed when
 * `redeemed` says so) and the sale in the ledger. Returns the voucher.
 */
export async function seedSale(
  tx: Tx,
  sale: {
    buyerId: string;
    cardName: string;
    deal: typeof deals.$inferSelect;
    at: Date;
    redeemed?: { at: Date; by: string };
  },
) {
  const { buyerId, cardName, deal, at, redeemed } = sale;
  const sessionId = `cs_sandbox_${randomToken(24)}`;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyerId,
      status: 'paid',
      provider: 'sandbox',
      providerSessionId: sessionId,
      subtotalCents: deal.dealPriceCents,
      taxCents: taxCents(deal.dealPriceCents),
      totalCents: deal.dealPriceCents + taxCents(deal.dealPriceCents),
      billing: { cardName, address: '1 Demo St', city: deal.city, state: deal.state, zipCode: '60601', notes: '' },
      expiresAt: at,
      paidAt: at,
      createdAt: at,
    })
    .returning();
  // The sandbox's session, paid and its webhook accepted (the job has nothing to send again).
  const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, buyerId));
  await tx.insert(sandboxSessions).values({
    id: sessionId,
    orderId: order!.id,
    customerEmail: buyer!.email,
    lines: [{ name: deal.title, unitAmountCents: order!.subtotalCents, quantity: 1 }],
    subtotalCents: order!.subtotalCents,
    taxCents: order!.taxCents,
    totalCents: order!.totalCents,
    successUrl: `${paths.purchases}?success=true&order=${order!.id}`,
    cancelUrl: `${paths.cart}?canceled=true`,
    status: 'paid',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: at.getUTCFullYear() + 3 },
    expiresAt: at,
    paidAt: at,
    webhookDeliveredAt: at,
    createdAt: at,
  });
  // The order's line, as checkout writes it: refunds split the order's tax over its lines (refunds.service voucherRefundCents).
  await tx
    .insert(orderItems)
    .values({ orderId: order!.id, dealId: deal.id, title: deal.title, unitPriceCents: deal.dealPriceCents, quantity: 1 });
  const rate = 15;
  const bought = await tx
    .insert(purchases)
    .values({
      orderId: order!.id,
      userId: buyerId,
      dealId: deal.id,
      merchantId: deal.merchantId,
      dealTitle: deal.title,
      priceCents: deal.dealPriceCents,
      commissionRate: rate,
      commissionCents: Math.round((deal.dealPriceCents * rate) / 100),
      redemptionCode: generateRedemptionCode(),
      purchasedAt: at,
      expirationDate: new Date(Math.max(deal.expirationDate.getTime(), at.getTime() + 30 * DAY_MS)),
      ...(redeemed ? { redeemedAt: redeemed.at, redeemedBy: redeemed.by } : {}),
    })
    .returning();
  await postSales(tx, bought);
  return bought[0]!;
}

/**
 * A demo merchant's payout account at the sandbox provider, as its onboarding would have left it
 * (docs/decisions/0056-payout-accounts-and-transfers.md): active, or restricted with an identity document asked for.
 */
export async function seedPayoutAccount(
  tx: Tx,
  merchant: { id: string; email: string; businessName: string },
  status: 'active' | 'restricted',
  now: Date,
) {
  const requirements = status === 'restricted' ? ['individual.verification.document'] : [];
  const id = `acct_sandbox_demo_${merchant.id.replace(/-/g, '').slice(0, 16)}`;
  await tx
    .insert(sandboxConnectedAccounts)
    .values({ id, merchantId: merchant.id, email: merchant.email, businessName: merchant.businessName, status, requirements });
  await tx
    .insert(payoutAccounts)
    .values({ merchantId: merchant.id, provider: 'sandbox', providerAccountId: id, status, requirements, statusAt: now });
}
