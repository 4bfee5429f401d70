import { describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { MessageEvent } from '@localperks/shared';
import { publishMessageEvent } from '../src/lib/events';
import { canSee } from '../src/modules/platform';
import { build } from './build';
import { collectSse } from './sse';
import { buy, createDeal, createMerchantSession } from './factories';

const t = await build();

describe('live message events', () => {
  it('tells a merchant only about its own threads, and a customer only about its own messages and tickets', async () => {
    const merchantA = await t.loginAs('merchant');
    const merchantB = await t.createUser('merchant');
    const customer = await t.loginAs('customer');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events/messages`;

    const before = t.app.events.size;
    const forMerchant = collectSse<MessageEvent>(url, { event: 'message', want: 2, cookie: merchantA.cookie, timeoutMs: 15_000 });
    const forCustomer = collectSse<MessageEvent>(url, { event: 'message', want: 2, cookie: customer.cookie, timeoutMs: 15_000 });
    // Publish only once both streams are subscribed (no fixed pause: it flaked on a busy machine).
    await vi.waitFor(() => expect(t.app.events.size).toBe(before + 2), { timeout: 10_000, interval: 20 });
    const registrationId = crypto.randomUUID();
    const ticketId = crypto.randomUUID();
    await publishMessageEvent(t.database.db, { type: 'registration_message', registrationId, merchantUserId: merchantB.id });
    await publishMessageEvent(t.database.db, { type: 'registration_message', registrationId, merchantUserId: merchantA.user.id });
    await publishMessageEvent(t.database.db, { type: 'customer_message', merchantUserId: merchantA.user.id, customerId: customer.user.id });
    await publishMessageEvent(t.database.db, { type: 'support_ticket', ticketId, customerId: customer.user.id });

    expect(await forMerchant).toEqual([
      { type: 'registration_message', registrationId, merchantUserId: merchantA.user.id },
      { type: 'customer_message', merchantUserId: merchantA.user.id, customerId: customer.user.id },
    ]);
    expect(await forCustomer).toEqual([
      { type: 'customer_message', merchantUserId: merchantA.user.id, customerId: customer.user.id },
      { type: 'support_ticket', ticketId, customerId: customer.user.id },
    ]);
  });

  it('tells a customer, and no one else, when a merchant redeems one of their vouchers (My Purchases updates live)', async () => {
    const m = await createMerchantSession(t);
    const deal = await createDeal(t.database.db, m.merchant.id, { title: 'Live redeem lunch' });
    const buyer = await t.loginAs('customer');
    const other = await t.loginAs('customer');
    const [voucher] = await buy(t, buyer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events/messages`;

    const before = t.app.events.size;
    const forBuyer = collectSse<MessageEvent>(url, { event: 'message', want: 1, cookie: buyer.cookie, timeoutMs: 15_000 });
    const forOther = collectSse<MessageEvent>(url, { event: 'message', want: 1, cookie: other.cookie, timeoutMs: 15_000 });
    await vi.waitFor(() => expect(t.app.events.size).toBe(before + 2), { timeout: 10_000, interval: 20 });
    const redeemed = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions',
      cookie: m.cookie,
      payload: { code: voucher!.redemptionCode },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await forBuyer).toEqual([{ type: 'purchase', customerId: buyer.user.id }]);
    // Events reach a stream in order: the other customer's first one is the notice sent after the redemption.
    await publishMessageEvent(t.database.db, { type: 'notification', userId: other.user.id });
    expect(await forOther).toEqual([{ type: 'notification', userId: other.user.id }]);
  });

  it('refuses visitors', async () => {
    const res = await t.request({ method: 'GET', url: '/api/events/messages' });
    expect(res.statusCode).toBe(401);
  });

  it('shows admins registration threads and tickets only once they passed the code step', () => {
    const e: MessageEvent = { type: 'support_ticket', ticketId: 'x', customerId: null };
    const thread: MessageEvent = { type: 'registration_message', registrationId: 'r', merchantUserId: 'm' };
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: true }, e)).toBe(true);
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: true }, thread)).toBe(true);
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: false }, e)).toBe(false);
    expect(canSee({ id: 'a', role: 'admin', secondFactorPassed: false }, thread)).toBe(false);
    expect(canSee({ id: 'c', role: 'customer', secondFactorPassed: false }, e)).toBe(false);
  });
});
