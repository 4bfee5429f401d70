import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deals, merchants, reviewReports, reviews } from '../../../db/schema';
import { build } from '../../../../test/build';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';

// PostgreSQL only: requests at once on a pool of connections (docs/decisions/0064-verified-reviews.md).
const t = await build();
const db = t.database.db;
const BODY = 'Great value and a warm welcome, would go again.';

async function redeemedVouchers(quantity: number) {
  const merchant = await createMerchantSession(t);
  const deal = await createDeal(db, merchant.merchant.id);
  const buyers = await Promise.all(Array.from({ length: quantity }, () => t.loginAs('customer')));
  const bought: { purchase: Awaited<ReturnType<typeof buy>>[number]; cookie: string }[] = [];
  for (const b of buyers) {
    const [p] = await buy(t, b.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const res = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions',
      cookie: merchant.cookie,
      payload: { code: p!.redemptionCode },
    });
    expect(res.statusCode).toBe(200);
    bought.push({ purchase: p!, cookie: b.cookie });
  }
  return { merchant, deal, bought };
}

describe('reviews under concurrency (PostgreSQL)', () => {
  it('one review per voucher however many are sent at once', async () => {
    const { deal, bought } = await redeemedVouchers(1);
    const { purchase, cookie } = bought[0]!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request({ method: 'POST', url: `/api/purchases/${purchase.id}/review`, cookie, payload: { rating: 1 + (i % 5), body: BODY } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.select().from(reviews).where(eq(reviews.purchaseId, purchase.id))).toHaveLength(1);
    const [row] = await db.select({ n: deals.reviewCount }).from(deals).where(eq(deals.id, deal.id));
    expect(row!.n).toBe(1);
  });

  it('the count and star sum stay exact when many customers review one deal at once, and one reply of two at once wins', async () => {
    const { merchant, deal, bought } = await redeemedVouchers(10);
    const answers = await Promise.all(
      bought.map((b, i) =>
        t.request({
          method: 'POST',
          url: `/api/purchases/${b.purchase.id}/review`,
          cookie: b.cookie,
          payload: { rating: 1 + (i % 5), body: BODY },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const [d] = await db.select({ count: deals.reviewCount, sum: deals.reviewStarsSum }).from(deals).where(eq(deals.id, deal.id));
    expect(d).toEqual({ count: 10, sum: 30 });
    const [m] = await db
      .select({ count: merchants.reviewCount, sum: merchants.reviewStarsSum })
      .from(merchants)
      .where(eq(merchants.id, merchant.merchant.id));
    expect(m).toEqual({ count: 10, sum: 30 });

    const reviewId = answers[0]!.json<{ id: string }>().id;
    const replies = await Promise.all(
      ['Thank you!', 'Thanks a lot!', 'Cheers!'].map((text) =>
        t.request({ method: 'POST', url: `/api/merchant/reviews/${reviewId}/reply`, cookie: merchant.cookie, payload: { text } }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('one report per person and review however many are sent at once; the open count says one', async () => {
    const { bought } = await redeemedVouchers(1);
    const { purchase, cookie } = bought[0]!;
    const created = await t.request({
      method: 'POST',
      url: `/api/purchases/${purchase.id}/review`,
      cookie,
      payload: { rating: 2, body: BODY },
    });
    const reader = await t.loginAs('customer');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({ method: 'POST', url: `/api/reviews/${created.json().id}/report`, cookie: reader.cookie, payload: { reason: 'spam' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.select().from(reviewReports).where(eq(reviewReports.reviewId, created.json().id))).toHaveLength(1);
    const [row] = await db.select({ open: reviews.openReports }).from(reviews).where(eq(reviews.id, created.json().id));
    expect(row!.open).toBe(1);
  });
});
