import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, DEAL_APPEAL_MESSAGES as A } from '@localperks/shared';
import { deals, ledgerEntries, merchantChargeRefunds, merchantCharges, notifications, sandboxRefunds } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { TEST_CARD, createDeal, createMerchantSession } from '../../../../test/factories';
import { platformRevenue } from '../admin-overview/platform-revenue';
import { sendBoostRefunds } from './deal-removal.service';

/**
 * A deal an admin takes down (issue 39, item 11): the unused time of a boost paid on it is refunded,
 * pro rata, through the provider and the ledger, exactly once; and the merchant can appeal the
 * removal, for an admin to reinstate the deal or uphold it.
 */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');

const post = (url: string, cookie: string, payload: object = {}) => t.request({ method: 'POST', url, cookie, payload });
const deactivate = (dealId: string, reason = 'Misleading photos') =>
  post(`/api/admin/deals/${dealId}/deactivate`, admin.cookie, { reason });

/** A live deal boosted for `days` days through the sandbox card page, at the clock's time. */
async function boostedDeal(days: number) {
  const m = await createMerchantSession(t, { businessName: `Boosted ${Math.random().toString(36).slice(2, 7)}` });
  const deal = await createDeal(db, m.merchant.id, {
    title: 'Harbour cruise',
    expirationDate: new Date(clock.now().getTime() + 60 * DAY_MS),
  });
  const bought = await post(`/api/merchant/boosts/deals/${deal.id}`, m.cookie, { boostDays: days });
  expect(bought.statusCode).toBe(200);
  const sessionId = bought.json().checkoutUrl.split('/sandbox/checkout/')[1];
  expect((await t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD })).statusCode).toBe(200);
  const [charge] = await db
    .select()
    .from(merchantCharges)
    .where(and(eq(merchantCharges.dealId, deal.id), eq(merchantCharges.status, 'paid')));
  return { m, deal, charge: charge!, sessionId };
}

describe('a boosted deal taken down by an admin', () => {
  it('refunds the unused boost time pro rata through the provider and the ledger, once, and says so', async () => {
    const start = new Date('2031-05-10T12:00:00Z');
    clock.set(start);
    const { m, deal, charge, sessionId } = await boostedDeal(3);
    expect(charge.amountCents).toBe(2499);
    const revenueBefore = (await platformRevenue(db, start)).allTime.perkboostCents;

    // One day of three used: two thirds of $24.99, rounded down, go back.
    clock.set(start.getTime() + DAY_MS);
    expect((await deactivate(deal.id)).statusCode).toBe(200);
    const [refund] = await db.select().from(merchantChargeRefunds).where(eq(merchantChargeRefunds.chargeId, charge.id));
    expect(refund).toMatchObject({ amountCents: 1666, merchantId: m.merchant.id });
    expect(refund!.sentAt).not.toBeNull();
    expect(await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId))).toEqual([
      expect.objectContaining({ id: refund!.providerRefundId, amountCents: 1666 }),
    ]);
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sourceKey, `charge:${charge.id}:refund`)),
    ).toEqual([expect.objectContaining({ kind: 'perkboost_refund', amountCents: 1666, merchantId: m.merchant.id, chargeId: charge.id })]);
    // The platform's PerkBoost income is net of it; the boost stopped with the deal.
    expect((await platformRevenue(db, clock.now())).allTime.perkboostCents).toBe(revenueBefore - 1666);
    expect(await db.select({ until: deals.boostedUntil }).from(deals).where(eq(deals.id, deal.id))).toEqual([{ until: null }]);
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.user.id), eq(notifications.type, 'deal_deactivated')));
    expect(told!.message).toContain('The unused part of your boost (2 days), $16.66, is refunded to your card.');
    expect(told!.message).toContain('appeal');
    const list = await t.request({ method: 'GET', url: '/api/merchant/deals?status=all', cookie: m.cookie });
    expect(list.json().deals.find((d: { id: string }) => d.id === deal.id)).toMatchObject({ status: 'removed', boostRefundCents: 1666 });

    // Never twice: a second take-down is refused, the job finds nothing left to send.
    expect((await deactivate(deal.id)).statusCode).toBe(409);
    expect(await sendBoostRefunds({ ...t.app.deps, clock })).toBe(0);
    expect(await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId))).toHaveLength(1);
    clock.useRealTime();
  });

  it('a refund the provider could not take is sent by the refund job later, the same refund', async () => {
    clock.set('2031-06-01T09:00:00Z');
    const { deal, charge, sessionId } = await boostedDeal(1);
    // The provider is down when the deal is taken down.
    const down = vi.spyOn(t.app.deps.payments, 'refund').mockRejectedValue(new Error('provider down'));
    try {
      clock.set('2031-06-01T15:00:00Z');
      expect((await deactivate(deal.id)).statusCode).toBe(200);
    } finally {
      down.mockRestore();
    }
    const [waiting] = await db.select().from(merchantChargeRefunds).where(eq(merchantChargeRefunds.chargeId, charge.id));
    // 18 of 24 hours unused: 999 × 18 / 24 = 749.25.
    expect(waiting).toMatchObject({ amountCents: 749, sentAt: null });
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sourceKey, `charge:${charge.id}:refund`)),
    ).toEqual([]);
    expect(await sendBoostRefunds({ ...t.app.deps, clock })).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId))).toEqual([
      expect.objectContaining({ amountCents: 749 }),
    ]);
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sourceKey, `charge:${charge.id}:refund`)),
    ).toHaveLength(1);
    clock.useRealTime();
  });

  it('at once: two admins take it down and the deal-withdrawn subscriber and two refund job runs send it, one refund all the same', async () => {
    clock.set('2031-07-01T09:00:00Z');
    const second = await t.loginAs('admin');
    const { deal, charge, sessionId } = await boostedDeal(1);
    clock.set('2031-07-01T21:00:00Z');
    // The provider is down while the two take-downs race: the refund waits, recorded once.
    const down = vi.spyOn(t.app.deps.payments, 'refund').mockRejectedValue(new Error('provider down'));
    let statuses: number[];
    try {
      const both = await Promise.all([
        deactivate(deal.id),
        post(`/api/admin/deals/${deal.id}/deactivate`, second.cookie, { reason: 'Misleading photos' }),
      ]);
      statuses = both.map((r) => r.statusCode).sort();
    } finally {
      down.mockRestore();
    }
    expect(statuses).toEqual([200, 409]);
    // 12 of 24 hours unused: half of $9.99, rounded down.
    expect(await db.select().from(merchantChargeRefunds).where(eq(merchantChargeRefunds.chargeId, charge.id))).toEqual([
      expect.objectContaining({ amountCents: 499, sentAt: null }),
    ]);
    // Past the subscriber's retry pause: its retry and two job runs send the same refund at once.
    clock.set('2031-07-01T21:05:00Z');
    const deps = { ...t.app.deps, clock };
    await Promise.all([t.app.deps.domainEvents.deliver(), sendBoostRefunds(deps), sendBoostRefunds(deps)]);
    expect(await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId))).toEqual([
      expect.objectContaining({ amountCents: 499 }),
    ]);
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sourceKey, `charge:${charge.id}:refund`)),
    ).toEqual([expect.objectContaining({ kind: 'perkboost_refund', amountCents: 499 })]);
    const [sent] = await db.select().from(merchantChargeRefunds).where(eq(merchantChargeRefunds.chargeId, charge.id));
    expect(sent!.sentAt).not.toBeNull();
    clock.useRealTime();
  });

  it('a deal taken down without a running boost refunds nothing', async () => {
    clock.useRealTime();
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id);
    expect((await deactivate(deal.id)).statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/api/merchant/deals?status=all', cookie: m.cookie });
    expect(list.json().deals.find((d: { id: string }) => d.id === deal.id)).toMatchObject({ boostRefundCents: 0, appeal: null });
  });
});

describe('appealing a removed deal', () => {
  it('the merchant appeals once; the admins are told; reinstating puts it back paused and tells the merchant', async () => {
    clock.useRealTime();
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id, { title: 'Tasting menu' });
    const appeal = (cookie = m.cookie, id = deal.id, message = 'The photos are of our own dishes.') =>
      post(`/api/merchant/deals/${id}/appeal`, cookie, { message });

    // Not removed yet: nothing to appeal.
    expect((await appeal()).json().error.message).toBe(A.notRemoved);
    expect((await deactivate(deal.id)).statusCode).toBe(200);
    expect((await appeal(m.cookie, deal.id, '   ')).statusCode).toBe(400);
    const other = await createMerchantSession(t);
    expect((await appeal(other.cookie)).statusCode).toBe(404);

    const sent = await appeal();
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'open', message: 'The photos are of our own dishes.' });
    expect((await appeal()).json().error.message).toBe(A.alreadyOpen);
    const inbox = (await t.request({ method: 'GET', url: '/api/admin/notifications', cookie: admin.cookie })).json().items;
    expect(inbox.find((n: { entityId: string; type: string }) => n.entityId === deal.id && n.type === 'deal_appeal')).toMatchObject({
      title: 'A merchant appealed a removed deal',
      href: `/admin/dashboard?merchant=${m.merchant.id}`,
      readAt: null,
    });
    const adminList = (await t.request({ method: 'GET', url: `/api/admin/merchants/${m.merchant.id}/deals`, cookie: admin.cookie })).json();
    expect(adminList.deals[0]).toMatchObject({
      status: 'removed',
      appeal: { status: 'open', message: 'The photos are of our own dishes.' },
    });

    const decide = (decision: string, decisionText = 'Checked: your own photos.') =>
      post(`/api/admin/deals/${deal.id}/appeal/decision`, admin.cookie, { decision, decisionText });
    const reinstated = await decide('reinstate');
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json()).toMatchObject({ status: 'reinstated', decisionText: 'Checked: your own photos.' });
    expect((await decide('uphold')).json().error.message).toBe(A.noOpenAppeal);
    expect(await db.select({ status: deals.status, reason: deals.moderationReason }).from(deals).where(eq(deals.id, deal.id))).toEqual([
      { status: 'paused', reason: null },
    ]);
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.user.id), eq(notifications.type, 'deal_appeal_decided')));
    expect(told).toMatchObject({ title: 'Your deal is reinstated' });
    const after = (await t.request({ method: 'GET', url: '/api/admin/notifications', cookie: admin.cookie })).json().items;
    expect(after.find((n: { entityId: string; type: string }) => n.entityId === deal.id && n.type === 'deal_appeal').readAt).not.toBeNull();
  });

  it('an upheld removal stays removed and cannot be appealed again; only admins decide', async () => {
    clock.useRealTime();
    const m = await createMerchantSession(t);
    const deal = await createDeal(db, m.merchant.id);
    await deactivate(deal.id);
    expect((await post(`/api/merchant/deals/${deal.id}/appeal`, m.cookie, { message: 'Please look again.' })).statusCode).toBe(201);
    expect(
      (await post(`/api/admin/deals/${deal.id}/appeal/decision`, m.cookie, { decision: 'reinstate', decisionText: 'x' })).statusCode,
    ).toBe(403);
    const upheld = await post(`/api/admin/deals/${deal.id}/appeal/decision`, admin.cookie, {
      decision: 'uphold',
      decisionText: 'Still misleading.',
    });
    expect(upheld.json()).toMatchObject({ status: 'upheld' });
    expect(await db.select({ status: deals.status }).from(deals).where(eq(deals.id, deal.id))).toEqual([{ status: 'removed' }]);
    const again = await post(`/api/merchant/deals/${deal.id}/appeal`, m.cookie, { message: 'And again?' });
    expect(again.json().error.message).toBe(A.alreadyDecided);
    const mine = (await t.request({ method: 'GET', url: '/api/merchant/deals?status=all', cookie: m.cookie })).json().deals;
    expect(mine.find((d: { id: string }) => d.id === deal.id).appeal).toMatchObject({
      status: 'upheld',
      decisionText: 'Still misleading.',
    });
  });
});
