import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANALYTICS_MESSAGES, BUSINESS_PROFILE_MESSAGES as B } from '@localperks/shared';
import { merchantCharges, merchants } from '../../../db/schema';
import { build, type TestApp } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { TEST_CARD, createMerchantSession } from '../../../../test/factories';

/**
 * What a merchant pays for follows the payment (issue 39, items 1 and 4): the paid features of
 * Advertise + Messaging (enhanced business page, analytics, messaging) start when the provider
 * confirms the payment, never on choosing the plan; after a downgrade they all stay until the end
 * of the period paid for, and stop then (the app's clock, moved by the test).
 */
const DAY = 86_400_000;
const clock = mutableClock();
const t: TestApp = await build({ clock });

const enhanced = {
  logoUrl: '/images/deals/pizza.svg',
  coverUrl: '/images/deals/tasting-menu.svg',
  openingHours: [{ day: 1, opens: '09:00', closes: '17:00' }],
  profileHighlights: ['Free parking'],
};

/** An approved Advertise Only merchant whose row already holds an enhanced profile (kept from an earlier plan). */
async function advertiser(name: string) {
  const m = await createMerchantSession(t, { businessName: name, subscriptionPlan: 'advertise_only', commissionRate: 0, ...enhanced });
  const get = (url: string) => t.request({ method: 'GET', url, cookie: m.cookie });
  return {
    ...m,
    me: async () => (await get('/api/merchant/me')).json().merchant,
    analytics: () => get('/api/merchant/analytics'),
    profile: async () => (await get('/api/merchant/business-profile')).json(),
    publicPage: async () => (await t.request({ method: 'GET', url: `/api/businesses/${m.merchant.slug}` })).json().business,
    listing: async () =>
      (await t.request({ method: 'GET', url: `/api/businesses?search=${encodeURIComponent(name)}` }))
        .json()
        .businesses.find((b: { slug: string }) => b.slug === m.merchant.slug),
    saveHours: () =>
      t.request({
        method: 'PUT',
        url: '/api/merchant/business-profile',
        cookie: m.cookie,
        payload: { logoUrl: enhanced.logoUrl, coverUrl: null, openingHours: [{ day: 2, opens: '10:00', closes: '18:00' }], highlights: [] },
      }),
    switchTo: (plan: string) => t.request({ method: 'POST', url: '/api/merchant/plan', cookie: m.cookie, payload: { plan } }),
    pay: async () => {
      const checkout = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: m.cookie });
      expect(checkout.statusCode).toBe(200);
      const sessionId = checkout.json().url.split('/sandbox/checkout/')[1];
      const paid = await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD });
      expect(paid.statusCode).toBe(200);
    },
  };
}

describe('paid features start when the provider confirms the payment', () => {
  it('an unpaid switch to Advertise + Messaging opens neither the enhanced page nor analytics; the payment opens both', async () => {
    clock.useRealTime();
    const a = await advertiser('Unpaid Upgrade Deli');
    const switched = await a.switchTo('advertise_messaging');
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ paymentRequired: true });
    expect(switched.json().overview.merchant).toMatchObject({ paidFeatures: false, messagingAccess: false, paymentRequired: true });

    // Not paid: the public page, the search card, the editor and analytics all stay on the basic listing.
    expect(await a.publicPage()).toMatchObject({
      enhancedProfile: false,
      messaging: false,
      logoUrl: null,
      openingHours: [],
      highlights: [],
    });
    expect(await a.listing()).toMatchObject({ isEnhanced: false, logoUrl: null });
    expect(await a.profile()).toMatchObject({ plan: 'advertise_messaging', enhancedProfile: false });
    const hours = await a.saveHours();
    expect(hours.statusCode).toBe(403);
    expect(hours.json().error.message).toBe(B.needsPayment);
    const analytics = await a.analytics();
    expect(analytics.statusCode).toBe(403);
    expect(analytics.json().error.message).toBe(ANALYTICS_MESSAGES.paymentRequired);

    // The provider confirms the payment: every paid feature starts at once.
    await a.pay();
    expect(await a.me()).toMatchObject({ paidFeatures: true, messagingAccess: true, paymentRequired: false });
    expect(await a.publicPage()).toMatchObject({ enhancedProfile: true, messaging: true, openingHours: enhanced.openingHours });
    expect((await a.publicPage()).logoUrl).toContain('pizza');
    expect(await a.listing()).toMatchObject({ isEnhanced: true });
    expect(await a.profile()).toMatchObject({ enhancedProfile: true });
    expect((await a.saveHours()).statusCode).toBe(200);
    expect((await a.analytics()).statusCode).toBe(200);
  });

  it('Deals + Messaging (paid by commission) has them without a subscription', async () => {
    const a = await advertiser('Commission Corner');
    expect((await a.switchTo('deals_messaging')).statusCode).toBe(200);
    expect(await a.me()).toMatchObject({ paidFeatures: true, paymentRequired: false });
    expect(await a.publicPage()).toMatchObject({ enhancedProfile: true });
    expect((await a.analytics()).statusCode).toBe(200);
  });
});

describe('a downgrade keeps every paid feature until the paid period ends', () => {
  it('the enhanced page, the search card and analytics stay after Confirm, and stop a second after the period end', async () => {
    clock.useRealTime();
    const a = await advertiser('Downgrading Diner');
    expect((await a.switchTo('advertise_messaging')).statusCode).toBe(200);
    await a.pay();
    const [charge] = await t.database.db
      .select()
      .from(merchantCharges)
      .where(eq(merchantCharges.merchantId, a.merchant.id))
      .then((rows) => rows.filter((c) => c.status === 'paid'));
    const periodEnd = charge!.currentPeriodEnd!;
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);

    const res = await a.switchTo('advertise_only');
    expect(res.statusCode).toBe(200);
    expect(res.json().overview.merchant).toMatchObject({ subscriptionPlan: 'advertise_only', paidFeatures: true });
    for (const at of [Date.now(), periodEnd.getTime() - DAY]) {
      clock.set(at);
      expect(await a.me()).toMatchObject({ paidFeatures: true, messagingActiveUntil: periodEnd.toISOString() });
      expect(await a.publicPage()).toMatchObject({ enhancedProfile: true, openingHours: expect.any(Array) });
      expect((await a.publicPage()).logoUrl).toContain('pizza');
      expect(await a.listing()).toMatchObject({ isEnhanced: true });
      expect(await a.profile()).toMatchObject({ enhancedProfile: true });
      expect((await a.analytics()).statusCode).toBe(200);
      expect((await a.saveHours()).statusCode).toBe(200);
    }

    // A second past the end of the period paid for: the basic listing, whatever the provider says later.
    clock.set(periodEnd.getTime() + 1000);
    expect(await a.me()).toMatchObject({ paidFeatures: false, messagingActiveUntil: null });
    expect(await a.publicPage()).toMatchObject({ enhancedProfile: false, logoUrl: null, coverUrl: null, openingHours: [], highlights: [] });
    expect(await a.listing()).toMatchObject({ isEnhanced: false, logoUrl: null });
    expect(await a.profile()).toMatchObject({ enhancedProfile: false });
    expect((await a.analytics()).statusCode).toBe(403);
    expect((await a.saveHours()).statusCode).toBe(403);
    // The stored profile is kept for a return to a paid plan.
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, a.merchant.id));
    expect(row!.logoUrl).toBe(enhanced.logoUrl);
    clock.useRealTime();
  });
});
