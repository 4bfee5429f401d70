import { eq, inArray } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, payoutPeriodFor, payoutPeriodWindow } from '@localperks/shared';
import type { Tx } from '../db/client';
import { deals, merchants, reviews, users } from '../db/schema';
import { seedSale } from './past-sales';

interface SeedReview {
  author: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title?: string;
  body: string;
  /** The business's public reply. */
  reply?: string;
}

/**
 * Verified reviews of some demo deals, several with the business's reply (docs/decisions/0064-verified-reviews.md),
 * written by demo customers from vouchers they bought and redeemed, as the product writes them.
 */
export const SEED_REVIEWS: Record<string, SeedReview[]> = {
  'Weekend Brunch for Two with Bottomless Coffee': [
    {
      author: 'Maya Torres',
      rating: 5,
      title: 'Our new Sunday spot',
      body: 'The lemon ricotta pancakes were outstanding and the coffee refills never stopped. Staff honoured the voucher without any fuss.',
      reply: 'Thank you, Maya! The pancakes are our chef’s favourite too. See you next Sunday.',
    },
    {
      author: 'Jordan Lee',
      rating: 4,
      body: 'Great food and a lovely room. We waited about twenty minutes for a table at 11, so book ahead on weekends.',
      reply: 'Thanks Jordan, good tip. You can now reserve online, and vouchers are welcome with a booking.',
    },
    {
      author: 'Priya Shah',
      rating: 5,
      body: 'Generous portions, friendly service and the eggs Benedict were perfect. Excellent value with the voucher.',
    },
  ],
  'Deep-Dish Pizza Dinner for Four with Caesar Salad': [
    {
      author: 'Sam Okafor',
      rating: 5,
      title: 'Proper Chicago deep dish',
      body: 'Crispy buttery crust, loads of cheese and a sauce with real flavour. Four of us could not finish it. Worth the 45-minute bake.',
      reply: 'That is exactly how we like to hear it. Thanks for coming in, Sam!',
    },
    {
      author: 'Lena Fischer',
      rating: 3,
      body: 'The pizza was very good but the Caesar salad was small for four people and a little overdressed.',
      reply: 'Thanks for the honest feedback, Lena. We have made the salad for four bigger since your visit.',
    },
  ],
  'Hands-On Fresh Pasta Making Class': [
    {
      author: 'Chris Nguyen',
      rating: 5,
      body: 'A fun evening: we made tagliatelle and ravioli from scratch and ate everything with a glass of wine. The chef was patient and funny.',
    },
    {
      author: 'Ava Johnson',
      rating: 4,
      title: 'Fun and tasty',
      body: 'Well organised class with clear instructions. It ran a little over time, which we did not mind at all.',
    },
  ],
  '90-Minute Couples Massage with Aromatherapy': [
    {
      author: 'Noah Williams',
      rating: 5,
      body: 'Relaxing from start to finish. The room was calm and warm and both therapists were excellent. A lovely anniversary treat.',
      reply: 'Happy anniversary, Noah, and thank you for choosing us!',
    },
    {
      author: 'Emma Rossi',
      rating: 2,
      body: 'The massage itself was fine but we were rushed at the end and the aromatherapy oils were not offered as described.',
      reply: 'We are sorry, Emma. That is not how it should go: please write to us and we will make it right.',
    },
  ],
  'Signature 60-Minute Facial with LED Light Therapy': [
    {
      author: 'Grace Kim',
      rating: 5,
      body: 'My skin felt amazing for days. The esthetician explained each step and never pushed any products. Highly recommended.',
    },
  ],
  'Brooklyn Pizza Walking Tour with Four Tastings': [
    {
      author: 'Diego Alvarez',
      rating: 5,
      title: 'Great guide, great slices',
      body: 'Our guide knew the history of every pizzeria and the four tastings were generous. Wear comfortable shoes!',
      reply: 'Thanks Diego! Marco will be thrilled to read this.',
    },
    {
      author: 'Hannah Brooks',
      rating: 4,
      body: 'Really enjoyable afternoon with a small group. One stop was very crowded but the rest of the tour made up for it.',
    },
  ],
  'Baja Taco Platter and Mezcal Tasting for Two': [
    {
      author: 'Olivia Martin',
      rating: 4,
      body: 'The fish tacos were the best we have had in LA, and the mezcal tasting was a great introduction. Slightly loud on a Friday night.',
      reply: 'Thanks Olivia! Try a weekday evening for a quieter table.',
    },
  ],
};

/** Where the demo reviewers' accounts are. */
const reviewerEmail = (author: string) => `${author.toLowerCase().replace(/[^a-z]+/g, '.')}@customers.localperks.example`;

/**
 * The demo reviews: for each one a demo customer bought the deal and redeemed the voucher in the current payout period
 * (so no closed period changes), then wrote the review a little later; the business replied to some. The sales enter
 * the ledger as checkout's do.
 */
export async function seedDemoReviews(tx: Tx, passwordHash: string, now: Date): Promise<number> {
  const titles = Object.keys(SEED_REVIEWS);
  const rows = await tx
    .select({ deal: deals, ownerId: merchants.userId })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(inArray(deals.title, titles));
  const periodStart = payoutPeriodWindow(payoutPeriodFor(now)).from.getTime();
  // Spread over the last ten days, or over the current period when it began more recently.
  const from = Math.max(periodStart, now.getTime() - 10 * DAY_MS);
  const span = Math.max(now.getTime() - from - 3 * HOUR_MS, 60_000);
  let written = 0;
  const all = rows.flatMap((r) => (SEED_REVIEWS[r.deal.title] ?? []).map((review) => ({ ...r, review })));
  for (const [i, { deal, ownerId, review }] of all.entries()) {
    const email = reviewerEmail(review.author);
    await tx
      .insert(users)
      .values({ email, name: review.author, role: 'customer', passwordHash, emailVerifiedAt: new Date(from) })
      .onConflictDoNothing();
    const [buyer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const boughtAt = new Date(from + Math.floor((span * i) / Math.max(all.length, 1)));
    const redeemedAt = new Date(boughtAt.getTime() + HOUR_MS);
    const reviewedAt = new Date(redeemedAt.getTime() + HOUR_MS);
    const bought = await seedSale(tx, {
      buyerId: buyer!.id,
      cardName: review.author,
      deal,
      at: boughtAt,
      redeemed: { at: redeemedAt, by: ownerId },
    });
    await tx.insert(reviews).values({
      purchaseId: bought.id,
      userId: buyer!.id,
      dealId: deal.id,
      merchantId: deal.merchantId,
      rating: review.rating,
      title: review.title ?? null,
      body: review.body,
      createdAt: reviewedAt,
      updatedAt: reviewedAt,
      ...(review.reply ? { replyText: review.reply, replyAt: new Date(reviewedAt.getTime() + HOUR_MS), replyBy: ownerId } : {}),
    });
    written++;
  }
  return written;
}
