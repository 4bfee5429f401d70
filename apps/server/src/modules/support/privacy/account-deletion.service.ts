import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, plural, type DeletionPreview } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import {
  authTokens,
  customerMessages,
  dataExports,
  deals,
  disputes,
  emailChanges,
  favorites,
  loginAttempts,
  merchantPayouts,
  merchants,
  notifications,
  passkeys,
  paymentMethods,
  purchases,
  recoveryCodes,
  refundRequests,
  sessions,
  supportTickets,
  totpAuthenticators,
  users,
  webauthnChallenges,
} from '../../../db/schema';
import { randomToken } from '../../../lib/crypto';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { dealWithdrawn } from '../../catalog';
import { recordAudit } from '../../platform';
import { latestRequests } from '../../money';
import { accountDeletedEmail } from './privacy.emails';

/**
 * What deleting an account means (docs/decisions/0054-privacy-rights.md), before it is done: what blocks it
 * (a merchant's open payouts, refund requests, disputes, or paid vouchers still to honour) and the unused
 * vouchers it forfeits, each with whether a refund can be asked for first.
 */
export async function deletionPreview(deps: Pick<Deps, 'db' | 'clock'>, userId: string, db: Tx = deps.db): Promise<DeletionPreview> {
  const now = deps.clock.now();
  const live = await db
    .select({
      id: purchases.id,
      dealTitle: purchases.dealTitle,
      code: purchases.redemptionCode,
      priceCents: purchases.priceCents,
      expiresAt: purchases.expirationDate,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        isNull(purchases.redeemedAt),
        isNull(purchases.refundedAt),
        isNull(purchases.forfeitedAt),
        gt(purchases.expirationDate, now),
      ),
    );
  const requests = await latestRequests(
    db,
    live.map((p) => p.id),
  );
  const blockers: string[] = [];
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId));
  if (merchant) {
    const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
    const n = sql<number>`count(*)::int`;
    const payouts = await count(
      db
        .select({ n })
        .from(merchantPayouts)
        .where(and(eq(merchantPayouts.merchantId, merchant.id), isNull(merchantPayouts.paidAt))),
    );
    const refunds = await count(
      db
        .select({ n })
        .from(refundRequests)
        .where(
          and(
            eq(refundRequests.merchantId, merchant.id),
            inArray(refundRequests.status, ['requested', 'merchant_responded', 'due_for_decision']),
          ),
        ),
    );
    const open = await count(
      db
        .select({ n })
        .from(disputes)
        .innerJoin(purchases, eq(purchases.id, disputes.purchaseId))
        .where(and(eq(purchases.merchantId, merchant.id), eq(disputes.status, 'open'))),
    );
    const vouchers = await count(
      db
        .select({ n })
        .from(purchases)
        .where(
          and(
            eq(purchases.merchantId, merchant.id),
            isNull(purchases.redeemedAt),
            isNull(purchases.refundedAt),
            isNull(purchases.forfeitedAt),
            gt(purchases.expirationDate, now),
          ),
        ),
    );
    if (payouts) blockers.push(`${payouts} payout(s) not paid yet: they are paid on the next payout dates.`);
    if (refunds) blockers.push(`${refunds} refund request(s) waiting for an answer: answer them on the Refund requests tab.`);
    if (open) blockers.push(`${open} payment dispute(s) still open: they close when the card issuer decides.`);
    if (vouchers)
      blockers.push(
        `${plural(vouchers, 'paid voucher')} customers can still redeem: they must be honoured until they expire or are refunded.`,
      );
  }
  return {
    blockers,
    vouchers: live.map((p) => ({
      id: p.id,
      dealTitle: p.dealTitle,
      code: p.code,
      priceCents: p.priceCents,
      expiresAt: p.expiresAt.toISOString(),
      canRequestRefund: !requests.has(p.id),
    })),
  };
}

/**
 * Deletes an account (docs/decisions/0054-privacy-rights.md), in one transaction: every session ends; the
 * personal data is removed (sign-in history, tokens, saved cards, favourites, notifications, exports) or
 * anonymised (the user row keeps its id, the anonymous id, with no name, e-mail, phone or usable password;
 * votes stay counted under it; messages and tickets lose the name and address); unused vouchers are
 * forfeited; orders, payments, refunds, payouts and ledger entries are not touched, so every sum stays as it
 * was. A merchant's business is taken off LocalPerks: unapproved, anonymised, its deals removed and withdrawn
 * (`dealWithdrawn`, as every withdrawal). Its passkeys, authenticator app and recovery codes are deleted. Refused while
 * anything blocks it. `by`: the admin who ran it for a verified request (an audit entry), else the owner.
 */
export async function deleteAccount(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'domainEvents'>,
  userId: string,
  by: { adminId: string; reason: string } | null,
) {
  const now = deps.clock.now();
  const mailId = await deps.domainEvents.transaction(async (tx, publish) => {
    // One deletion at a time per account, and none while a sale or refund changes what blocks it.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) throw new AppError('NOT_FOUND', 'This account does not exist or was already deleted.');
    if (by && user.role === 'admin')
      throw new AppError('FORBIDDEN', 'An admin account is removed by another admin in Settings, not deleted here.');
    const preview = await deletionPreview(deps, userId, tx);
    if (preview.blockers.length) throw new AppError('CONFLICT', `${ACCOUNT_MESSAGES.deletionBlocked} ${preview.blockers.join(' ')}`);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, user.email));
    await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    // The sign-in factors (docs/decisions/0055): passkeys, the authenticator app, its recovery codes, open challenges.
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    await tx
      .update(purchases)
      .set({ forfeitedAt: now })
      .where(
        inArray(
          purchases.id,
          preview.vouchers.map((v) => v.id),
        ),
      );
    await tx
      .update(supportTickets)
      .set({ name: 'Deleted user', email: 'deleted@localperks.invalid' })
      .where(eq(supportTickets.customerId, userId));
    await tx
      .update(customerMessages)
      .set({ message: '[removed: the customer deleted their account]' })
      .where(eq(customerMessages.customerId, userId));
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId));
    if (merchant) {
      // Withdrawn as any other withdrawal is (catalog's dealWithdrawn, in this transaction): their open payment pages
      // close and their PerkBoost charges are refunded by the areas that subscribe.
      const withdrawn = await tx
        .update(deals)
        .set({ status: 'removed', updatedAt: now })
        .where(and(eq(deals.merchantId, merchant.id), ne(deals.status, 'removed')))
        .returning({ id: deals.id });
      if (withdrawn.length) await publish(dealWithdrawn, { dealIds: withdrawn.map((d) => d.id) });
      await tx
        .update(merchants)
        .set({
          businessName: 'Deleted business',
          description: '',
          website: null,
          phone: '',
          approved: false,
          logoUrl: null,
          coverUrl: null,
          updatedAt: now,
        })
        .where(eq(merchants.id, merchant.id));
    }
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.localperks.invalid`,
        name: null,
        phoneNumber: null,
        // No password matches a random string that was never hashed.
        passwordHash: `deleted:${randomToken(24)}`,
        emailVerifiedAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    if (by)
      await recordAudit(tx, {
        adminId: by.adminId,
        action: 'account.deleted',
        entityType: 'user',
        entityId: userId,
        details: { reason: by.reason, role: user.role },
      });
    return deps.mailer.queue(tx, accountDeletedEmail(user.email, by !== null));
  });
  await deliverQueuedMail(deps, mailId, 'account deleted');
}
