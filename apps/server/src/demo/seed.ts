import { eq, sql } from 'drizzle-orm';
import { BOOST_OPTIONS, discountPercent, planById, timeZoneOfState, DAY_MS } from '@localperks/shared';
import type { Db } from '../db/client';
import {
  dealOptions,
  deals,
  merchantCharges,
  merchantRegistrationRequests,
  merchantStaff,
  merchants,
  promoCodes,
  users,
} from '../db/schema';
import { hashPassword, randomToken, sha256 } from '../lib/crypto';
import { DEMO_PROMO_CODE, SEED_DEALS, SEED_MERCHANTS, SEED_SELLING } from './catalogue';
import { saveDealOptions } from '../modules/catalog';
import { seedPastSales, seedPayoutAccount } from './past-sales';
import { seedDemoReviews } from './reviews';
import { seedLostDispute, seedRefundsAndDispute } from './refunds';
import { seedSupportTickets } from './tickets';
import { LOCK_IDS } from '../lib/lock-ids';
import { closePayoutPeriods, postChargePaid, settlePayouts } from '../modules/money';
import { systemClock } from '../lib/deps';

export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@localperks.example', name: 'Casey Customer' },
  merchant: { email: 'merchant@localperks.example', name: 'Morgan Merchant' },
  admin: { email: 'admin@localperks.example', name: 'Avery Admin' },
  /** The other admin roles (docs/decisions/0062-roles-and-staff.md): each sees only its sections. */
  support: { email: 'support@localperks.example', name: 'Sam Support' },
  finance: { email: 'finance@localperks.example', name: 'Finley Finance' },
  /** The demo merchant's staff: a manager, and a redeemer at the counter. */
  manager: { email: 'manager@localperks.example', name: 'Mia Manager' },
  redeemer: { email: 'counter@localperks.example', name: 'Corey Counter' },
} as const;

/** Seeds demo accounts and the catalogue, once, on an empty database. Returns false if it had data. */
export async function seedDemoData(db: Db, password: string): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    // Two instances starting on one empty database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.seed})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (n > 0) return false;
    const passwordHash = await hashPassword(password);
    const now = Date.now();
    const verified = new Date(now);
    const [, merchantUser] = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS.customer.email,
          name: DEMO_ACCOUNTS.customer.name,
          role: 'customer',
          passwordHash,
          emailVerifiedAt: verified,
        },
        {
          email: DEMO_ACCOUNTS.merchant.email,
          name: DEMO_ACCOUNTS.merchant.name,
          role: 'merchant',
          passwordHash,
          emailVerifiedAt: verified,
        },
        // The demo admin is an owner: everything, managing admins included (docs/decisions/0062-roles-and-staff.md).
        {
          email: DEMO_ACCOUNTS.admin.email,
          name: DEMO_ACCOUNTS.admin.name,
          role: 'admin',
          adminRole: 'owner',
          passwordHash,
          emailVerifiedAt: verified,
        },
        ...(['support', 'finance'] as const).map((adminRole) => ({
          email: DEMO_ACCOUNTS[adminRole].email,
          name: DEMO_ACCOUNTS[adminRole].name,
          role: 'admin' as const,
          adminRole,
          passwordHash,
          emailVerifiedAt: verified,
        })),
      ])
      .returning();
    const merchantIds = new Map<string, string>();
    for (const [i, m] of SEED_MERCHANTS.entries()) {
      // The first catalogue merchant belongs to the demo merchant account; the others get their own accounts.
      const owner =
        i === 0
          ? merchantUser!
          : (
              await tx
                .insert(users)
                .values({
                  email: `${m.key}@merchants.localperks.example`,
                  name: m.businessName,
                  role: 'merchant',
                  passwordHash,
                  emailVerifiedAt: verified,
                })
                .returning()
            )[0]!;
      const createdAt = new Date(now - 60 * DAY_MS);
      const [row] = await tx
        .insert(merchants)
        .values({
          userId: owner.id,
          businessName: m.businessName,
          description: m.description,
          website: m.website,
          phone: m.phone,
          city: m.city,
          state: m.state,
          addressLine1: m.address.line1,
          addressLine2: m.address.line2,
          zip: m.address.zip,
          lat: m.address.lat,
          lng: m.address.lng,
          timeZone: timeZoneOfState(m.state),
          subscriptionPlan: m.plan,
          approved: true,
          hasSubscription: m.plan !== 'advertise_only',
          commissionRate: m.plan === 'deals_messaging' ? 15 : 0,
          ...(m.openingHours && { openingHours: m.openingHours }),
          ...(m.profile && {
            logoUrl: m.profile.logo,
            coverUrl: m.profile.cover,
            profileHighlights: m.profile.highlights,
          }),
          createdAt,
        })
        .returning();
      if (m.plan === 'advertise_messaging') {
        // Its $15/month subscription, paid and current, so the business takes messages from the first start.
        const paidAt = new Date(now - 5 * DAY_MS);
        await tx.insert(merchantCharges).values({
          merchantId: row!.id,
          kind: 'subscription',
          amountCents: planById('advertise_messaging').priceCentsPerMonth,
          provider: 'sandbox',
          status: 'paid',
          paidAt,
          currentPeriodEnd: new Date(paidAt.getTime() + 30 * DAY_MS),
          createdAt: paidAt,
        });
      }
      await tx.insert(merchantRegistrationRequests).values({
        userId: owner.id,
        businessName: m.businessName,
        email: owner.email,
        phone: m.phone,
        city: m.city,
        state: m.state,
        website: m.website,
        description: m.description,
        plan: m.plan,
        status: 'approved',
        createdAt,
        updatedAt: createdAt,
      });
      merchantIds.set(m.key, row!.id);
    }
    const rows = SEED_DEALS.map((d, index) => {
      const image = `/images/deals/${d.image}`;
      const isBoost = d.type === 'perkboost';
      return {
        merchantId: merchantIds.get(d.merchantKey)!,
        title: d.title,
        description: d.description,
        highlights: d.highlights,
        finePrint: d.finePrint,
        imageUrl: image,
        images: [image],
        type: d.type,
        status: isBoost ? ('pending' as const) : ('active' as const),
        categoryId: d.categoryId,
        city: d.city,
        state: d.state,
        originalPriceCents: d.originalPriceCents,
        dealPriceCents: d.dealPriceCents,
        discountPercentage: discountPercent(d.originalPriceCents, d.dealPriceCents),
        expirationDate: new Date(now + d.expiresInDays * DAY_MS),
        votesRequired: isBoost ? d.votesRequired! : null,
        currentVotes: isBoost ? d.currentVotes! : 0,
        votingEndDate: isBoost ? new Date(now + d.votingEndsInDays! * DAY_MS) : null,
        boostDays: isBoost ? 14 : null,
        createdAt: new Date(now - d.createdDaysAgo * DAY_MS - index * 60_000),
      };
    });
    const inserted = await tx
      .insert(deals)
      .values(rows)
      .returning({ id: deals.id, merchantId: deals.merchantId, title: deals.title, expirationDate: deals.expirationDate });
    await seedSelling(tx, inserted, new Date(now));
    // Paid boosts running now, bought and paid as a merchant would (the charge and its ledger entry).
    for (const [index, d] of SEED_DEALS.entries()) {
      if (!d.boost) continue;
      const deal = inserted[index]!;
      const startsAt = new Date(now - d.boost.daysAgo * DAY_MS);
      const endsAt = new Date(startsAt.getTime() + d.boost.days * DAY_MS);
      await tx
        .update(deals)
        .set({ boostedUntil: endsAt, boostStartedAt: startsAt })
        .where(sql`${deals.id} = ${deal.id}`);
      const [charge] = await tx
        .insert(merchantCharges)
        .values({
          merchantId: deal.merchantId,
          kind: 'deal_boost',
          dealId: deal.id,
          boostDays: d.boost.days,
          amountCents: BOOST_OPTIONS.find((o) => o.days === d.boost!.days)!.priceCents,
          provider: 'sandbox',
          status: 'paid',
          paidAt: startsAt,
          boostStartsAt: startsAt,
          boostEndsAt: endsAt,
          createdAt: startsAt,
        })
        .returning();
      await postChargePaid(tx, charge!, startsAt);
    }
    await seedStaff(tx, merchantIds.get(SEED_MERCHANTS[0]!.key)!, merchantUser!.id, passwordHash, verified);
    // Past sales of the demo merchant, so payouts and analytics have data.
    await seedPastSales(tx, merchantIds.get(SEED_MERCHANTS[0]!.key)!, passwordHash, new Date(now));
    // Payouts in every state a person should see (docs/decisions/0056-payout-accounts-and-transfers.md): the demo
    // merchant's account is active, so its closed payouts are transferred (at start, and by the job); one business
    // has not set up payouts (its payout waits for its account); one's account is restricted (its transfer failed).
    const at = new Date(now);
    await seedPayoutAccount(
      tx,
      { id: merchantIds.get(SEED_MERCHANTS[0]!.key)!, ...demoOwner(SEED_MERCHANTS[0]!, merchantUser!.email) },
      'active',
      at,
    );
    await seedPastSales(tx, merchantIds.get(DEMO_WAITING_MERCHANT)!, passwordHash, at, [0, 0, 3, 0]);
    await seedPastSales(tx, merchantIds.get(DEMO_RESTRICTED_MERCHANT)!, passwordHash, at, [0, 2, 0, 0]);
    // A chargeback lost on the business that has not set up payouts: deducted, with its fee, from its next payout.
    await seedLostDispute(tx, merchantIds.get(DEMO_WAITING_MERCHANT)!, at);
    // Refunds (completed, declined, open) and an open chargeback on the demo merchant's past sales, before the
    // periods close (a refund lowers its sale's period).
    await seedRefundsAndDispute(tx, merchantIds.get(SEED_MERCHANTS[0]!.key)!, at);
    // Verified reviews on several deals, some with the business's reply (docs/decisions/0064-verified-reviews.md).
    await seedDemoReviews(tx, passwordHash, at);
    // The support desk: tickets in each state, the demo customer's with a reply thread.
    await seedSupportTickets(tx, at);
    const restricted = SEED_MERCHANTS.find((m) => m.key === DEMO_RESTRICTED_MERCHANT)!;
    await seedPayoutAccount(
      tx,
      { id: merchantIds.get(DEMO_RESTRICTED_MERCHANT)!, ...demoOwner(restricted, `${restricted.key}@merchants.localperks.example`) },
      'restricted',
      at,
    );
    return true;
  });
  if (seeded) {
    await closePayoutPeriods({ db, clock: systemClock });
    // Each payout follows its merchant's account at once (waiting, failed), as the payout job would.
    const now = systemClock.now();
    await db.transaction((tx) => settlePayouts(tx, 'sandbox', now));
  }
  return seeded;
}

/**
 * The demo merchant's staff, as if they had accepted the owner's invitations: a manager and a redeemer, each with
 * an account of their own. The invitation's link is spent, so its selector and verifier are random and unknown.
 */
async function seedStaff(tx: Db, merchantId: string, ownerId: string, passwordHash: string, joined: Date) {
  for (const role of ['manager', 'redeemer'] as const) {
    const [user] = await tx
      .insert(users)
      .values({ email: DEMO_ACCOUNTS[role].email, name: DEMO_ACCOUNTS[role].name, role: 'merchant', passwordHash, emailVerifiedAt: joined })
      .returning({ id: users.id });
    await tx.insert(merchantStaff).values({
      merchantId,
      email: DEMO_ACCOUNTS[role].email,
      role,
      userId: user!.id,
      invitedBy: ownerId,
      inviteSelector: randomToken(16),
      inviteVerifierHash: sha256(randomToken()),
      inviteExpiresAt: joined,
      acceptedAt: joined,
      createdAt: joined,
    });
  }
}

/** The demo business that has not set up payouts, and the one whose payout account is restricted. */
export const DEMO_WAITING_MERCHANT = 'skyline-harbor-tours';
export const DEMO_RESTRICTED_MERCHANT = 'bushwick-bloom-spa';

const demoOwner = (m: (typeof SEED_MERCHANTS)[number], email: string) => ({ email, businessName: m.businessName });

/**
 * Options, stock, limits and a scheduled start for some demo deals, and the demo promo code (issue 29):
 * written as the merchant's form and the admin's promo page write them.
 */
async function seedSelling(tx: Db, inserted: { id: string; title: string; expirationDate: Date }[], now: Date) {
  for (const d of inserted) {
    const selling = SEED_SELLING[d.title];
    if (!selling) continue;
    const [base] = await tx.select().from(dealOptions).where(eq(dealOptions.dealId, d.id));
    const options = (selling.options ?? [{ title: '', factor: 1, stock: selling.stock }]).map((o) => ({
      title: o.title,
      originalPriceCents: Math.round(base!.originalPriceCents * o.factor),
      dealPriceCents: Math.round(base!.dealPriceCents * o.factor),
      stock: o.stock ?? null,
    }));
    await saveDealOptions(tx, d.id, options, now);
    await tx
      .update(deals)
      .set({
        perCustomerLimit: selling.perCustomerLimit ?? null,
        ...(selling.validDaysAfterSale ? { validUntil: new Date(d.expirationDate.getTime() + selling.validDaysAfterSale * DAY_MS) } : {}),
        ...(selling.saleStartsInDays
          ? { status: 'scheduled' as const, saleStartsAt: new Date(now.getTime() + selling.saleStartsInDays * DAY_MS) }
          : {}),
      })
      .where(eq(deals.id, d.id));
  }
  await tx
    .insert(promoCodes)
    .values({
      code: DEMO_PROMO_CODE,
      kind: 'percent',
      percentOff: 10,
      startsAt: new Date(now.getTime() - DAY_MS),
      endsAt: new Date(now.getTime() + 365 * DAY_MS),
      perCustomerLimit: 1,
      firstOrderOnly: true,
    })
    .onConflictDoNothing();
}
