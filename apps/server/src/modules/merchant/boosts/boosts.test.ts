import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOST_MESSAGES as B, DAY_MS, HOUR_MS, MERCHANT_DEAL_MESSAGES } from '@localperks/shared';
import { deals, emailOutbox, merchantCharges, merchants, notifications, purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createBoostDeal, createDeal, createMerchantSession, TEST_CARD } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { JOBS } from '../../../jobs';

/**
 * Boosts of a live deal and of a business listing (docs/product/design.md §4a, docs/decisions/0017-boost-model.md):
 * bought through the sandbox provider's card page and its signed webhook, listed first while the
 * window lasts by the app's clock, ended by the boost-expiry job.
 */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const boostJob = JOBS.find((j) => j.name === 'boost-expiry')!;

/** The clock at a whole real minute near now (sandbox signatures and sessions use real time too). */
const resetClock = () => clock.set(Math.floor(Date.now() / 60_000) * 60_000);

const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/sandbox/checkout/')[1]!;
const pay = (checkoutUrl: string) =>
  t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionOf(checkoutUrl)}/pay`, payload: TEST_CARD });
const buyBoost = (cookie: string, dealId: string, boostDays: unknown) =>
  t.request({ method: 'POST', url: `/api/merchant/boosts/deals/${dealId}`, cookie, payload: { boostDays } });
const dealRow = async (id: string) => (await db.select().from(deals).where(eq(deals.id, id)))[0]!;

/** A signed "paid" event for a charge's session, as the sandbox provider (or a redelivery) sends it. */
const deliverPaid = (sessionId: string, chargeId: string, eventId: string) => {
  const payload = JSON.stringify({
    id: eventId,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, payment_status: 'paid', metadata: { chargeId }, mode: 'payment' } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.sandboxSecret, payload) },
    payload,
  });
};

async function boostPaid(cookie: string, dealId: string, boostDays: number) {
  const res = await buyBoost(cookie, dealId, boostDays);
  expect(res.statusCode).toBe(200);
  expect((await pay(res.json().checkoutUrl)).statusCode).toBe(200);
}

describe('boosting a live deal', () => {
  it('pays through the provider at the server’s price; the paid webhook starts the window and records what was bought', async () => {
    resetClock();
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id, { title: 'Brunch for two' });

    // A double click opens two pages: the first is closed when the second opens, so only one can be paid.
    const first = await buyBoost(m.cookie, deal.id, 3);
    const second = await buyBoost(m.cookie, deal.id, 3);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await pay(first.json().checkoutUrl)).statusCode).toBe(409);
    const open = await db
      .select()
      .from(merchantCharges)
      .where(and(eq(merchantCharges.dealId, deal.id), eq(merchantCharges.status, 'open')));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'deal_boost', boostDays: 3, amountCents: 2499 });
    expect((await dealRow(deal.id)).boostedUntil).toBeNull();

    const now = clock.now();
    expect((await pay(second.json().checkoutUrl)).statusCode).toBe(200);
    const boosted = await dealRow(deal.id);
    expect(boosted.boostedUntil).toEqual(new Date(now.getTime() + 3 * DAY_MS));
    expect(boosted.boostStartedAt).toEqual(now);
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.id, open[0]!.id));
    expect(charge).toMatchObject({ status: 'paid', boostStartsAt: now, boostEndsAt: new Date(now.getTime() + 3 * DAY_MS) });

    // The deal page and the card carry the boost; the merchant sees the time left.
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal.boostedUntil).toBe(
      boosted.boostedUntil!.toISOString(),
    );
    const status = await t.request({ method: 'GET', url: `/api/merchant/boosts/deals/${deal.id}`, cookie: m.cookie });
    expect(status.json()).toMatchObject({ remainingMs: 3 * DAY_MS, canBoost: true, startedAt: now.toISOString() });
  });

  it('a redelivered or repeated confirmation never extends twice; a new boost extends the running window', async () => {
    resetClock();
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id);
    const res = await buyBoost(m.cookie, deal.id, 1);
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id));
    const start = clock.now();
    expect((await pay(res.json().checkoutUrl)).statusCode).toBe(200);
    const until = new Date(start.getTime() + DAY_MS);
    expect((await dealRow(deal.id)).boostedUntil).toEqual(until);

    // Another event for the same paid session, delivered three times at once, then once more later.
    clock.advance(HOUR_MS);
    const eventId = `evt_${randomUUID()}`;
    const again = await Promise.all([1, 2, 3].map(() => deliverPaid(charge!.providerSessionId!, charge!.id, eventId)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(again.filter((r) => r.json().fulfilled)).toHaveLength(0);
    expect((await deliverPaid(charge!.providerSessionId!, charge!.id, `evt_${randomUUID()}`)).json().fulfilled).toBe(false);
    expect((await dealRow(deal.id)).boostedUntil).toEqual(until);

    // Buying 7 more days while it runs extends it from its end; the window's start stays.
    await boostPaid(m.cookie, deal.id, 7);
    const extended = await dealRow(deal.id);
    expect(extended.boostedUntil).toEqual(new Date(until.getTime() + 7 * DAY_MS));
    expect(extended.boostStartedAt).toEqual(start);
    const charges = await db
      .select()
      .from(merchantCharges)
      .where(and(eq(merchantCharges.dealId, deal.id), eq(merchantCharges.status, 'paid')));
    expect(charges.map((c) => c.amountCents).sort()).toEqual([4999, 999]);
  });

  it('refuses another merchant’s deal (404), deals that are not live or are crowd-vote (409), bad durations (400) and other plans (403)', async () => {
    resetClock();
    const m = await createMerchantSession(t);
    const other = await createMerchantSession(t);
    const theirs = await createDeal(db, other.merchant.id);
    const own404 = await buyBoost(m.cookie, theirs.id, 3);
    expect(own404.statusCode).toBe(404);
    expect(own404.json().error.message).toBe(MERCHANT_DEAL_MESSAGES.notFound);
    expect((await t.request({ method: 'GET', url: `/api/merchant/boosts/deals/${theirs.id}`, cookie: m.cookie })).statusCode).toBe(404);

    const cases: [string, Parameters<typeof createDeal>[2], string][] = [
      ['paused', { status: 'paused' }, B.notLive],
      ['expired', { status: 'expired', expirationDate: new Date(Date.now() - DAY_MS) }, B.notLive],
      ['past its expiry', { expirationDate: new Date(Date.now() - HOUR_MS) }, B.notLive],
      ['a PerkBoost draft', { type: 'perkboost', status: 'draft', votesRequired: 20, boostDays: 3 }, B.crowdVote],
    ];
    for (const [, overrides, message] of cases) {
      const d = await createDeal(db, m.merchant.id, overrides);
      const res = await buyBoost(m.cookie, d.id, 3);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'CONFLICT', message });
    }
    const crowdVote = await createBoostDeal(db, m.merchant.id, 50, 10);
    expect((await buyBoost(m.cookie, crowdVote.id, 3)).json().error.message).toBe(B.crowdVote);
    // The crowd-vote launch route is unchanged: a launched deal is not a draft.
    const launch = await t.request({
      method: 'POST',
      url: `/api/merchant/deals/${crowdVote.id}/boost`,
      cookie: m.cookie,
      payload: { boostDays: 3 },
    });
    expect(launch.json().error.message).toBe(MERCHANT_DEAL_MESSAGES.notDraft);

    const live = await createDeal(db, m.merchant.id);
    const bad = await buyBoost(m.cookie, live.id, 2);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ boostDays: B.daysRequired });
    const notAdvertiser = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', hasSubscription: true });
    const ad = await createDeal(db, notAdvertiser.merchant.id);
    expect((await buyBoost(notAdvertiser.cookie, ad.id, 3)).json().error).toMatchObject({ code: 'FORBIDDEN', message: B.dealPlanRequired });
    expect(await db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, m.merchant.id))).toHaveLength(0);
  });
});

describe('while boosted', () => {
  it('is shown in a Sponsored row above the first page of its listings in every sort, keeps its own place in the list, and leads the home page’s Sponsored row', async () => {
    resetClock();
    const m = await createMerchantSession(t);
    const token = `zq${randomUUID().slice(0, 8)}`;
    const make = (title: string, price: number, ageDays: number) =>
      createDeal(db, m.merchant.id, {
        title: `${title} ${token}`,
        categoryId: 6,
        dealPriceCents: price,
        createdAt: new Date(clock.now().getTime() - ageDays * DAY_MS),
      });
    const oldCheap = await make('Old cheap', 1000, 9);
    const newest = await make('Newest', 3000, 1);
    const boostedOld = await make('Boosted old pricey', 5000, 10);
    const middle = await make('Middle', 2000, 5);
    const voting = await createBoostDeal(db, m.merchant.id, 50, 49, { title: `Collecting votes ${token}` });
    await boostPaid(m.cookie, boostedOld.id, 1);

    type Listed = { id: string; type: string; status: string; boostedUntil: string | null };
    const list = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/deals?search=${token}&type=standard&${query}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ deals: Listed[]; sponsored: Listed[]; hasMore: boolean; total: number | null }>();
    };
    const ids = (deals: Listed[]) => deals.map((d) => d.id);
    // The list is in the chosen order, the boosted deal in its own place: newest means newest.
    expect(ids((await list('category=6')).deals)).toEqual([newest.id, middle.id, oldCheap.id, boostedOld.id]);
    expect(ids((await list('category=6&sort=price-low')).deals)).toEqual([oldCheap.id, middle.id, newest.id, boostedOld.id]);
    // Above it, in every sort, the Sponsored row: the paid boost, and only it.
    for (const query of ['category=6', 'category=6&sort=price-low', 'sort=price-high', 'sort=discount']) {
      const { sponsored } = await list(query);
      expect(ids(sponsored), query).toEqual([boostedOld.id]);
      expect(sponsored[0]!.boostedUntil, query).not.toBeNull();
    }
    // The row belongs to the first page; the pages continue through the list without a gap or a repeat.
    const page1 = await list('category=6&pageSize=3');
    const page2 = await list('category=6&pageSize=3&page=2');
    expect(ids([...page1.deals, ...page2.deals])).toEqual([newest.id, middle.id, oldCheap.id, boostedOld.id]);
    expect([ids(page1.sponsored), page2.sponsored]).toEqual([[boostedOld.id], []]);
    expect([page1.hasMore, page2.hasMore, page1.total]).toEqual([true, false, 4]);

    // Home: paid boosts in the Sponsored row only; PerkBoost Deals keeps the deals collecting votes; no deal twice.
    const home = (await t.request({ method: 'GET', url: '/api/home' })).json<{
      featured: Listed[];
      sponsored: Listed[];
      crowdVote: Listed[];
    }>();
    expect(home.sponsored.length).toBeGreaterThan(0);
    expect(home.sponsored.every((d) => d.type === 'standard' && d.boostedUntil !== null)).toBe(true);
    expect(home.featured.every((d) => d.boostedUntil === null)).toBe(true);
    expect(home.crowdVote.every((d) => d.type === 'perkboost' && d.status === 'pending')).toBe(true);
    expect(ids(home.crowdVote)).toContain(voting.id);
    const shown = ids([...home.featured, ...home.sponsored, ...home.crowdVote]);
    expect(new Set(shown).size).toBe(shown.length);

    // Past its end the row is gone at once, before the expiry job has run; the list is as it was.
    clock.advance(DAY_MS + 1);
    expect((await list('category=6')).sponsored).toEqual([]);
    expect(ids((await list('category=6')).deals)).toEqual([newest.id, middle.id, oldCheap.id, boostedOld.id]);
    expect((await list('category=6')).deals.every((d) => d.boostedUntil === null)).toBe(true);
  });
});

describe('when the window ends', () => {
  it('the boost-expiry job clears it once, tells the merchant, and drops the browse caches', async () => {
    resetClock();
    // An instance with a long browse cache on the same clock: its cached listing must not outlive the boost.
    const cached = await build({ clock, env: { BROWSE_CACHE_MS: '60000' } });
    const cdb = cached.database.db;
    const { merchant, user } = await createMerchantSession(cached);
    const deal = await createDeal(cdb, merchant.id, { title: 'Sunset cruise', categoryId: 6 });
    const other = await createDeal(cdb, merchant.id, { title: 'Harbor tour', categoryId: 6 });
    await cdb
      .update(deals)
      .set({ boostedUntil: new Date(clock.now().getTime() + HOUR_MS), boostStartedAt: clock.now() })
      .where(eq(deals.id, deal.id));
    // The listing's first sponsored deal, or its first deal when it has none.
    const first = async () => {
      const { sponsored, deals: listed } = (await cached.request({ method: 'GET', url: '/api/deals?category=6' })).json();
      return (sponsored[0] ?? listed[0]).id as string;
    };
    expect(await first()).toBe(deal.id);
    expect(await first()).toBe(deal.id);
    const homeFirst = async () => (await cached.request({ method: 'GET', url: '/api/home' })).json().sponsored[0]?.id as string | undefined;
    expect(await homeFirst()).toBe(deal.id);

    clock.advance(HOUR_MS);
    const result = await boostJob.run(cached.app.deps);
    expect(result).toEqual({ deals: 1, listings: 0 });
    expect(await boostJob.run(cached.app.deps)).toEqual({ deals: 0, listings: 0 });
    const row = (await cdb.select().from(deals).where(eq(deals.id, deal.id)))[0]!;
    expect([row.boostedUntil, row.boostStartedAt]).toEqual([null, null]);
    const told = await cdb.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => n.title)).toEqual(['Your boost of “Sunset cruise” has ended']);
    const mail = (await cdb.select().from(emailOutbox).where(eq(emailOutbox.to, user.email)))[0];
    expect(mail).toMatchObject({ subject: 'Your boost of “Sunset cruise” has ended', kind: 'merchant_boost_ended' });

    // The cache was dropped on the boost event (delivered through PostgreSQL NOTIFY), well within its minute.
    // Polled every 50 ms, not in a tight loop: a busy loop starves the listener it waits for on a loaded machine.
    await vi.waitFor(async () => expect(await first()).toBe(other.id), { timeout: 20_000, interval: 50 });
    expect(await homeFirst()).toBeUndefined();
  }, 90_000);
});

describe('boost stats', () => {
  it('counts views and clicks by the hour (not the merchant’s own, nor bots) and purchases, during the boost against as long before it', async () => {
    resetClock();
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id, { title: 'Stats deal' });
    const { cookie: customer } = await t.loginAs('customer');
    const view = (headers: Record<string, string> = BROWSER, cookie?: string) =>
      t.request({ method: 'GET', url: `/api/deals/${deal.id}`, headers, cookie });
    const click = (headers: Record<string, string> = BROWSER) => t.request({ method: 'POST', url: `/api/deals/${deal.id}/click`, headers });

    // The hour before the boost: 2 views, 1 click, 1 purchase.
    const boostAt = clock.now();
    clock.set(boostAt.getTime() - HOUR_MS);
    await view();
    await view(BROWSER, customer);
    expect((await click()).statusCode).toBe(200);
    const [early] = await buy(t, customer, [{ dealId: deal.id, quantity: 1 }]);
    await db.update(purchases).set({ purchasedAt: clock.now() }).where(eq(purchases.id, early!.id));

    clock.set(boostAt);
    await boostPaid(m.cookie, deal.id, 1);
    // During: 3 views, 2 clicks, 2 purchases; the merchant's own views and a crawler's are not counted.
    await Promise.all([view(), view(), view(BROWSER, customer)]);
    await view(BROWSER, m.cookie);
    await view({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await click();
    await click();
    await click({ 'user-agent': 'curl/8.5.0' });
    const during = await buy(t, customer, [{ dealId: deal.id, quantity: 2 }]);
    for (const p of during) await db.update(purchases).set({ purchasedAt: clock.now() }).where(eq(purchases.id, p.id));

    const res = await t.request({ method: 'GET', url: `/api/merchant/boosts/deals/${deal.id}`, cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      during: { views: 3, clicks: 2, purchases: 2 },
      before: { views: 2, clicks: 1, purchases: 1 },
      remainingMs: DAY_MS,
    });
    const unknown = await t.request({ method: 'POST', url: `/api/deals/${randomUUID()}/click`, headers: BROWSER });
    expect(unknown.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/deals/not-a-deal/click', headers: BROWSER })).statusCode).toBe(400);
  });
});

describe('boost results by event time (issue 39)', () => {
  it('counts visits and purchases seconds before the payment as before, never during, even in the same clock hour', async () => {
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id, { title: 'Exact start deal', expirationDate: new Date(Date.now() + 60 * DAY_MS) });
    const { cookie: customer } = await t.loginAs('customer');
    const view = () => t.request({ method: 'GET', url: `/api/deals/${deal.id}`, headers: BROWSER });
    const status = async () => (await t.request({ method: 'GET', url: `/api/merchant/boosts/deals/${deal.id}`, cookie: m.cookie })).json();
    // Half past an hour: the boost's first clock hour began 30 minutes before it.
    const halfPast = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 30 * 60_000;

    // 10 s before paying: 3 views and a purchase.
    clock.set(halfPast - 10_000);
    await Promise.all([view(), view(), view()]);
    const [early] = await buy(t, customer, [{ dealId: deal.id, quantity: 1 }]);
    await db.update(purchases).set({ purchasedAt: clock.now() }).where(eq(purchases.id, early!.id));

    clock.set(halfPast);
    await boostPaid(m.cookie, deal.id, 1);
    expect((await dealRow(deal.id)).boostStartedAt?.getTime()).toBe(halfPast);
    expect(await status()).toMatchObject({
      during: { views: 0, clicks: 0, purchases: 0 },
      before: { views: 3, clicks: 0, purchases: 1 },
    });

    // 10 s after the start, in the same clock hour: during; and again in the next hour.
    clock.set(halfPast + 10_000);
    await Promise.all([view(), view()]);
    const [late] = await buy(t, customer, [{ dealId: deal.id, quantity: 1 }]);
    await db.update(purchases).set({ purchasedAt: clock.now() }).where(eq(purchases.id, late!.id));
    clock.set(halfPast + 45 * 60_000);
    await view();
    expect(await status()).toMatchObject({
      during: { views: 3, clicks: 0, purchases: 1 },
      before: { views: 3, clicks: 0, purchases: 1 },
    });
    resetClock();
  });
});

describe('listing boosts', () => {
  it('an Advertise + Messaging merchant with its subscription boosts its listing; Advertise Only, or no paid subscription, is refused', async () => {
    resetClock();
    const m = await createMerchantSession(t, { subscriptionPlan: 'advertise_messaging', hasSubscription: true, commissionRate: 0 });
    const before = await t.request({ method: 'GET', url: '/api/merchant/boosts/listing', cookie: m.cookie });
    expect(before.json()).toEqual({ boostedUntil: null, remainingMs: 0, canBoost: true, reason: null });
    const res = await t.request({ method: 'POST', url: '/api/merchant/boosts/listing', cookie: m.cookie, payload: { boostDays: 14 } });
    expect(res.statusCode).toBe(200);
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, m.merchant.id));
    expect(charge).toMatchObject({ kind: 'listing_boost', boostDays: 14, amountCents: 8999, status: 'open', dealId: null });
    const now = clock.now();
    expect((await pay(res.json().checkoutUrl)).statusCode).toBe(200);
    const row = (await db.select().from(merchants).where(eq(merchants.id, m.merchant.id)))[0]!;
    expect(row.listingBoostedUntil).toEqual(new Date(now.getTime() + 14 * DAY_MS));
    const after = await t.request({ method: 'GET', url: '/api/merchant/boosts/listing', cookie: m.cookie });
    expect(after.json()).toMatchObject({ remainingMs: 14 * DAY_MS, canBoost: true });

    // It ends by the job like a deal boost.
    clock.advance(14 * DAY_MS);
    expect(await boostJob.run(t.app.deps)).toMatchObject({ listings: 1 });
    const told = await db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(told.map((n) => n.title)).toEqual([`Your boost of your listing “${m.merchant.businessName}” has ended`]);

    for (const overrides of [
      { subscriptionPlan: 'advertise_only' as const, commissionRate: 0 },
      { subscriptionPlan: 'advertise_messaging' as const, hasSubscription: false, commissionRate: 0 },
    ]) {
      const refused = await createMerchantSession(t, overrides);
      const r = await t.request({ method: 'POST', url: '/api/merchant/boosts/listing', cookie: refused.cookie, payload: { boostDays: 1 } });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(B.listingPlanRequired);
      expect((await t.request({ method: 'GET', url: '/api/merchant/boosts/listing', cookie: refused.cookie })).json()).toMatchObject({
        canBoost: false,
        reason: B.listingPlanRequired,
      });
    }
  });
});
