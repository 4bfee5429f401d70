import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MERCHANT_DEAL_MESSAGES as M } from '@localperks/shared';
import { deals, merchantCharges, notifications, sandboxSessions } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { TEST_CARD, createBoostDeal, createDeal, createMerchant, createMerchantSession } from '../../../../test/factories';
import { dealInput, multipart, pngBytes } from '../../../../test/uploads';
import { activateBoostedDeal, canDeleteDeal } from './merchant-deals.service';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-deals-'));
// The services read the time from this clock (real time until a test sets it); sessions use real time.
const clock = mutableClock();
const t = await build({ env: { DATA_DIR: dataDir }, clock });
const db = t.database.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const merchantSession = (overrides: Parameters<typeof createMerchant>[1] = {}) => createMerchantSession(t, overrides);

const validDeal = dealInput;

const upload = (cookie: string, filename: string, contentType: string, data: Buffer) =>
  t.request({ method: 'POST', url: '/api/merchant/uploads/deal-images', cookie, ...multipart(filename, contentType, data) });

describe('creating deals', () => {
  it('creates a live deal with a server-computed discount, strips phone numbers, and lists it on /deals at once', async () => {
    const m = await merchantSession({ businessName: 'Lakeside Bistro' });
    const res = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: validDeal({ description: 'A seasonal dinner for two. Book at (312) 555-0123 today!', discountPercentage: 99 }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.phoneNumbersRemoved).toBe(true);
    expect(body.checkoutUrl).toBeNull();
    expect(body.deal).toMatchObject({
      status: 'active',
      type: 'standard',
      discountPercentage: 38,
      highlights: ['Seasonal menu', 'Riverside seating'],
    });
    expect(body.deal.description).not.toMatch(/555/);
    const browse = (await t.request({ method: 'GET', url: '/api/deals?search=two-course' })).json();
    expect(browse.deals.map((d: { id: string }) => d.id)).toContain(body.deal.id);
    const page = await t.request({ method: 'GET', url: `/api/deals/${body.deal.id}` });
    expect(page.json().deal).toMatchObject({ merchantName: 'Lakeside Bistro', finePrint: 'Valid Monday to Thursday.' });
  });

  it('refuses every invalid field with the spec’s message and writes nothing', async () => {
    const m = await merchantSession();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'Tiny' }, 'title', M.titleMin],
      [{ description: 'Too short' }, 'description', M.descriptionMin],
      // A description that is all about calling leaves nothing once its number goes.
      [{ description: 'Call us at (312) 555-0123 to book your table tonight.' }, 'description', M.descriptionMinWithoutPhone],
      [{ categoryId: 9 }, 'categoryId', M.categoryRequired],
      [{ city: 'Springfield', state: 'IL' }, 'city', M.locationRequired],
      [{ dealPriceCents: 8000 }, 'dealPriceCents', M.dealBelowOriginal],
      [{ originalPriceCents: 0 }, 'originalPriceCents', M.priceMin],
      [{ expirationDate: new Date(Date.now() - DAY).toISOString() }, 'expirationDate', M.expirationFuture],
      [{ images: ['https://evil.example/x.png'] }, 'images.0', M.imageInvalid],
      [{ images: Array.from({ length: 7 }, () => '/uploads/deals/00000000-0000-4000-8000-000000000000.webp') }, 'images', M.imagesMax],
      [{ boost: { boostDays: 2, votesRequired: 50 } }, 'boost.boostDays', M.boostDaysRequired],
      [{ boost: { boostDays: 7, votesRequired: 2 } }, 'boost.votesRequired', M.votesRequiredMin],
      [
        { boost: { boostDays: 14, votesRequired: 50 }, expirationDate: new Date(Date.now() + 5 * DAY).toISOString() },
        'expirationDate',
        M.expirationAfterBoost,
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: m.cookie, payload: validDeal(patch) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field], field).toBe(message);
    }
    // An image URL of the right shape that was never uploaded is refused too.
    const ghost = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: validDeal({ images: ['/uploads/deals/00000000-0000-4000-8000-000000000000.webp'] }),
    });
    expect(ghost.statusCode).toBe(400);
    expect(await db.select().from(deals).where(eq(deals.merchantId, m.merchant.id))).toEqual([]);
  });

  it('lets only approved merchants on Deals + Messaging create deals', async () => {
    const pending = await merchantSession({ approved: false });
    const res1 = await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: pending.cookie, payload: validDeal() });
    expect(res1.statusCode).toBe(403);
    const other = await merchantSession({ subscriptionPlan: 'advertise_messaging', hasSubscription: true });
    const res2 = await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: other.cookie, payload: validDeal() });
    expect(res2.statusCode).toBe(403);
    expect(res2.json().error.message).toBe(M.planRequired);
    const list = (await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: other.cookie })).json();
    expect(list).toMatchObject({ canCreateDeals: false, reason: M.planRequired, deals: [] });
    const listPending = (await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: pending.cookie })).json();
    expect(listPending).toMatchObject({ canCreateDeals: false, reason: M.approvalRequired });
    const customer = await t.loginAs('customer');
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: customer.cookie, payload: validDeal() })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/merchant/deals', payload: validDeal() })).statusCode).toBe(401);
  });
});

describe('ownership', () => {
  it('never lets a merchant read, edit, pause, resume or delete another merchant’s deal', async () => {
    const owner = await merchantSession();
    const rival = await merchantSession();
    const deal = await createDeal(db, owner.merchant.id, { title: 'Owner special' });
    const attempts = [
      { method: 'GET' as const, url: `/api/merchant/deals/${deal.id}` },
      { method: 'PUT' as const, url: `/api/merchant/deals/${deal.id}`, payload: validDeal({ title: 'Hijacked deal' }) },
      { method: 'POST' as const, url: `/api/merchant/deals/${deal.id}/pause` },
      { method: 'POST' as const, url: `/api/merchant/deals/${deal.id}/resume` },
      { method: 'DELETE' as const, url: `/api/merchant/deals/${deal.id}` },
    ];
    for (const a of attempts) {
      const res = await t.request({ ...a, cookie: rival.cookie });
      expect(res.statusCode, `${a.method} ${a.url}`).toBe(404);
      expect(res.json().error.message).toBe(M.notFound);
    }
    expect((await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: rival.cookie })).json().deals).toEqual([]);
    const [after] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(after).toMatchObject({ title: 'Owner special', status: 'active' });
    const mine = (await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: owner.cookie })).json();
    expect(mine.deals.map((d: { id: string }) => d.id)).toEqual([deal.id]);
  });
});

describe('editing, pausing and deleting', () => {
  it('edits a deal (phone numbers removed again), pauses and resumes it, and soft-deletes it after confirmation', async () => {
    const m = await merchantSession();
    const deal = await createDeal(db, m.merchant.id);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/merchant/deals/${deal.id}`,
      cookie: m.cookie,
      payload: validDeal({
        title: 'New title for the deal',
        description: 'The best seasonal dinner in town, for two. Call 312.555.0199 for a table.',
        dealPriceCents: 4000,
      }),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ phoneNumbersRemoved: true, deal: { title: 'New title for the deal', discountPercentage: 50 } });
    expect(edit.json().deal.description).not.toContain('555');
    expect(edit.json().deal.description).toBe('The best seasonal dinner in town, for two.');

    const pause = await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/pause`, cookie: m.cookie });
    expect(pause.json().status).toBe('paused');
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/pause`, cookie: m.cookie })).json().error.message).toBe(
      M.notPausable,
    );
    expect((await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/resume`, cookie: m.cookie })).json().status).toBe(
      'active',
    );

    expect((await t.request({ method: 'DELETE', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie })).statusCode).toBe(200);
    const [row] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row!.status).toBe('removed');
    expect((await t.request({ method: 'GET', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: m.cookie })).json().deals).toEqual([]);

    // A deal an admin took down stays in the merchant's list with the reason, and cannot be edited.
    const moderated = await createDeal(db, m.merchant.id, { status: 'removed', moderationReason: 'Misleading pricing' });
    const listed = (await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: m.cookie })).json().deals;
    expect(listed).toEqual([
      expect.objectContaining({ id: moderated.id, status: 'removed', moderationReason: 'Misleading pricing', canDelete: false }),
    ]);
    expect(
      (await t.request({ method: 'PUT', url: `/api/merchant/deals/${moderated.id}`, cookie: m.cookie, payload: validDeal() })).statusCode,
    ).toBe(404);
  });

  it('reads the time from the app’s clock: a boost shows while the clock is in it, expiry stops a resume, edits are stamped', async () => {
    const m = await merchantSession();
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    clock.set(start);
    try {
      const deal = await createDeal(db, m.merchant.id, { expirationDate: new Date(start + DAY), boostedUntil: new Date(start + HOUR) });
      const own = async () => (await t.request({ method: 'GET', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie })).json();
      expect((await own()).boostedUntil).toBe(new Date(start + HOUR).toISOString());
      clock.advance(2 * HOUR);
      expect((await own()).boostedUntil).toBeNull();

      expect((await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/pause`, cookie: m.cookie })).json().status).toBe(
        'paused',
      );
      const [paused] = await db.select().from(deals).where(eq(deals.id, deal.id));
      expect(paused!.updatedAt.getTime()).toBe(start + 2 * HOUR);
      // A day later by the clock the deal has expired: it cannot go back on sale.
      clock.advance(DAY);
      const resume = await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/resume`, cookie: m.cookie });
      expect(resume.statusCode).toBe(409);
      expect(resume.json().error.message).toBe(M.resumeExpired);
    } finally {
      clock.useRealTime();
    }
  });

  it('refuses to delete active or unlocked PerkBoost deals (server-enforced), but deletes a draft', async () => {
    const m = await merchantSession();
    const voting = await createBoostDeal(db, m.merchant.id, 50, 10);
    const unlocked = await createBoostDeal(db, m.merchant.id, 5, 5, { status: 'active', unlockedAt: new Date() });
    const unlockedThenExpired = await createBoostDeal(db, m.merchant.id, 5, 5, { status: 'expired', unlockedAt: new Date() });
    for (const d of [voting, unlocked, unlockedThenExpired]) {
      const res = await t.request({ method: 'DELETE', url: `/api/merchant/deals/${d.id}`, cookie: m.cookie });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(M.cannotDelete);
      expect((await db.select().from(deals).where(eq(deals.id, d.id)))[0]!.status).not.toBe('removed');
    }
    const listed = (await t.request({ method: 'GET', url: '/api/merchant/deals', cookie: m.cookie })).json().deals as {
      id: string;
      canDelete: boolean;
    }[];
    expect(listed.every((d) => d.canDelete === false)).toBe(true);
    const draft = await createBoostDeal(db, m.merchant.id, 50, 0, { status: 'draft', votingEndDate: null });
    expect((await t.request({ method: 'DELETE', url: `/api/merchant/deals/${draft.id}`, cookie: m.cookie })).statusCode).toBe(200);
    expect(canDeleteDeal({ type: 'perkboost', status: 'expired', unlockedAt: null })).toBe(true);
  });
});

describe('PerkBoost drafts', () => {
  it('launches as PerkBoost: a draft (never listed) and a payment page at the server’s price; paying makes it live for voting', async () => {
    const m = await merchantSession();
    const res = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: validDeal({ title: 'Boosted tasting menu', boost: { boostDays: 7, votesRequired: 60 } }),
    });
    expect(res.statusCode).toBe(201);
    const { deal, checkoutUrl } = res.json();
    expect(deal).toMatchObject({ type: 'perkboost', status: 'draft', votesRequired: 60, boostDays: 7, canDelete: true });
    expect(checkoutUrl).toMatch(/\/sandbox\/checkout\//);
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).statusCode).toBe(404);
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id));
    expect(charge).toMatchObject({ kind: 'perkboost', amountCents: 4999, boostDays: 7, status: 'open' });

    // The merchant may change the duration of the draft before paying; the price follows it.
    const again = await t.request({
      method: 'POST',
      url: `/api/merchant/deals/${deal.id}/boost`,
      cookie: m.cookie,
      payload: { boostDays: 3 },
    });
    expect(again.statusCode).toBe(200);
    const session = again.json().checkoutUrl.split('/sandbox/checkout/')[1];
    // The first payment page was closed when the second opened: the launch cannot be paid twice.
    const first = checkoutUrl.split('/sandbox/checkout/')[1];
    expect((await t.request({ method: 'POST', url: `/api/sandbox/sessions/${first}/pay`, payload: TEST_CARD })).statusCode).toBe(409);
    const [closed] = await db.select().from(merchantCharges).where(eq(merchantCharges.id, charge!.id));
    expect(closed!.status).toBe('canceled');
    const paid = await t.request({ method: 'POST', url: `/api/sandbox/sessions/${session}/pay`, payload: TEST_CARD });
    expect(paid.statusCode).toBe(200);
    const [live] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(live).toMatchObject({ status: 'pending', boostDays: 3 });
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal.status).toBe('pending');
    expect(
      (await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/boost`, cookie: m.cookie, payload: { boostDays: 3 } })).json()
        .error.message,
    ).toBe(M.notDraft);
    const del = await t.request({ method: 'DELETE', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie });
    expect(del.statusCode).toBe(409);
  });

  it('deleting a draft closes its payment page first; a page paid meanwhile stops the deletion', async () => {
    const m = await merchantSession();
    const res = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: validDeal({ title: 'Boost to delete', boost: { boostDays: 1, votesRequired: 20 } }),
    });
    const { deal, checkoutUrl } = res.json();
    const session = checkoutUrl.split('/sandbox/checkout/')[1];
    expect((await t.request({ method: 'DELETE', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/sandbox/sessions/${session}/pay`, payload: TEST_CARD })).statusCode).toBe(409);
    expect((await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id)))[0]!.status).toBe('canceled');

    const second = (
      await t.request({
        method: 'POST',
        url: '/api/merchant/deals',
        cookie: m.cookie,
        payload: validDeal({ title: 'Boost paid first', boost: { boostDays: 1, votesRequired: 20 } }),
      })
    ).json();
    // Paid on the card page, its confirmation not yet applied: the launch is going live, not deleted.
    await db
      .update(sandboxSessions)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(sandboxSessions.id, second.checkoutUrl.split('/sandbox/checkout/')[1]));
    const refused = await t.request({ method: 'DELETE', url: `/api/merchant/deals/${second.deal.id}`, cookie: m.cookie });
    expect(refused.statusCode).toBe(409);
    expect((await db.select().from(deals).where(eq(deals.id, second.deal.id)))[0]!.status).toBe('draft');
  });

  it('two payment pages started at the same instant leave one open page for the launch', async () => {
    const m = await merchantSession();
    const { deal } = (
      await t.request({
        method: 'POST',
        url: '/api/merchant/deals',
        cookie: m.cookie,
        payload: validDeal({ title: 'Boost raced', boost: { boostDays: 3, votesRequired: 20 } }),
      })
    ).json();
    const results = await Promise.all(
      [1, 3, 7].map((boostDays) =>
        t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/boost`, cookie: m.cookie, payload: { boostDays } }),
      ),
    );
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const open = (await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id))).filter((c) => c.status === 'open');
    expect(open).toHaveLength(1);
  });

  it('a payment for a launch an admin took down meanwhile launches nothing and asks the admins to refund it', async () => {
    const m = await merchantSession();
    const admin = await t.createUser('admin');
    const { deal, checkoutUrl } = (
      await t.request({
        method: 'POST',
        url: '/api/merchant/deals',
        cookie: m.cookie,
        payload: validDeal({ title: 'Boost taken down', boost: { boostDays: 1, votesRequired: 20 } }),
      })
    ).json();
    await db.update(deals).set({ status: 'removed', moderationReason: 'Breaks the merchant terms' }).where(eq(deals.id, deal.id));
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/sandbox/sessions/${checkoutUrl.split('/sandbox/checkout/')[1]}/pay`,
          payload: TEST_CARD,
        })
      ).statusCode,
    ).toBe(200);
    expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.status).toBe('removed');
    const [charge] = await db.select().from(merchantCharges).where(eq(merchantCharges.dealId, deal.id));
    expect(charge!.status).toBe('paid');
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'refund_due')));
    expect(notes.map((n) => n.entityId)).toEqual([charge!.id]);
  });

  it('activates a paid draft once: pending, voting window from the payment, then listed boosted-first', async () => {
    const m = await merchantSession();
    const draft = await createDeal(db, m.merchant.id, {
      type: 'perkboost',
      status: 'draft',
      votesRequired: 40,
      boostDays: 3,
      title: 'Boosted brunch',
    });
    expect((await t.request({ method: 'GET', url: `/api/deals/${draft.id}` })).statusCode).toBe(404);
    const paidAt = new Date();
    expect(await db.transaction((tx) => activateBoostedDeal(tx, { dealId: draft.id, boostDays: 3, paidAt }))).toBe(true);
    expect(
      await db.transaction((tx) => activateBoostedDeal(tx, { dealId: draft.id, boostDays: 3, paidAt: new Date(paidAt.getTime() + DAY) })),
    ).toBe(false);
    const [row] = await db.select().from(deals).where(eq(deals.id, draft.id));
    expect(row).toMatchObject({ status: 'pending', boostDays: 3 });
    expect(row!.votingEndDate!.getTime()).toBe(paidAt.getTime() + 3 * DAY);
    const browse = (await t.request({ method: 'GET', url: '/api/deals?city=Chicago&state=IL' })).json();
    expect(browse.deals[0].id).toBe(draft.id);
  });
});

describe('deal images', () => {
  it('stores an uploaded image resized to web sizes (WebP), serves it publicly, and uses it in a deal', async () => {
    const m = await merchantSession();
    const res = await upload(m.cookie, 'photo.png', 'image/png', await pngBytes());
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl, width } = res.json();
    expect(url).toMatch(/^\/uploads\/deals\/[0-9a-f-]{36}\.webp$/);
    expect(width).toBe(1200);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const revalidated = await t.request({ method: 'GET', url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect((await sharp((await t.request({ method: 'GET', url: thumbnailUrl })).rawPayload).metadata()).width).toBe(480);
    expect(fs.existsSync(path.join(dataDir, 'uploads', url.replace('/uploads/', '')))).toBe(true);

    const created = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: validDeal({ images: [url] }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().deal).toMatchObject({ imageUrl: url, images: [url] });
  });

  it('refuses a non-image (whatever it claims to be), an oversized file, and a merchant who cannot create deals', async () => {
    const m = await merchantSession();
    const text = await upload(m.cookie, 'photo.png', 'image/png', Buffer.from('this is not an image at all, just text'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(M.uploadNotImage);
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await upload(m.cookie, 'x.png', 'image/png', fakePng)).statusCode).toBe(400);
    const big = await upload(
      m.cookie,
      'big.jpg',
      'image/jpeg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe(M.uploadTooLarge);
    const other = await merchantSession({ subscriptionPlan: 'advertise_only' });
    expect((await upload(other.cookie, 'p.png', 'image/png', await pngBytes(50, 50))).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/uploads/deals/../../etc/passwd' })).statusCode).toBe(404);
  });
});
