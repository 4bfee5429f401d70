import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BUSINESS_HIGHLIGHTS_MAX,
  BUSINESS_HIGHLIGHT_MAX_LENGTH,
  BUSINESS_PROFILE_MESSAGES as B,
  CUSTOMER_MESSAGE_MESSAGES as CM,
  type MessageEvent,
} from '@localperks/shared';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { customerMessages, deals, merchants } from '../../../db/schema';
import { build } from '../../../../test/build';
import { fixedClock, mutableClock } from '../../../../test/clock';
import { createDeal, createMerchant, createMerchantSession } from '../../../../test/factories';
import { multipart, pngBytes } from '../../../../test/uploads';
import { removeUnusedBusinessImages } from './businesses.service';

/** The server's clock: the real time, except where a test moves it. */
const clock = mutableClock();
// Uploads in a folder of this file's own: the clean-up test removes every unused business image in it.
const t = await build({ clock, env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lp-businesses-')) } });
const db = t.database.db;
const DAY = 86_400_000;

const page = (slug: string) => t.request({ method: 'GET', url: `/api/businesses/${encodeURIComponent(slug)}` });
const send = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/customer-messages', cookie, payload });
const putProfile = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/merchant/business-profile', cookie, payload });
const upload = async (cookie: string) => {
  const body = multipart('logo.png', 'image/png', await pngBytes(400, 400));
  return t.request({ method: 'POST', url: '/api/merchant/uploads/business-images', cookie, ...body });
};

const enhanced = {
  logoUrl: '/images/deals/pizza.svg',
  coverUrl: '/images/deals/tasting-menu.svg',
  openingHours: [{ day: 1, opens: '09:00', closes: '17:00' }],
  profileHighlights: ['Free parking', 'Dogs welcome'],
};

describe('GET /api/businesses/:slug', () => {
  it('Advertise Only: the basic listing, without logo, cover, hours, highlights or messaging, even when they are stored', async () => {
    const { merchant } = await createMerchant(db, {
      businessName: 'Basic Bagels',
      description: 'Bagels boiled and baked every morning.',
      phone: '(312) 555-0150',
      website: 'https://basic-bagels.example',
      subscriptionPlan: 'advertise_only',
      ...enhanced,
    });
    const res = await page(merchant.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json().business).toEqual({
      slug: 'basic-bagels',
      name: 'Basic Bagels',
      description: 'Bagels boiled and baked every morning.',
      city: 'Chicago',
      state: 'IL',
      phone: '(312) 555-0150',
      website: 'https://basic-bagels.example',
      plan: 'advertise_only',
      enhancedProfile: false,
      messaging: false,
      logoUrl: null,
      coverUrl: null,
      openingHours: [],
      highlights: [],
      deals: [],
      // No street address given (issue 31): no place and no time zone of its own.
      place: null,
      timeZone: null,
      // No reviews yet (docs/decisions/0064-verified-reviews.md).
      reviewCount: 0,
      ratingAverage: null,
    });
  });

  it('Advertise + Messaging: the enhanced profile and messaging only once the subscription is paid (issue 39)', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Enhanced Eats', subscriptionPlan: 'advertise_messaging', ...enhanced });
    // Chosen, not paid: every paid feature waits for the payment (hasPaidFeatures), the basic listing shows.
    const unpaid = (await page(merchant.slug)).json().business;
    expect(unpaid).toMatchObject({
      enhancedProfile: false,
      messaging: false,
      logoUrl: null,
      coverUrl: null,
      openingHours: [],
      highlights: [],
    });
    await db.update(merchants).set({ hasSubscription: true }).where(eq(merchants.id, merchant.id));
    expect((await page(merchant.slug)).json().business).toMatchObject({
      enhancedProfile: true,
      messaging: true,
      logoUrl: enhanced.logoUrl,
      coverUrl: enhanced.coverUrl,
      openingHours: enhanced.openingHours,
      highlights: enhanced.profileHighlights,
    });
  });

  it('Deals + Messaging: its live deals as cards (newest first), not paused, expired or another business’s', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Deal Diner', subscriptionPlan: 'deals_messaging' });
    const other = await createMerchant(db, { businessName: 'Other Place' });
    const older = await createDeal(db, merchant.id, { title: 'Older Lunch', createdAt: new Date(Date.now() - 2 * DAY) });
    const newer = await createDeal(db, merchant.id, { title: 'Newer Dinner' });
    await createDeal(db, merchant.id, { title: 'Paused Brunch', status: 'paused' });
    await createDeal(db, merchant.id, { title: 'Gone Breakfast', expirationDate: new Date(Date.now() - DAY) });
    await createDeal(db, other.merchant.id, { title: 'Not Mine' });
    const business = (await page(merchant.slug)).json().business;
    expect(business).toMatchObject({ enhancedProfile: true, messaging: true });
    expect(business.deals.map((d: { title: string }) => d.title)).toEqual([newer.title, older.title]);
    expect(business.deals[0]).toMatchObject({ id: newer.id, merchantName: 'Deal Diner', merchantSlug: 'deal-diner', dealPriceCents: 6000 });
  });

  it('lists the deals live at the server’s clock', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Clockwork Cafe', subscriptionPlan: 'deals_messaging' });
    const soon = await createDeal(db, merchant.id, { title: 'Ends Soon', expirationDate: new Date(Date.now() + 2 * DAY) });
    const titles = async () => (await page(merchant.slug)).json().business.deals.map((d: { title: string }) => d.title);
    expect(await titles()).toEqual([soon.title]);
    clock.set(Date.now() + 3 * DAY);
    try {
      expect(await titles()).toEqual([]);
    } finally {
      clock.useRealTime();
    }
  });

  it('is 404 with the usual error shape for an unknown slug, a business not approved, and one suspended after approval', async () => {
    const pending = await createMerchant(db, { businessName: 'Pending Pies', approved: false });
    const suspended = await createMerchant(db, { businessName: 'Suspended Subs' });
    expect((await page(suspended.merchant.slug)).statusCode).toBe(200);
    await db.update(merchants).set({ approved: false }).where(eq(merchants.id, suspended.merchant.id));
    for (const slug of ['no-such-business', pending.merchant.slug, suspended.merchant.slug, 'x'.repeat(90), '%00']) {
      const res = await page(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: B.notFound });
    }
    // Past the router's parameter length: still a client error, never a 5xx.
    expect((await page('x'.repeat(300))).statusCode).toBe(414);
  });

  it('answers an old slug (the business was renamed) and a capitalised one with the current slug', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'First Name Cafe' });
    await db.update(merchants).set({ businessName: 'Second Name Cafe' }).where(eq(merchants.id, merchant.id));
    expect((await page('first-name-cafe')).json()).toEqual({ redirectTo: 'second-name-cafe' });
    expect((await page('Second-Name-Cafe')).json()).toEqual({ redirectTo: 'second-name-cafe' });
    expect((await page('second-name-cafe')).json().business.name).toBe('Second Name Cafe');
  });

  it('deal responses name the business page of their merchant', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Slug Linked Grill' });
    const deal = await createDeal(db, merchant.id);
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal.merchantSlug).toBe('slug-linked-grill');
    const listed = (await t.request({ method: 'GET', url: '/api/deals?search=' + encodeURIComponent(deal.title) })).json();
    expect(listed.deals[0].merchantSlug).toBe('slug-linked-grill');
  });
});

describe('messages from a business page', () => {
  it('reach the merchant’s inbox (no deal, no purchase) with the e-mail and the live event', async () => {
    const m = await createMerchantSession(t, {
      businessName: 'Chatty Coffee',
      subscriptionPlan: 'advertise_messaging',
      hasSubscription: true,
    });
    const customer = await t.loginAs('customer', { name: 'Bea Browser' });
    const events: MessageEvent[] = [];
    const stop = t.app.events.subscribeMessages((e) => events.push(e));
    const sent = await send(customer.cookie, { businessSlug: m.merchant.slug, subject: 'Oat milk?', message: 'Do you have oat milk?' });
    expect(sent.statusCode).toBe(201);
    const inbox = (await t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: m.cookie })).json();
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toMatchObject({
      customerName: 'Bea Browser',
      subject: 'Oat milk?',
      message: 'Do you have oat milk?',
      status: 'unread',
      dealId: null,
      dealTitle: null,
      purchaseId: null,
    });
    expect((await t.lastMail(m.user.email, 'customer_message_new'))?.subject).toBe('New customer message: Oat milk?');
    await expect.poll(() => events.some((e) => e.type === 'customer_message' && e.merchantUserId === m.user.id)).toBe(true);
    stop();
  });

  it('are refused for a business without messaging access, not approved or unknown, and from a visitor or a merchant', async () => {
    const customer = await t.loginAs('customer');
    const basic = await createMerchant(db, { businessName: 'Quiet Basics', subscriptionPlan: 'advertise_only' });
    const unpaid = await createMerchant(db, { businessName: 'Unpaid Advertiser', subscriptionPlan: 'advertise_messaging' });
    const pending = await createMerchant(db, { businessName: 'Pending Messenger', approved: false });
    const body = (slug: string) => ({ businessSlug: slug, subject: 'Hi', message: 'Hello there' });
    for (const m of [basic, unpaid]) {
      const res = await send(customer.cookie, body(m.merchant.slug));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: B.noMessaging });
    }
    for (const slug of [pending.merchant.slug, 'nobody-here']) {
      const res = await send(customer.cookie, body(slug));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CM.merchantNotFound);
    }
    const open = await createMerchantSession(t, { businessName: 'Open Messenger' });
    expect((await t.request({ method: 'POST', url: '/api/customer-messages', payload: body(open.merchant.slug) })).statusCode).toBe(401);
    expect((await send(open.cookie, body(open.merchant.slug))).statusCode).toBe(403);
    const blank = await send(customer.cookie, { businessSlug: ' ', subject: 'Hi', message: 'Hello' });
    expect(blank.statusCode).toBe(400);
    const rows = await db.select().from(customerMessages).where(eq(customerMessages.customerId, customer.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('the merchant’s business page settings', () => {
  it('an enhanced plan uploads a logo and cover and saves hours and highlights; the public page shows them', async () => {
    const m = await createMerchantSession(t, {
      businessName: 'Profile Pizzeria',
      subscriptionPlan: 'advertise_messaging',
      hasSubscription: true,
    });
    const logo = await upload(m.cookie);
    expect(logo.statusCode).toBe(201);
    expect(logo.json().url).toMatch(/^\/uploads\/businesses\/[0-9a-f-]{36}\.webp$/);
    const cover = await upload(m.cookie);
    const saved = await putProfile(m.cookie, {
      logoUrl: logo.json().url,
      coverUrl: cover.json().url,
      openingHours: [
        { day: 0, opens: '10:00', closes: '14:00' },
        { day: 1, opens: '08:30', closes: '22:00' },
      ],
      highlights: ['  Wood-fired oven ', '', 'Gluten-free crust'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      slug: 'profile-pizzeria',
      enhancedProfile: true,
      logoUrl: logo.json().url,
      // Monday first, as the page lists them; blank highlights dropped, the others trimmed.
      openingHours: [
        { day: 1, opens: '08:30', closes: '22:00' },
        { day: 0, opens: '10:00', closes: '14:00' },
      ],
      highlights: ['Wood-fired oven', 'Gluten-free crust'],
    });
    expect((await t.request({ method: 'GET', url: '/api/merchant/business-profile', cookie: m.cookie })).json()).toEqual(saved.json());
    const business = (await page('profile-pizzeria')).json().business;
    expect(business).toMatchObject({
      logoUrl: logo.json().url,
      coverUrl: cover.json().url,
      highlights: ['Wood-fired oven', 'Gluten-free crust'],
    });
    // The image is served.
    expect((await t.request({ method: 'GET', url: logo.json().url })).statusCode).toBe(200);
  });

  it('Advertise Only is refused the extras (save and upload) with the plan’s reason, and may clear them', async () => {
    const m = await createMerchantSession(t, { businessName: 'Plain Listing', subscriptionPlan: 'advertise_only' });
    const refused = await putProfile(m.cookie, { logoUrl: null, coverUrl: null, openingHours: [], highlights: ['Free wifi'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: B.needsEnhancedPlan });
    const uploaded = await upload(m.cookie);
    expect(uploaded.statusCode).toBe(403);
    expect(uploaded.json().error.message).toBe(B.needsEnhancedPlan);
    const cleared = await putProfile(m.cookie, { logoUrl: null, coverUrl: null, openingHours: [], highlights: [] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().enhancedProfile).toBe(false);
  });

  it('saves overnight hours (18:00 to 02:00 the next day) and shows them on the public page (issue 39)', async () => {
    const m = await createMerchantSession(t, { businessName: 'Night Owl Noodles', subscriptionPlan: 'deals_messaging' });
    const hours = [
      { day: 5, opens: '18:00', closes: '02:00' },
      { day: 6, opens: '11:00', closes: '23:30' },
    ];
    const saved = await putProfile(m.cookie, { logoUrl: null, coverUrl: null, openingHours: hours, highlights: [] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().openingHours).toEqual(hours);
    expect((await page(m.merchant.slug)).json().business.openingHours).toEqual(hours);
  });

  it('bad input is a 400 with field messages, and nothing is saved', async () => {
    const m = await createMerchantSession(t, { businessName: 'Strict Steakhouse', subscriptionPlan: 'deals_messaging' });
    const ok = { logoUrl: null, coverUrl: null, openingHours: [], highlights: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, openingHours: [{ day: 1, opens: '9am', closes: '17:00' }] }, B.timeInvalid],
      [{ ...ok, openingHours: [{ day: 1, opens: '18:00', closes: '18:00' }] }, B.closesAtOpening],
      [{ ...ok, openingHours: [{ day: 7, opens: '09:00', closes: '17:00' }] }, ''],
      [
        {
          ...ok,
          openingHours: [
            { day: 2, opens: '09:00', closes: '12:00' },
            { day: 2, opens: '13:00', closes: '17:00' },
          ],
        },
        B.dayTwice,
      ],
      [{ ...ok, highlights: Array.from({ length: BUSINESS_HIGHLIGHTS_MAX + 1 }, (_, i) => `Point ${i}`) }, B.highlightsMax],
      [{ ...ok, highlights: ['x'.repeat(BUSINESS_HIGHLIGHT_MAX_LENGTH + 1)] }, B.highlightMax],
      [{ ...ok, logoUrl: 'https://evil.example/logo.png' }, B.imageInvalid],
      [{ ...ok, coverUrl: '/uploads/businesses/00000000-0000-4000-8000-000000000000.webp' }, B.imageInvalid],
      [{ ...ok, highlights: 'Free parking' }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await putProfile(m.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toMatch(/VALIDATION/);
      if (message) expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    const [row] = await db.select().from(merchants).where(eq(merchants.id, m.merchant.id));
    expect(row).toMatchObject({ logoUrl: null, coverUrl: null, openingHours: [], profileHighlights: [] });
    const notImage = multipart('logo.png', 'image/png', Buffer.from('not an image at all'));
    const res = await t.request({ method: 'POST', url: '/api/merchant/uploads/business-images', cookie: m.cookie, ...notImage });
    expect(res.statusCode).toBe(400);
  });

  it('each merchant edits only its own page, and customers cannot save one', async () => {
    const owner = await createMerchantSession(t, { businessName: 'Owner Oysters', subscriptionPlan: 'deals_messaging' });
    const other = await createMerchantSession(t, { businessName: 'Other Oysters', subscriptionPlan: 'deals_messaging' });
    const logo = (await upload(owner.cookie)).json().url as string;
    await putProfile(owner.cookie, { logoUrl: logo, coverUrl: null, openingHours: [], highlights: ['Fresh daily'] });
    // The other merchant saves its own page; the owner's is untouched.
    const res = await putProfile(other.cookie, { logoUrl: null, coverUrl: null, openingHours: [], highlights: ['Ours'] });
    expect(res.json().slug).toBe('other-oysters');
    expect((await page('owner-oysters')).json().business).toMatchObject({ logoUrl: logo, highlights: ['Fresh daily'] });
    const customer = await t.loginAs('customer');
    expect((await putProfile(customer.cookie, { logoUrl: null, coverUrl: null, openingHours: [], highlights: [] })).statusCode).toBe(403);
  });

  it('a live deal of a merchant keeps its business page link after a rename (the deal names the new slug)', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Rename Ramen' });
    const deal = await createDeal(db, merchant.id);
    await db.update(merchants).set({ businessName: 'Renamed Ramen' }).where(eq(merchants.id, merchant.id));
    const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, deal.id));
    expect(row).toBeDefined();
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal.merchantSlug).toBe('renamed-ramen');
  });
});

describe('unused business images', () => {
  it('are removed, every size, once a day old on the server’s clock; a logo or cover in use stays', async () => {
    const storage = t.app.storage;
    const image = async () => {
      const id = randomUUID();
      const keys = [`businesses/${id}.webp`, `businesses/${id}-sm.webp`];
      for (const key of keys) await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
      return { url: `/uploads/businesses/${id}.webp`, keys };
    };
    const orphan = await image();
    const logo = await image();
    await createMerchant(db, { businessName: 'Logo Lounge', subscriptionPlan: 'advertise_messaging', logoUrl: logo.url });
    const now = Date.now();
    const at = (ms: number) => ({ ...t.app.deps, clock: fixedClock(ms) });

    // Younger than a day: the merchant may still be editing the profile.
    expect(await removeUnusedBusinessImages(at(now + 23 * 3_600_000))).toEqual([]);
    const removed = await removeUnusedBusinessImages(at(now + 25 * 3_600_000));
    expect(removed).toEqual(expect.arrayContaining(orphan.keys));
    for (const key of logo.keys) expect(removed).not.toContain(key);
    for (const key of orphan.keys) expect(await storage.exists(key)).toBe(false);
    for (const key of logo.keys) expect(await storage.exists(key)).toBe(true);
  });
});
