import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { GIFT_MESSAGES as M, GIFT_RESEND_LIMIT, displayName, type GiftPreview } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { gifts, merchants, orders, purchases, users } from '../../../db/schema';
import { randomToken, sha256 } from '../../../lib/crypto';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { giftEmail } from './gifts.emails';

/*
 * Gifts (docs/decisions/0066-gifts.md): the vouchers of a paid cart line bought for someone else. The buyer holds them
 * (purchases.user_id) until the recipient claims them from the e-mailed link, but never sees their code; the job
 * e-mails each gift on its day exactly once; claiming moves the vouchers to the recipient's account.
 */

export type GiftDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'config'>;

/** The claim page's address for a token. */
const claimUrl = (appUrl: string, token: string) => `${appUrl}/gifts/claim?token=${encodeURIComponent(token)}`;

/** What a gift mail says: the deal, the business, how many vouchers, and who sent it. */
async function giftFacts(db: Tx, giftId: string) {
  const [g] = await db
    .select({
      gift: gifts,
      fromName: users.name,
      fromEmail: users.email,
      dealTitle: sql<string>`min(${purchases.dealTitle})`,
      merchantName: sql<string>`min(${merchants.businessName})`,
      vouchers: sql<number>`count(${purchases.id})::int`,
    })
    .from(gifts)
    .innerJoin(users, eq(users.id, gifts.buyerId))
    .leftJoin(purchases, eq(purchases.giftId, gifts.id))
    .leftJoin(merchants, eq(merchants.id, purchases.merchantId))
    .where(eq(gifts.id, giftId))
    .groupBy(gifts.id, users.id);
  return g;
}

/**
 * Writes the gift mail with a fresh claim token (only its hash is kept: the previous link stops working) in the
 * caller's transaction. Returns the outbox id.
 */
async function writeGiftMail(deps: GiftDeps, tx: Tx, giftId: string, now: Date): Promise<string | null> {
  const facts = await giftFacts(tx, giftId);
  if (!facts || facts.vouchers === 0) return null;
  const token = randomToken(32);
  await tx
    .update(gifts)
    .set({ claimTokenHash: sha256(token), sendCount: sql`${gifts.sendCount} + 1`, deliveredAt: facts.gift.deliveredAt ?? now })
    .where(eq(gifts.id, giftId));
  return deps.mailer.queue(
    tx,
    giftEmail(facts.gift.recipientEmail, {
      recipientName: facts.gift.recipientName,
      fromName: displayName(facts.fromName, facts.fromEmail),
      message: facts.gift.message,
      dealTitle: facts.dealTitle,
      merchantName: facts.merchantName,
      vouchers: facts.vouchers,
      url: claimUrl(deps.config.appUrl, token),
    }),
  );
}

/**
 * The job (and right after a payment, for a gift chosen for today): each gift whose day has come is e-mailed once.
 * A gift is taken by a conditional update of `delivered_at` from null in the transaction that writes its mail, so of
 * two runs (two instances, the job and the payment) one sends it.
 */
export async function deliverDueGifts(deps: GiftDeps, opts: { orderId?: string } = {}): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .where(
      and(
        isNull(gifts.deliveredAt),
        lte(gifts.deliverAt, now),
        eq(orders.status, 'paid'),
        opts.orderId ? eq(gifts.orderId, opts.orderId) : undefined,
      ),
    )
    .orderBy(asc(gifts.deliverAt))
    .limit(200);
  let sent = 0;
  for (const { id } of due) {
    const mailId = await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .update(gifts)
        .set({ deliveredAt: now })
        .where(and(eq(gifts.id, id), isNull(gifts.deliveredAt)))
        .returning({ id: gifts.id });
      return taken ? writeGiftMail(deps, tx, id, now) : null;
    });
    if (mailId) {
      sent++;
      await deliverQueuedMail(deps, mailId, 'gift');
    }
  }
  return sent;
}

/** The buyer's unclaimed gift, locked; anyone else's is a 404. */
async function buyersGift(tx: Tx, buyerId: string, giftId: string) {
  const [g] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update');
  if (!g || g.buyerId !== buyerId) throw new AppError('NOT_FOUND', M.notFound);
  if (g.claimedAt) throw new AppError('CONFLICT', M.claimedNoChange);
  return g;
}

/**
 * The buyer sends a delivered, unclaimed gift's mail again, or changes the recipient's address (a delivered gift then
 * goes to the new address at once). Either makes a new claim link: the old one stops working.
 */
export async function resendGift(deps: GiftDeps, buyerId: string, giftId: string, recipientEmail?: string) {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, `gift-resend:${buyerId}`, GIFT_RESEND_LIMIT, M.tooMany, now);
  const mailId = await deps.db.transaction(async (tx) => {
    const g = await buyersGift(tx, buyerId, giftId);
    if (recipientEmail) await tx.update(gifts).set({ recipientEmail }).where(eq(gifts.id, giftId));
    if (!g.deliveredAt) {
      if (!recipientEmail) throw new AppError('CONFLICT', M.notDeliveredYet);
      return null;
    }
    return writeGiftMail(deps, tx, giftId, now);
  });
  if (mailId) await deliverQueuedMail(deps, mailId, 'gift');
  return { ok: true as const };
}

async function giftByToken(tx: Tx, token: string) {
  const [g] = await tx
    .select()
    .from(gifts)
    .where(eq(gifts.claimTokenHash, sha256(token)))
    .for('update');
  if (!g) throw new AppError('NOT_FOUND', M.claimInvalid);
  return g;
}

/** What the claim page shows (anyone with the link). */
export async function previewGift(deps: Pick<Deps, 'db'>, token: string): Promise<GiftPreview> {
  return deps.db.transaction(async (tx) => {
    const g = await giftByToken(tx, token);
    const facts = (await giftFacts(tx, g.id))!;
    return {
      recipientName: g.recipientName,
      fromName: displayName(facts.fromName, facts.fromEmail),
      message: g.message,
      dealTitle: facts.dealTitle,
      merchantName: facts.merchantName,
      vouchers: facts.vouchers,
      claimed: g.claimedAt !== null,
    };
  });
}

/**
 * The signed-in recipient claims the gift: its vouchers move to their account (purchases.user_id), in one
 * transaction with the gift locked, so a link used twice at once claims once. The buyer cannot claim their own gift.
 */
export async function claimGift(deps: Pick<Deps, 'db' | 'clock'>, userId: string, token: string) {
  const now = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    const g = await giftByToken(tx, token);
    if (g.claimedAt) throw new AppError('CONFLICT', M.alreadyClaimed);
    if (g.buyerId === userId) throw new AppError('CONFLICT', M.ownGift);
    await tx.update(gifts).set({ claimedAt: now, claimedBy: userId }).where(eq(gifts.id, g.id));
    const rows = await tx.update(purchases).set({ userId }).where(eq(purchases.giftId, g.id)).returning({ id: purchases.id });
    // Both My Purchases pages, if open, read the vouchers again.
    await publishMessageEvent(tx, { type: 'purchase', customerId: userId });
    await publishMessageEvent(tx, { type: 'purchase', customerId: g.buyerId });
    return rows.map((r) => r.id);
  });
  return { purchaseIds: moved };
}
