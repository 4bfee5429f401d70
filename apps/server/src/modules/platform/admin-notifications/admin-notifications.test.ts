import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MessageEvent } from '@localperks/shared';
import { merchantCharges, merchantRegistrationRequests, notifications, users } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { createDeal, createMerchant } from '../../../../test/factories';
import { canSee } from '../system/message-events.routes';
import { notifyAdmins } from './admin-notifications.service';

const clock = mutableClock('2026-05-04T10:00:00Z');
const t = await build({ clock });
const db = t.database.db;
const alice = await t.loginAs('admin', { name: 'Alice Admin' });
const bob = await t.loginAs('admin', { name: 'Bob Admin' });

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, cookie: string) => t.request({ method: 'POST', url, cookie, payload: {} });
const list = async (cookie: string, page = 1) => (await get(`/api/admin/notifications?page=${page}`, cookie)).json();
const unread = async (cookie: string) => (await get('/api/admin/notifications/unread-count', cookie)).json().unread;

/** Waits (bounded) until the hub has delivered an event matching `match`. */
async function waitFor(events: MessageEvent[], match: (e: MessageEvent) => boolean) {
  const deadline = Date.now() + 3000;
  while (!events.some(match) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return events.some(match);
}

describe('admin notifications', () => {
  it('a merchant registration notifies every admin, live, and links to its approval card', async () => {
    const events: MessageEvent[] = [];
    const stop = t.app.events.subscribeMessages((e) => events.push(e));
    try {
      const email = `notify-${Math.random().toString(36).slice(2, 8)}@test.example`;
      const res = await t.request({
        method: 'POST',
        url: '/api/merchants/register',
        payload: {
          email,
          password: 'Merch4ntPass',
          confirmPassword: 'Merch4ntPass',
          businessName: 'Bell Bakery',
          description: 'Sourdough and pies baked every morning.',
          website: '',
          phone: '(312) 555-0142',
          city: 'Chicago',
          state: 'IL',
          addressLine1: '1 W Madison St',
          zip: '60602',
          plan: 'deals_messaging',
          acceptTerms: true,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(await waitFor(events, (e) => e.type === 'notification' && e.userId === alice.user.id)).toBe(true);
      expect(events).toContainEqual({ type: 'notification', userId: bob.user.id });
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const [request] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.userId, user!.id));

      for (const admin of [alice, bob]) {
        const page = await list(admin.cookie);
        expect(page).toMatchObject({ total: 1, unread: 1, page: 1, pageSize: 10 });
        expect(page.items).toEqual([
          expect.objectContaining({
            type: 'merchant_registration',
            title: 'New merchant registration',
            message: expect.stringContaining('Bell Bakery'),
            entityType: 'merchant_registration_request',
            entityId: request!.id,
            href: `/admin/dashboard?tab=approval&request=${request!.id}`,
            readAt: null,
          }),
        ]);
        expect(await unread(admin.cookie)).toBe(1);
      }
    } finally {
      stop();
    }
  });

  it('links a PerkBoost refund notice to its merchant (the charge’s merchant, resolved in the same query)', async () => {
    const m = await createMerchant(db, { businessName: 'Boosted Tacos' });
    const deal = await createDeal(db, m.merchant.id);
    const [charge] = await db
      .insert(merchantCharges)
      .values({
        merchantId: m.merchant.id,
        kind: 'perkboost',
        dealId: deal.id,
        boostDays: 3,
        amountCents: 2_499,
        provider: 'sandbox',
        status: 'paid',
      })
      .returning();
    await db.transaction((tx) =>
      notifyAdmins(tx, {
        type: 'refund_due',
        title: 'PerkBoost payment needs a refund',
        message: 'Refund it at the payment provider.',
        entityType: 'merchant_charge',
        entityId: charge!.id,
      }),
    );
    const [newest] = (await list(alice.cookie)).items;
    expect(newest).toMatchObject({ type: 'refund_due', href: `/admin/dashboard?merchant=${m.merchant.id}` });
    expect(await unread(alice.cookie)).toBe(2);
  });

  it('lists newest first, page by page', async () => {
    const base = Date.parse('2026-05-01T00:00:00Z');
    await db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: bob.user.id,
        type: 'test',
        title: `Note ${i}`,
        message: 'Older notice',
        createdAt: new Date(base - i * 60_000),
      })),
    );
    const first = await list(bob.cookie);
    expect(first.total).toBe(14);
    expect(first.items).toHaveLength(10);
    // The two from the tests above are newer than the dated ones; then Note 0, Note 1, …
    expect(first.items.slice(2).map((n: { title: string }) => n.title)).toEqual([
      'Note 0',
      'Note 1',
      'Note 2',
      'Note 3',
      'Note 4',
      'Note 5',
      'Note 6',
      'Note 7',
    ]);
    const second = await list(bob.cookie, 2);
    expect(second.items.map((n: { title: string }) => n.title)).toEqual(['Note 8', 'Note 9', 'Note 10', 'Note 11']);
    expect(second.items.every((n: { href: string }) => n.href === '/admin/dashboard')).toBe(true);
  });

  it('marks one read (idempotent, first read time kept); another admin’s notification is 404 and stays unread', async () => {
    const [mine] = (await list(alice.cookie)).items;
    const [bobs] = (await list(bob.cookie)).items;
    const before = await unread(alice.cookie);

    const res = await post(`/api/admin/notifications/${mine.id}/read`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked: 1, unread: before - 1 });
    clock.advance(60_000);
    const again = await post(`/api/admin/notifications/${mine.id}/read`, alice.cookie);
    expect(again.json()).toEqual({ marked: 0, unread: before - 1 });
    const [row] = await db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row!.readAt?.toISOString()).toBe('2026-05-04T10:00:00.000Z');
    expect((await list(alice.cookie)).items[0]).toMatchObject({ id: mine.id, readAt: '2026-05-04T10:00:00.000Z' });

    const foreign = await post(`/api/admin/notifications/${bobs.id}/read`, alice.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found.' });
    expect((await db.select().from(notifications).where(eq(notifications.id, bobs.id)))[0]!.readAt).toBeNull();
    expect((await post('/api/admin/notifications/00000000-0000-4000-8000-000000000000/read', alice.cookie)).statusCode).toBe(404);
    expect((await post('/api/admin/notifications/not-an-id/read', alice.cookie)).statusCode).toBe(400);
  });

  it('marks all of one’s own read, idempotently, leaving other admins’ alone', async () => {
    const bobUnread = await unread(bob.cookie);
    expect(bobUnread).toBe(14);
    const all = await post('/api/admin/notifications/read-all', bob.cookie);
    expect(all.json()).toEqual({ marked: 14, unread: 0 });
    expect((await post('/api/admin/notifications/read-all', bob.cookie)).json()).toEqual({ marked: 0, unread: 0 });
    expect(await unread(alice.cookie)).toBe(1);
  });

  it('a notification event reaches only the browsers of the user it is for', () => {
    const e: MessageEvent = { type: 'notification', userId: alice.user.id };
    expect(canSee({ id: alice.user.id, role: 'admin', secondFactorPassed: true }, e)).toBe(true);
    expect(canSee({ id: bob.user.id, role: 'admin', secondFactorPassed: true }, e)).toBe(false);
  });

  it('is refused to merchants and customers', async () => {
    for (const role of ['merchant', 'customer'] as const) {
      const { cookie } = await t.loginAs(role);
      expect((await get('/api/admin/notifications', cookie)).statusCode).toBe(403);
      expect((await post('/api/admin/notifications/read-all', cookie)).statusCode).toBe(403);
    }
  });
});
