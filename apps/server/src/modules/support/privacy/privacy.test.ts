import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_EXPORT_TTL_MS } from '@localperks/shared';
import {
  adminAuditLog,
  customerMessages,
  dealVotes,
  deals,
  domainEventDeliveries,
  domainEvents,
  favorites,
  merchants,
  orders,
  passkeys,
  purchases,
  recoveryCodes,
  supportTickets,
  totpAuthenticators,
  users,
} from '../../../db/schema';
import { dealWithdrawn } from '../../catalog';
import { build, rowsOf, sessionCookie, TEST_PASSWORD, type TestApp } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';

const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;

/** A customer with a voucher, a favourite, a vote, a message to the merchant and a support ticket. */
async function customerWithData(t: TestApp, merchantId: string, dealId: string, label: string) {
  const { cookie, user } = await t.loginAs('customer', { name: `Customer ${label}` });
  const [voucher] = await buy(t, cookie, [{ dealId, quantity: 1 }]);
  await db.insert(favorites).values({ userId: user.id, dealId });
  await db.insert(dealVotes).values({ userId: user.id, dealId });
  await db
    .insert(customerMessages)
    .values({ merchantId, customerId: user.id, subject: `Question ${label}`, message: `Hello from ${label}` });
  await db.insert(supportTickets).values({ customerId: user.id, name: `Customer ${label}`, email: user.email, subject: `Ticket ${label}` });
  return { cookie, user, voucher: voucher! };
}

async function downloadZip(cookie: string) {
  const started = await t.request({ method: 'POST', url: '/api/account/data-exports', cookie });
  expect(started.statusCode).toBe(202);
  const id = started.json().export.id as string;
  // t.request waited for the work after the answer: the archive is built.
  const list = (await t.request({ method: 'GET', url: '/api/account/data-exports', cookie })).json().exports;
  expect(list[0]).toMatchObject({ id, status: 'ready', progress: 100 });
  const res = await t.request({ method: 'GET', url: `/api/account/data-exports/${id}/download`, cookie });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return { id, files: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)])) };
}

const ledgerTotals = async () =>
  (
    await rowsOf<{ n: number; sum: string }>(
      t.database,
      sql`select count(*)::int as n, coalesce(sum(amount_cents), 0)::text as sum from ledger_entries`,
    )
  )[0]!;

describe('download my data', () => {
  it('builds a ZIP of JSON and CSV files with exactly the account’s own rows, mails the link, and keeps it 7 days', async () => {
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(db, merchant.merchant.id, { title: 'Export Pasta Night' });
    const me = await customerWithData(t, merchant.merchant.id, deal.id, 'Alpha');
    const other = await customerWithData(t, merchant.merchant.id, deal.id, 'Bravo');

    const { id, files } = await downloadZip(me.cookie);
    for (const section of [
      'profile',
      'orders',
      'vouchers',
      'refunds',
      'favourites',
      'votes',
      'messages',
      'tickets',
      'reviews',
      'consents',
      'sign-in-history',
    ])
      for (const ext of ['json', 'csv']) expect(Object.keys(files)).toContain(`${section}.${ext}`);
    const all = Object.values(files).join('\n');
    // Mine, codes included…
    expect(JSON.parse(files['vouchers.json']!)).toEqual([
      expect.objectContaining({ id: me.voucher.id, redemptionCode: me.voucher.redemptionCode }),
    ]);
    expect(files['vouchers.csv']).toContain(me.voucher.redemptionCode);
    expect(JSON.parse(files['profile.json']!)).toEqual([expect.objectContaining({ id: me.user.id, email: me.user.email })]);
    expect(JSON.parse(files['favourites.json']!)).toHaveLength(1);
    expect(JSON.parse(files['votes.json']!)).toHaveLength(1);
    expect(files['messages.json']).toContain('Hello from Alpha');
    expect(files['tickets.json']).toContain('Ticket Alpha');
    expect(
      JSON.parse(files['sign-in-history.json']!).some(
        (r: { kind: string; succeeded?: boolean }) => r.kind === 'sign-in attempt' && r.succeeded,
      ),
    ).toBe(true);
    // …and nothing of anyone else's, and no secret.
    for (const theirs of [
      other.user.id,
      other.user.email,
      other.voucher.redemptionCode,
      'Hello from Bravo',
      'Ticket Bravo',
      merchant.user.email,
    ])
      expect(all).not.toContain(theirs);
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain('passwordHash');

    expect((await t.lastMail(me.user.email, 'data_export_ready'))?.text).toContain('/profile?tab=privacy');
    // Another account cannot download it; after 7 days nobody can.
    expect((await t.request({ method: 'GET', url: `/api/account/data-exports/${id}/download`, cookie: other.cookie })).statusCode).toBe(
      404,
    );
    try {
      clock.set(Date.now() + DATA_EXPORT_TTL_MS + 60_000);
      expect((await t.request({ method: 'GET', url: `/api/account/data-exports/${id}/download`, cookie: me.cookie })).statusCode).toBe(404);
    } finally {
      clock.useRealTime();
    }
  });

  it('gives a merchant its deals, sales (without the customers), payouts and statements', async () => {
    const merchant = await createMerchantSession(t, { businessName: 'Export Bakery' });
    const deal = await createDeal(db, merchant.merchant.id, { title: 'Export Croissants' });
    const buyer = await customerWithData(t, merchant.merchant.id, deal.id, 'Charlie');
    const { files } = await downloadZip(merchant.cookie);
    for (const section of ['business', 'deals', 'sales', 'payouts', 'statements']) expect(Object.keys(files)).toContain(`${section}.json`);
    expect(files['deals.json']).toContain('Export Croissants');
    const sales = JSON.parse(files['sales.json']!) as Record<string, unknown>[];
    expect(sales).toHaveLength(1);
    expect(sales[0]).not.toHaveProperty('userId');
    expect(JSON.parse(files['statements.json']!).length).toBeGreaterThan(0);
    expect(Object.values(files).join('\n')).not.toContain(buyer.user.email);
    expect(Object.values(files).join('\n')).not.toContain(buyer.user.id);
  });
});

describe('delete my account', () => {
  it('needs the password and the typed word, forfeits unused vouchers, ends every session, anonymises, and leaves the ledger as it was', async () => {
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(db, merchant.merchant.id, { title: 'Deletion Dinner' });
    const me = await customerWithData(t, merchant.merchant.id, deal.id, 'Delta');
    const second = sessionCookie(
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: me.user.email, password: TEST_PASSWORD } }),
    );

    const preview = (await t.request({ method: 'GET', url: '/api/account/deletion', cookie: me.cookie })).json();
    expect(preview).toEqual({
      blockers: [],
      vouchers: [expect.objectContaining({ id: me.voucher.id, dealTitle: 'Deletion Dinner', canRequestRefund: true })],
    });

    const before = await ledgerTotals();
    const [orderBefore] = await db.select().from(orders).where(eq(orders.userId, me.user.id));
    const wrongWord = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: me.cookie,
      payload: { password: TEST_PASSWORD, confirmation: 'delete' },
    });
    expect(wrongWord.json().error.fields).toEqual({ confirmation: 'Type DELETE to confirm' });
    const wrongPassword = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: me.cookie,
      payload: { password: 'Nope-1234', confirmation: 'DELETE' },
    });
    expect(wrongPassword.json().error.fields).toEqual({ password: 'Your password is incorrect.' });

    const deleted = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: me.cookie,
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(deleted.json()).toEqual({ ok: true });
    // Every session ended; the old address and password no longer sign in.
    for (const cookie of [me.cookie, second])
      expect((await t.request({ method: 'GET', url: '/api/account/profile', cookie })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: me.user.email, password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
    // Personal data gone; the row stays as the anonymous id of what bookkeeping keeps.
    const [row] = await db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ name: null, phoneNumber: null, deletedAt: expect.any(Date) });
    expect(row!.email).not.toContain(me.user.email.split('@')[0]!);
    expect(await db.select().from(favorites).where(eq(favorites.userId, me.user.id))).toEqual([]);
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.customerId, me.user.id));
    expect(ticket).toMatchObject({ name: 'Deleted user', email: 'deleted@localperks.invalid' });
    // Orders, vouchers and the ledger are kept: the same sums before and after.
    const [orderAfter] = await db.select().from(orders).where(eq(orders.userId, me.user.id));
    expect(orderAfter).toMatchObject({ id: orderBefore!.id, totalCents: orderBefore!.totalCents });
    expect(await ledgerTotals()).toEqual(before);
    const [voucher] = await db.select().from(purchases).where(eq(purchases.id, me.voucher.id));
    expect(voucher!.forfeitedAt).toBeInstanceOf(Date);
    // The merchant can no longer redeem the forfeited voucher.
    const redeem = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions',
      cookie: merchant.cookie,
      payload: { code: me.voucher.redemptionCode },
    });
    expect(redeem.json().error.message).toBe(
      'This voucher was forfeited when its owner deleted their account and can no longer be redeemed.',
    );
    expect((await t.lastMail(me.user.email, 'account_deleted'))?.subject).toBe('Your LocalPerks account was deleted');
  });

  it('tells a merchant what blocks deletion; one with nothing open is deleted and its business leaves the site', async () => {
    const blocked = await createMerchantSession(t, { businessName: 'Blocked Bistro' });
    const deal = await createDeal(db, blocked.merchant.id);
    await customerWithData(t, blocked.merchant.id, deal.id, 'Echo');
    const preview = (await t.request({ method: 'GET', url: '/api/account/deletion', cookie: blocked.cookie })).json();
    expect(preview.blockers).toEqual([expect.stringContaining('1 paid voucher customers can still redeem')]);
    const refused = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: blocked.cookie,
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('1 paid voucher customers');
    expect((await db.select().from(users).where(eq(users.id, blocked.user.id)))[0]!.deletedAt).toBeNull();

    const free = await createMerchantSession(t, { businessName: 'Closing Cafe' });
    const unsold = await createDeal(db, free.merchant.id);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/account/delete',
          cookie: free.cookie,
          payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
        })
      ).statusCode,
    ).toBe(200);
    const [business] = await db.select().from(merchants).where(eq(merchants.id, free.merchant.id));
    expect(business).toMatchObject({ businessName: 'Deleted business', approved: false, phone: '' });
    expect((await db.select({ status: deals.status }).from(deals).where(eq(deals.id, unsold.id)))[0]!.status).toBe('removed');
  });

  it('withdraws a deleted merchant’s live deals as every withdrawal does: one deal.withdrawn event, delivered to its subscribers', async () => {
    const m = await createMerchantSession(t, { businessName: 'Withdrawn Wares' });
    const live = await createDeal(db, m.merchant.id);
    const paused = await createDeal(db, m.merchant.id, { status: 'paused' });
    const gone = await createDeal(db, m.merchant.id, { status: 'removed' });
    const deleted = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: m.cookie,
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    const events = (await db.select().from(domainEvents).where(eq(domainEvents.type, dealWithdrawn.type))).filter((e) =>
      (e.payload as { dealIds: string[] }).dealIds.some((id) => [live.id, paused.id, gone.id].includes(id)),
    );
    expect(events).toHaveLength(1);
    expect(new Set((events[0]!.payload as { dealIds: string[] }).dealIds)).toEqual(new Set([live.id, paused.id]));
    const deliveries = await db.select().from(domainEventDeliveries).where(eq(domainEventDeliveries.eventId, events[0]!.id));
    expect(deliveries.map((d) => d.subscriber).sort()).toEqual(t.app.deps.domainEvents.subscribersOf(dealWithdrawn).sort());
    expect(deliveries.every((d) => d.doneAt !== null)).toBe(true);
  });

  it('deletes the account’s passkeys, authenticator app and recovery codes', async () => {
    const { cookie, user } = await t.loginAs('customer');
    await db.insert(passkeys).values({
      userId: user.id,
      credentialId: `cred-${user.id}`,
      publicKey: Buffer.from([1, 2, 3]),
      deviceType: 'singleDevice',
      name: 'Old phone',
    });
    await db.insert(totpAuthenticators).values({ userId: user.id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
    await db.insert(recoveryCodes).values({ userId: user.id, codeHash: 'hash' });
    await t.request({ method: 'POST', url: '/api/account/delete', cookie, payload: { password: TEST_PASSWORD, confirmation: 'DELETE' } });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect(await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, user.id))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
  });

  it('an admin deletes an account for a verified request, with an audit entry; others may not', async () => {
    const admin = await t.loginAs('admin');
    const { cookie, user } = await t.loginAs('customer');
    const byCustomer = await t.request({
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/delete`,
      cookie,
      payload: { reason: 'Verified by reply from the account address' },
    });
    expect(byCustomer.statusCode).toBe(403);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/delete`,
      cookie: admin.cookie,
      payload: { reason: 'Verified by reply from the account address' },
    });
    expect(res.json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: '/api/account/profile', cookie })).statusCode).toBe(401);
    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, user.id));
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      action: 'account.deleted',
      details: { reason: 'Verified by reply from the account address', role: 'customer' },
    });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/admin/accounts/${user.id}/delete`,
          cookie: admin.cookie,
          payload: { reason: 'Verified twice over, again' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
