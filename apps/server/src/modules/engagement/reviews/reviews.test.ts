import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, REVIEW_BODY_MAX } from '@localperks/shared';
import { adminAuditLog, emailOutbox, purchases } from '../../../db/schema';
import { build, linkFrom } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchantSession, createStaffSession } from '../../../../test/factories';
import { multipart, pngBytes } from '../../../../test/uploads';
import { sendReviewRequests } from './reviews.service';

// The services read this clock (real time until a test moves it); sessions and payments use the real time.
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;

const BODY = 'Lovely brunch, friendly staff and generous portions.';

/** A business with a deal, a customer who bought `quantity` vouchers of it, and a redeem helper. */
async function scenario(quantity = 1, businessName = 'Review Diner') {
  const merchant = await createMerchantSession(t, { businessName });
  const deal = await createDeal(db, merchant.merchant.id, { title: 'Brunch for two' });
  const customer = await t.loginAs('customer', { name: 'Casey Q Buyer' });
  // At most 10 of a deal per order.
  const bought: Awaited<ReturnType<typeof buy>> = [];
  for (let left = quantity; left > 0; left -= 10)
    bought.push(...(await buy(t, customer.cookie, [{ dealId: deal.id, quantity: Math.min(left, 10) }])));
  const redeem = async (i = 0) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions',
      cookie: merchant.cookie,
      payload: { code: bought[i]!.redemptionCode },
    });
    expect(res.statusCode).toBe(200);
  };
  return { merchant, deal, customer, bought, redeem };
}

const review = (cookie: string, purchaseId: string, payload: object = { rating: 5, body: BODY }) =>
  t.request({ method: 'POST', url: `/api/purchases/${purchaseId}/review`, cookie, payload });
const dealReviews = (dealId: string, q = '') => t.request({ method: 'GET', url: `/api/deals/${dealId}/reviews${q}` });

describe('who may review', () => {
  it('only the holder of a redeemed voucher, once, within 90 days of the redemption; not a refunded one', async () => {
    const { customer, bought, redeem, merchant } = await scenario(3);
    // Not redeemed yet: refused, and the form says why.
    const early = await review(customer.cookie, bought[0]!.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('You can review a deal once its voucher has been redeemed.');
    const form = await t.request({ method: 'GET', url: `/api/purchases/${bought[0]!.id}/review`, cookie: customer.cookie });
    expect(form.json()).toMatchObject({ canReview: false, blocker: 'You can review a deal once its voucher has been redeemed.' });

    await redeem(0);
    // Another customer, a merchant and an anonymous visitor cannot review it.
    const stranger = await t.loginAs('customer');
    expect((await review(stranger.cookie, bought[0]!.id)).statusCode).toBe(404);
    expect((await review(merchant.cookie, bought[0]!.id)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/purchases/${bought[0]!.id}/review`, payload: {} })).statusCode).toBe(401);
    // Bad input changes nothing.
    const bad = await review(customer.cookie, bought[0]!.id, { rating: 6, body: 'Too short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      rating: 'Choose a rating from 1 to 5 stars.',
      body: 'Write at least 20 characters about your experience.',
    });

    const ok = await review(customer.cookie, bought[0]!.id, { rating: 4, title: '  Great  ', body: BODY });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ rating: 4, title: 'Great', body: BODY, authorName: 'Casey B.', verifiedPurchase: true });
    // One review per voucher.
    const again = await review(customer.cookie, bought[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already reviewed this voucher.');
    expect(
      (await t.request({ method: 'GET', url: `/api/purchases/${bought[0]!.id}/review`, cookie: customer.cookie })).json(),
    ).toMatchObject({ canReview: false, blocker: 'You have already reviewed this voucher.', review: { rating: 4 } });

    // 90 days after its redemption the window is closed.
    await redeem(1);
    const redeemedAt = new Date(Date.now() - 91 * DAY_MS);
    await db.update(purchases).set({ redeemedAt }).where(eq(purchases.id, bought[1]!.id));
    const late = await review(customer.cookie, bought[1]!.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Reviews can be written up to 90 days after the voucher was redeemed.');
    await db
      .update(purchases)
      .set({ redeemedAt: new Date(Date.now() - 89 * DAY_MS) })
      .where(eq(purchases.id, bought[1]!.id));
    expect((await review(customer.cookie, bought[1]!.id)).statusCode).toBe(201);

    // A refunded voucher cannot be reviewed.
    await redeem(2);
    await db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.id, bought[2]!.id));
    expect((await review(customer.cookie, bought[2]!.id)).json().error.message).toBe(
      'This voucher was refunded, so it cannot be reviewed.',
    );
  });
});

describe('where reviews show', () => {
  it('the deal and business pages: average, count and each star count; sorted newest, highest, lowest; paginated', async () => {
    const { deal, customer, bought, redeem, merchant } = await scenario(10, 'Sorted Cafe');
    // A customer writes at most 10 reviews an hour: the last two come from another customer.
    const other = await t.loginAs('customer', { name: 'Robin' });
    bought.push(...(await buy(t, other.cookie, [{ dealId: deal.id, quantity: 2 }])));
    const ratings = [5, 1, 4, 3, 5, 2, 4, 5, 3, 4, 5, 1];
    for (const [i, rating] of ratings.entries()) {
      await redeem(i);
      const cookie = i < 10 ? customer.cookie : other.cookie;
      expect((await review(cookie, bought[i]!.id, { rating, body: `${BODY} (${i})` })).statusCode).toBe(201);
    }
    // The eleventh review within the hour is refused, atomically counted (docs/decisions/0006-rate-limits.md).
    expect((await review(customer.cookie, bought[0]!.id)).statusCode).toBe(429);
    const first = (await dealReviews(deal.id)).json();
    expect(first.summary).toEqual({
      average: 3.5,
      count: 12,
      stars: [
        { stars: 5, count: 4 },
        { stars: 4, count: 3 },
        { stars: 3, count: 2 },
        { stars: 2, count: 1 },
        { stars: 1, count: 2 },
      ],
    });
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.reviews).toHaveLength(10);
    // Newest first, then the last two on page 2.
    expect(first.reviews[0].body).toBe(`${BODY} (11)`);
    const second = (await dealReviews(deal.id, '?page=2')).json();
    expect(second.reviews.map((r: { body: string }) => r.body)).toEqual([`${BODY} (1)`, `${BODY} (0)`]);
    expect(
      (await dealReviews(deal.id, '?sort=highest'))
        .json()
        .reviews.slice(0, 4)
        .map((r: { rating: number }) => r.rating),
    ).toEqual([5, 5, 5, 5]);
    expect(
      (await dealReviews(deal.id, '?sort=lowest'))
        .json()
        .reviews.slice(0, 3)
        .map((r: { rating: number }) => r.rating),
    ).toEqual([1, 1, 2]);
    expect((await dealReviews(deal.id, '?sort=best')).statusCode).toBe(400);

    // Cards and pages carry the average and the count.
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal).toMatchObject({
      reviewCount: 12,
      ratingAverage: 3.5,
    });
    const listed = (await t.request({ method: 'GET', url: '/api/deals?search=Brunch' }))
      .json()
      .deals.find((d: { id: string }) => d.id === deal.id);
    expect(listed).toMatchObject({ reviewCount: 12, ratingAverage: 3.5 });
    const page = (await t.request({ method: 'GET', url: `/api/businesses/${merchant.merchant.slug}` })).json().business;
    expect(page).toMatchObject({ reviewCount: 12, ratingAverage: 3.5 });
    const business = (await t.request({ method: 'GET', url: `/api/businesses/${merchant.merchant.slug}/reviews?sort=lowest` })).json();
    expect(business.summary).toMatchObject({ average: 3.5, count: 12 });
    expect(business.reviews[0]).toMatchObject({ rating: 1, dealTitle: 'Brunch for two', verifiedPurchase: true });
  });
});

describe('what a review holds', () => {
  it('text of 20 to 2,000 characters and up to 4 photos uploaded here (the upload rules); anything else is a 400 that saves nothing', async () => {
    const { customer, bought, redeem, merchant } = await scenario(1, 'Photo Cafe');
    await redeem(0);
    const upload = async (cookie: string, data: Buffer, type = 'image/png') =>
      t.request({ method: 'POST', url: '/api/reviews/photos', cookie, ...multipart('plate.png', type, data) });
    // Only a customer uploads review photos; a file that is not an image is refused by its content.
    expect((await upload(merchant.cookie, await pngBytes(400, 300))).statusCode).toBe(403);
    expect((await upload(customer.cookie, Buffer.from('not an image at all'))).statusCode).toBe(400);
    const photo = await upload(customer.cookie, await pngBytes(800, 600));
    expect(photo.statusCode).toBe(201);
    const url = photo.json().url as string;
    expect(url).toMatch(/^\/uploads\/reviews\/[0-9a-f-]{36}\.webp$/);

    const tooLong = await review(customer.cookie, bought[0]!.id, { rating: 4, body: 'x'.repeat(REVIEW_BODY_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ body: 'Keep your review under 2,000 characters.' });
    const elsewhere = await review(customer.cookie, bought[0]!.id, { rating: 4, body: BODY, photos: ['https://tracker.example/p.png'] });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields).toEqual({ photos: 'That photo was not uploaded here. Upload it again.' });
    const tooMany = await review(customer.cookie, bought[0]!.id, { rating: 4, body: BODY, photos: Array(5).fill(url) });
    expect(tooMany.statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: `/api/purchases/${bought[0]!.id}/review`, cookie: customer.cookie })).json(),
    ).toMatchObject({ canReview: true });

    const ok = await review(customer.cookie, bought[0]!.id, { rating: 4, body: 'x'.repeat(REVIEW_BODY_MAX), photos: [url] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ photos: [url], verifiedPurchase: true });
  });
});

describe('moderation', () => {
  it('anyone signed in reports a review with a reason; admins hide it (it leaves the average and the count) and restore it, in the audit trail', async () => {
    const { deal, customer, bought, redeem, merchant } = await scenario(2, 'Moderated Bakery');
    await redeem(0);
    await redeem(1);
    const good = (await review(customer.cookie, bought[0]!.id, { rating: 5, body: BODY })).json();
    const bad = (await review(customer.cookie, bought[1]!.id, { rating: 1, body: 'Call me on 555 0100 for a better deal!!' })).json();
    expect((await dealReviews(deal.id)).json().summary).toMatchObject({ average: 3, count: 2 });

    const report = (cookie: string | undefined, payload: object = { reason: 'spam', note: 'An advert' }) =>
      t.request({ method: 'POST', url: `/api/reviews/${bad.id}/report`, cookie, payload });
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await report(customer.cookie)).json().error.message).toBe('You cannot report your own review.');
    const reader = await t.loginAs('customer');
    expect((await report(reader.cookie, { reason: 'boring' })).statusCode).toBe(400);
    expect((await report(reader.cookie)).json()).toEqual({ reported: true });
    expect((await report(reader.cookie)).json().error.message).toBe('You have already reported this review. Our team will look at it.');
    // A merchant (here the business itself) may report too.
    expect((await report(merchant.cookie, { reason: 'personal_info' })).statusCode).toBe(200);

    const support = await t.loginAs('admin', { adminRole: 'support' });
    const finance = await t.loginAs('admin', { adminRole: 'finance' });
    expect((await t.request({ method: 'GET', url: '/api/admin/reviews', cookie: finance.cookie })).statusCode).toBe(403);
    const queue = (await t.request({ method: 'GET', url: '/api/admin/reviews', cookie: support.cookie })).json();
    const queued = queue.reviews.find((r: { id: string }) => r.id === bad.id);
    expect(queued).toMatchObject({ openReports: 2, status: 'published', merchantName: 'Moderated Bakery' });
    expect(queued.reports.map((r: { reason: string }) => r.reason).sort()).toEqual(['personal_info', 'spam']);

    const hide = (payload: object) =>
      t.request({ method: 'POST', url: `/api/admin/reviews/${bad.id}/hide`, cookie: support.cookie, payload });
    expect((await hide({ reason: ' ' })).statusCode).toBe(400);
    expect((await hide({ reason: 'Advertising and a phone number' })).json()).toEqual({ id: bad.id, status: 'hidden' });
    expect((await hide({ reason: 'again' })).json().error.message).toBe('This review is already hidden.');

    // Gone from the page, the average, the count, the deal's card and the business page.
    const after = (await dealReviews(deal.id)).json();
    expect(after.summary).toMatchObject({ average: 5, count: 1 });
    expect(after.reviews.map((r: { id: string }) => r.id)).toEqual([good.id]);
    expect((await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal).toMatchObject({
      reviewCount: 1,
      ratingAverage: 5,
    });
    expect((await t.request({ method: 'GET', url: `/api/businesses/${merchant.merchant.slug}` })).json().business).toMatchObject({
      reviewCount: 1,
      ratingAverage: 5,
    });
    // Out of the reported queue, into the hidden one; a hidden review gets no reply.
    const reported = (await t.request({ method: 'GET', url: '/api/admin/reviews?filter=reported', cookie: support.cookie })).json();
    expect(reported.reviews.some((r: { id: string }) => r.id === bad.id)).toBe(false);
    const hidden = (await t.request({ method: 'GET', url: '/api/admin/reviews?filter=hidden', cookie: support.cookie })).json();
    expect(hidden.reviews.find((r: { id: string }) => r.id === bad.id)).toMatchObject({
      moderationReason: 'Advertising and a phone number',
    });
    const replyHidden = await t.request({
      method: 'POST',
      url: `/api/merchant/reviews/${bad.id}/reply`,
      cookie: merchant.cookie,
      payload: { text: 'Hm' },
    });
    expect(replyHidden.json().error.message).toBe('This review is hidden by our moderators and cannot be replied to.');

    const restored = await t.request({
      method: 'POST',
      url: `/api/admin/reviews/${bad.id}/restore`,
      cookie: support.cookie,
      payload: { reason: 'The number was the business’s own' },
    });
    expect(restored.json()).toEqual({ id: bad.id, status: 'published' });
    expect((await dealReviews(deal.id)).json().summary).toMatchObject({ average: 3, count: 2 });

    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityType, 'review'), eq(adminAuditLog.entityId, bad.id)));
    expect(audit.map((a) => [a.action, (a.details as { reason: string }).reason]).sort()).toEqual([
      ['review.hidden', 'Advertising and a phone number'],
      ['review.restored', 'The number was the business’s own'],
    ]);
  });
});

describe('merchant reply', () => {
  it('one public reply per review, named as the business; the customer is e-mailed; texts stay plain text', async () => {
    const { deal, customer, bought, redeem, merchant } = await scenario(1, 'Reply & Co');
    await redeem(0);
    const created = (await review(customer.cookie, bought[0]!.id, { rating: 2, body: 'Cold coffee <b>and</b> a long wait.' })).json();
    const reply = (cookie: string, text: string) =>
      t.request({ method: 'POST', url: `/api/merchant/reviews/${created.id}/reply`, cookie, payload: { text } });

    // Another business cannot answer it; a redeemer of this one is not allowed to.
    const other = await createMerchantSession(t);
    expect((await reply(other.cookie, 'Not ours')).statusCode).toBe(404);
    const redeemer = await createStaffSession(t, merchant.merchant.id, 'redeemer');
    expect((await reply(redeemer.cookie, 'Sorry')).statusCode).toBe(403);

    const manager = await createStaffSession(t, merchant.merchant.id, 'manager');
    const first = await reply(manager.cookie, 'Sorry about that <i>wait</i> — come back for a free coffee.');
    expect(first.statusCode).toBe(200);
    expect(first.json().reply).toMatchObject({
      businessName: 'Reply & Co',
      text: 'Sorry about that <i>wait</i> — come back for a free coffee.',
    });
    expect((await reply(merchant.cookie, 'A second reply')).json().error.message).toBe('This review already has your reply.');

    const shown = (await dealReviews(deal.id)).json().reviews[0];
    expect(shown.reply).toMatchObject({ businessName: 'Reply & Co' });
    const mail = await t.lastMail(customer.user.email, 'review_reply');
    expect(mail?.subject).toBe('Reply & Co replied to your review');
    // The reply is plain text in the mail: escaped in the HTML part.
    expect(mail?.html).toContain('Sorry about that &lt;i&gt;wait&lt;/i&gt;');
    expect(mail?.html).not.toContain('<i>wait</i>');
    expect(linkFrom(mail!.text, `/deals/${deal.id}`).hash).toBe('#reviews');

    const dashboard = (await t.request({ method: 'GET', url: '/api/merchant/reviews?filter=unreplied', cookie: merchant.cookie })).json();
    expect(dashboard).toMatchObject({ unreplied: 0, total: 0, reviews: [] });
  });
});

describe('the review request', () => {
  it('is e-mailed once, a day after the redemption, with a link to the form', async () => {
    const { customer, bought, redeem } = await scenario(1, 'Request Grill');
    clock.set(new Date());
    await redeem(0);
    const mails = () =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, customer.user.email), eq(emailOutbox.kind, 'review_request')));
    clock.advance(23 * 60 * 60_000);
    await sendReviewRequests(t.app.deps);
    expect(await mails()).toHaveLength(0);
    clock.advance(2 * 60 * 60_000);
    await sendReviewRequests(t.app.deps);
    await sendReviewRequests(t.app.deps);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('How was Request Grill?');
    expect(linkFrom(sent[0]!.text, '/purchases/').pathname).toBe(`/purchases/${bought[0]!.id}/review`);
    clock.useRealTime();
  });

  it('is not sent for a voucher already reviewed', async () => {
    const { customer, bought, redeem } = await scenario(1, 'Quick Reviewer Cafe');
    clock.set(new Date());
    await redeem(0);
    expect((await review(customer.cookie, bought[0]!.id)).statusCode).toBe(201);
    clock.advance(DAY_MS + 60_000);
    await sendReviewRequests(t.app.deps);
    expect(await t.lastMail(customer.user.email, 'review_request')).toBeUndefined();
    clock.useRealTime();
  });
});
