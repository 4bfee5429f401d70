import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '@localperks/shared';
import { deals, emailOutbox, purchases } from '../../../db/schema';
import { build, linkFrom } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createBoostDeal, createDeal, createMerchantSession } from '../../../../test/factories';
import { sendExpiryReminders, sendSavedDealAlerts } from './reminders.service';

const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;

const mails = (to: string, kind: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

describe('expiry reminders', () => {
  it('one e-mail 7 days before a voucher ends and one the day before, each once; the day before, a banner on My Purchases', async () => {
    const merchant = await createMerchantSession(t, { businessName: 'Reminder Spa' });
    const deal = await createDeal(db, merchant.merchant.id, { title: 'Hot stone massage' });
    const customer = await t.loginAs('customer');
    const [voucher, used] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const end = new Date(Date.now() + 20 * DAY_MS);
    await db.update(purchases).set({ expirationDate: end }).where(eq(purchases.orderId, voucher!.orderId));
    // One of the two is used: it gets no reminder.
    await db.update(purchases).set({ redeemedAt: new Date() }).where(eq(purchases.id, used!.id));

    clock.set(end.getTime() - 8 * DAY_MS);
    await sendExpiryReminders(t.app.deps);
    expect(await mails(customer.user.email, 'expiry_7_days')).toHaveLength(0);
    clock.set(end.getTime() - 7 * DAY_MS + HOUR_MS);
    expect(await sendExpiryReminders(t.app.deps)).toEqual({ weekBefore: 1, dayBefore: 0 });
    expect(await sendExpiryReminders(t.app.deps)).toEqual({ weekBefore: 0, dayBefore: 0 });
    const [week] = await mails(customer.user.email, 'expiry_7_days');
    expect(week!.subject).toBe('Your Reminder Spa voucher expires in a week');
    expect(linkFrom(week!.text, '/purchases').pathname).toBe('/purchases');
    expect(week!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // No banner yet.
    const list = async () => (await t.request({ method: 'GET', url: '/api/purchases?status=active', cookie: customer.cookie })).json();
    expect((await list()).purchases[0].expiresWithinADay).toBe(false);

    clock.set(end.getTime() - DAY_MS + HOUR_MS);
    expect(await sendExpiryReminders(t.app.deps)).toEqual({ weekBefore: 0, dayBefore: 1 });
    expect(await sendExpiryReminders(t.app.deps)).toEqual({ weekBefore: 0, dayBefore: 0 });
    expect((await mails(customer.user.email, 'expiry_1_day'))[0]!.subject).toBe('Last day: your Reminder Spa voucher expires tomorrow');
    expect((await list()).purchases[0]).toMatchObject({ id: voucher!.id, expiresWithinADay: true });
    expect(await mails(customer.user.email, 'expiry_7_days')).toHaveLength(1);
    clock.useRealTime();
  });

  it('a voucher bought within its last week gets only the day-before reminder; the switch turns them off', async () => {
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(db, merchant.merchant.id);
    const customer = await t.loginAs('customer');
    const [voucher] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    await db
      .update(purchases)
      .set({ expirationDate: new Date(Date.now() + 3 * DAY_MS) })
      .where(eq(purchases.id, voucher!.id));
    await sendExpiryReminders(t.app.deps);
    expect(await mails(customer.user.email, 'expiry_7_days')).toHaveLength(0);
    await t.request({ method: 'PUT', url: '/api/account/notifications', cookie: customer.cookie, payload: { expiryReminders: false } });
    clock.set(Date.now() + 2 * DAY_MS + HOUR_MS);
    await sendExpiryReminders(t.app.deps);
    expect(await mails(customer.user.email, 'expiry_1_day')).toHaveLength(0);
    clock.useRealTime();
  });
});

describe('alerts for saved deals and followed businesses', () => {
  it('a favourite crowd-vote deal unlocks, a favourite ends within 48 hours, a followed business posts a deal: each alert once', async () => {
    const merchant = await createMerchantSession(t, { businessName: 'Followed Bakery' });
    const saver = await t.loginAs('customer');
    const voter = await t.loginAs('customer');

    // A crowd-vote deal the saver favourited and the voter voted for, then unlocked.
    const boost = await createBoostDeal(db, merchant.merchant.id, 1, 0, { title: 'Croissant club' });
    expect((await t.request({ method: 'PUT', url: `/api/favorites/${boost.id}`, cookie: saver.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: `/api/favorites/${boost.id}`, cookie: voter.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/deals/${boost.id}/vote`, cookie: voter.cookie })).statusCode).toBe(200);
    expect((await db.select().from(deals).where(eq(deals.id, boost.id)))[0]!.status).toBe('active');

    // A favourite whose sale ends in 30 hours.
    const ending = await createDeal(db, merchant.merchant.id, {
      title: 'Sourdough box',
      expirationDate: new Date(Date.now() + 30 * HOUR_MS),
    });
    await t.request({ method: 'PUT', url: `/api/favorites/${ending.id}`, cookie: saver.cookie });

    // The saver follows the business from its page; it posts a new deal afterwards.
    const follow = await t.request({ method: 'PUT', url: `/api/businesses/${merchant.merchant.slug}/follow`, cookie: saver.cookie });
    expect(follow.json()).toEqual({ following: true });
    clock.set(Date.now() + 60_000);
    const posted = await createDeal(db, merchant.merchant.id, {
      title: 'Cinnamon buns for four',
      createdAt: new Date(Date.now() + 60_000),
    });

    clock.set(Date.now() + 2 * 60_000);
    expect(await sendSavedDealAlerts(t.app.deps)).toMatchObject({ unlocked: 1, ending: 1, followed: 1 });
    expect(await sendSavedDealAlerts(t.app.deps)).toEqual({ unlocked: 0, ending: 0, followed: 0 });
    expect((await mails(saver.user.email, 'saved_deal_unlocked'))[0]!.subject).toBe('Unlocked: Croissant club');
    // The voter had the voters' unlock mail: no second one.
    expect(await mails(voter.user.email, 'saved_deal_unlocked')).toHaveLength(0);
    expect((await mails(saver.user.email, 'saved_deal_ending'))[0]!.subject).toBe('Ending soon: Sourdough box');
    const news = (await mails(saver.user.email, 'followed_business_deal'))[0]!;
    expect(news.subject).toBe('New from Followed Bakery: Cinnamon buns for four');
    expect(linkFrom(news.text, `/deals/${posted.id}`).pathname).toBe(`/deals/${posted.id}`);

    // Unfollowed: nothing more from it.
    expect(
      (await t.request({ method: 'DELETE', url: `/api/businesses/${merchant.merchant.slug}/follow`, cookie: saver.cookie })).json(),
    ).toEqual({ following: false });
    clock.set(Date.now() + 5 * 60_000);
    await createDeal(db, merchant.merchant.id, { title: 'Bagel dozen', createdAt: new Date(Date.now() + 4 * 60_000) });
    await sendSavedDealAlerts(t.app.deps);
    expect(await mails(saver.user.email, 'followed_business_deal')).toHaveLength(1);
    expect((await t.request({ method: 'PUT', url: '/api/businesses/no-such-business/follow', cookie: saver.cookie })).statusCode).toBe(404);
    clock.useRealTime();
  });
});
