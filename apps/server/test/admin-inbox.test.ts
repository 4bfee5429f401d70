import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '@localperks/shared';
import { merchantRegistrationRequests, refundRequests } from '../src/db/schema';
import { build } from './build';
import { mutableClock } from './clock';
import { buy, createDeal, createMerchantSession } from './factories';
import { markOverdueRefundRequests } from '../src/modules/money';

/**
 * The admin inbox carries every item that waits for an admin (issue 39, item 7): a merchant's answer
 * to a refund request, a request due for decision, a merchant's reply to a rejection, a new support
 * ticket, besides new registrations; each is marked done for every admin once one of them handles it.
 */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const alice = await t.loginAs('admin', { name: 'Alice Admin' });
const bob = await t.loginAs('admin', { name: 'Bob Admin' });

type Item = { type: string; title: string; message: string; entityType: string; entityId: string; href: string; readAt: string | null };
const inbox = async (cookie: string): Promise<Item[]> =>
  (await t.request({ method: 'GET', url: '/api/admin/notifications', cookie })).json().items;
const about = async (cookie: string, entityId: string) => (await inbox(cookie)).filter((n) => n.entityId === entityId);
const post = (url: string, cookie: string, payload: object = {}) => t.request({ method: 'POST', url, cookie, payload });

/** A merchant's voucher and the customer's refund request for it. */
async function refundRequest(dealTitle: string) {
  const merchant = await createMerchantSession(t, { businessName: `${dealTitle} Shop` });
  const deal = await createDeal(db, merchant.merchant.id, { title: dealTitle });
  const customer = await t.loginAs('customer');
  const [p] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
  const res = await post(`/api/purchases/${p!.id}/refund-request`, customer.cookie, { reason: 'closed', note: 'Closed on a Saturday.' });
  expect(res.statusCode).toBe(200);
  return { merchant, id: res.json().id as string };
}

describe('the admin inbox', () => {
  it('a merchant’s answer to a refund request: every admin is told; one admin’s decision marks it done for all', async () => {
    clock.useRealTime();
    const { merchant, id } = await refundRequest('Answered Brunch');
    expect(await about(alice.cookie, id)).toEqual([]);
    const answered = await post(`/api/merchant/refund-requests/${id}/answer`, merchant.cookie, { message: 'We were open all day.' });
    expect(answered.statusCode).toBe(200);
    for (const admin of [alice, bob])
      expect(await about(admin.cookie, id)).toEqual([
        expect.objectContaining({
          type: 'refund_answered',
          title: 'Merchant answered a refund request',
          entityType: 'refund_request',
          href: '/admin/dashboard?tab=refunds',
          readAt: null,
        }),
      ]);
    expect((await about(alice.cookie, id))[0]!.message).toContain('We were open all day.');

    const decided = await post(`/api/admin/refund-requests/${id}/decision`, bob.cookie, {
      decision: 'decline',
      decisionText: 'Open that day.',
    });
    expect(decided.statusCode).toBe(200);
    for (const admin of [alice, bob]) expect((await about(admin.cookie, id))[0]!.readAt).not.toBeNull();
  });

  it('a refund request due for decision: the deadline job tells every admin, besides the e-mail', async () => {
    clock.useRealTime();
    const { id } = await refundRequest('Overdue Dinner');
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
    clock.set(row!.deadlineAt.getTime() + DAY_MS);
    expect((await markOverdueRefundRequests({ ...t.app.deps, clock })).due).toBeGreaterThanOrEqual(1);
    for (const admin of [alice, bob])
      expect(await about(admin.cookie, id)).toEqual([
        expect.objectContaining({ type: 'refund_request_due', title: 'Refund request due for decision', readAt: null }),
      ]);
    clock.useRealTime();
    const decided = await post(`/api/admin/refund-requests/${id}/decision`, alice.cookie, {
      decision: 'refund',
      decisionText: 'Refunded.',
    });
    expect(decided.statusCode).toBe(200);
    expect((await about(bob.cookie, id))[0]!.readAt).not.toBeNull();
  });

  it('a merchant’s reply to a rejection: told; reading the thread marks it done, approving marks the registration done', async () => {
    clock.useRealTime();
    const m = await createMerchantSession(t, { businessName: 'Replying Roastery', approved: false });
    const [request] = await db
      .insert(merchantRegistrationRequests)
      .values({
        userId: m.user.id,
        businessName: 'Replying Roastery',
        email: m.user.email,
        phone: '1',
        city: 'Chicago',
        state: 'IL',
        description: 'Coffee roasted in the back room.',
        plan: 'deals_messaging',
      })
      .returning();
    const rejected = await post(`/api/admin/merchant-requests/${request!.id}/reject`, alice.cookie, { reason: 'Add your street address.' });
    expect(rejected.statusCode).toBe(200);
    const reply = await post('/api/merchant/registration/messages', m.cookie, { message: 'Added: 12 Main St.' });
    expect(reply.statusCode).toBe(201);
    const replies = (await about(bob.cookie, request!.id)).filter((n) => n.type === 'registration_reply');
    expect(replies).toEqual([
      expect.objectContaining({
        title: 'Merchant replied to a rejection',
        message: 'Replying Roastery: Added: 12 Main St.',
        href: `/admin/dashboard?tab=approval&request=${request!.id}`,
        readAt: null,
      }),
    ]);
    // Alice opens the thread: the reply is read, for Bob too.
    expect((await post(`/api/admin/merchant-requests/${request!.id}/messages/read`, alice.cookie)).statusCode).toBe(200);
    expect((await about(bob.cookie, request!.id)).filter((n) => n.type === 'registration_reply')[0]!.readAt).not.toBeNull();
    // A registration notification left unread is done once the registration is approved.
    await post('/api/merchant/registration/messages', m.cookie, { message: 'Anything else?' });
    expect((await about(alice.cookie, request!.id)).some((n) => n.readAt === null)).toBe(true);
    await post(`/api/admin/merchant-requests/${request!.id}/reset`, alice.cookie);
    expect((await post(`/api/admin/merchant-requests/${request!.id}/approve`, alice.cookie)).statusCode).toBe(200);
    for (const admin of [alice, bob]) expect((await about(admin.cookie, request!.id)).every((n) => n.readAt !== null)).toBe(true);
  });

  it('a new support ticket (and a follow-up): told; an admin’s reply marks it done', async () => {
    clock.useRealTime();
    const opened = await t.request({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { name: 'Pat Customer', email: 'pat@test.example', subject: 'Voucher not received', message: 'I paid but see no voucher.' },
    });
    expect(opened.statusCode).toBe(201);
    const ticketId = opened.json().ticket.id as string;
    for (const admin of [alice, bob])
      expect(await about(admin.cookie, ticketId)).toEqual([
        expect.objectContaining({
          type: 'support_ticket',
          title: 'New support ticket',
          entityType: 'support_ticket',
          href: '/admin/dashboard?tab=support',
          readAt: null,
        }),
      ]);
    const replied = await post(`/api/admin/support/tickets/${ticketId}/replies`, bob.cookie, {
      subject: 'Re: Voucher not received',
      message: 'It is in My Purchases now.',
    });
    expect(replied.statusCode).toBe(201);
    for (const admin of [alice, bob]) expect((await about(admin.cookie, ticketId))[0]!.readAt).not.toBeNull();

    // A signed-in customer's follow-up waits for an admin again.
    const customer = await t.loginAs('customer');
    const mine = await post('/api/support/my-tickets', customer.cookie, { subject: 'Gift', message: 'Can I gift a voucher?' });
    const mineId = mine.json().ticket.id as string;
    await post(`/api/admin/support/tickets/${mineId}/replies`, alice.cookie, { subject: 'Re: Gift', message: 'Yes, from the deal page.' });
    await post(`/api/support/my-tickets/${mineId}/messages`, customer.cookie, { message: 'Thanks, and for a friend abroad?' });
    const followUps = (await about(alice.cookie, mineId)).filter((n) => n.type === 'support_reply');
    expect(followUps).toEqual([expect.objectContaining({ title: 'Customer replied to a support ticket', readAt: null })]);
    const status = await t.request({
      method: 'PATCH',
      url: `/api/admin/support/tickets/${mineId}/status`,
      cookie: bob.cookie,
      payload: { status: 'resolved' },
    });
    expect(status.statusCode).toBe(200);
    expect((await about(alice.cookie, mineId)).every((n) => n.readAt !== null)).toBe(true);
  });
});
