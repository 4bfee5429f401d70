import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACCESS_MESSAGES,
  MERCHANT_DASHBOARD_MESSAGES as D,
  MERCHANT_MESSAGES as M,
  PLANS,
  commissionForPlan,
  excerpt,
  stripPhoneNumbers,
  type LaunchChecklist,
  type MerchantProfileInput,
  type MerchantProfileSaved,
  type MerchantThread,
  type MerchantThreadMessage,
  type PlanId,
  type PlanSwitched,
  type SecondFactorReminder,
  type SubscriptionStatus,
  hasMessagingAccess,
  paths,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { adminMerchantMessages, deals, merchantRegistrationRequests, merchants, purchases, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import type { Deps } from '../../../lib/deps';
import { hasPaidSubscription, merchantBalance, setSubscriptionRenewal, startMerchantCharge, withMessagingFacts } from '../../money';
import { hasSecondFactor } from '../../accounts';
import { toThreadMessage } from '../admin-merchants/thread-message';
import { REGISTRATION_REPLY, notifyAdmins } from '../../platform';
import { merchantOverview } from '../merchants/merchants.service';

export type DashboardDeps = Pick<Deps, 'db' | 'payments' | 'config' | 'clock' | 'log'>;

type MerchantRow = typeof merchants.$inferSelect;

async function lockedMerchant(tx: Tx, userId: string): Promise<MerchantRow> {
  const [m] = await tx.select().from(merchants).where(eq(merchants.userId, userId)).for('update');
  if (!m) throw new AppError('NOT_FOUND', M.noProfile);
  return m;
}

async function newestRegistration(db: Tx, userId: string) {
  const [r] = await db
    .select()
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.userId, userId))
    .orderBy(desc(merchantRegistrationRequests.createdAt), desc(merchantRegistrationRequests.id))
    .limit(1);
  return r ?? null;
}

/**
 * The plan columns for a plan (docs/product/merchant-admin-spec.md §4 with docs/product/design.md §7): commission 0 / 0 / 15;
 * messaging follows from plan and subscription (hasMessagingAccess). `has_subscription` comes from
 * the subscriptions the provider confirmed (billing), never from choosing a plan.
 */
async function planColumns(tx: Tx, m: MerchantRow, plan: PlanId, now: Date) {
  await assertNoLiveDealsWhenLeavingDeals(tx, m, plan);
  const hasSubscription = await hasPaidSubscription(tx, m.id, now);
  return {
    subscriptionPlan: plan,
    commissionRate: commissionForPlan(plan),
    hasSubscription,
  };
}

/**
 * Deals sell only on the Deals + Messaging plan, whose commission every sale carries: a merchant
 * with live deals (on sale, or voting) cannot move to a commission-free plan and keep selling.
 */
async function assertNoLiveDealsWhenLeavingDeals(tx: Tx, m: MerchantRow, plan: PlanId) {
  if (m.subscriptionPlan !== 'deals_messaging' || plan === 'deals_messaging') return;
  const [live] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.merchantId, m.id), inArray(deals.status, ['active', 'pending'])))
    .limit(1);
  if (live) throw new AppError('CONFLICT', D.liveDealsBlockPlanChange, { plan: D.liveDealsBlockPlanChange });
}

/**
 * After a committed plan change, the provider is told whether the paid subscription still renews:
 * leaving advertise_messaging cancels it at the period end (access lasts until the provider ends
 * it); coming back before then resumes it. A provider failure is logged, not undone.
 */
async function syncRenewal(deps: DashboardDeps, merchantId: string, from: PlanId, to: PlanId) {
  if (from === to || (from !== 'advertise_messaging' && to !== 'advertise_messaging')) return;
  try {
    await setSubscriptionRenewal(deps, merchantId, to === 'advertise_messaging');
  } catch (err) {
    deps.log.error({ err, merchantId, from, to }, 'updating the subscription renewal at the provider failed');
  }
}

/**
 * Profile edit (docs/product/merchant-admin-spec.md §5, §7): the merchant row and the newest registration request in
 * one transaction. Phone numbers in the description are removed (the answer says so); the plan,
 * when changed, follows the plan-switch rules.
 */
export async function updateProfile(
  deps: DashboardDeps,
  userId: string,
  input: MerchantProfileInput,
  /** The plan is billing: only the owner changes it here (docs/decisions/0062-roles-and-staff.md); a manager keeps it. */
  actor: { mayChangePlan: boolean; role: string } = { mayChangePlan: true, role: 'owner' },
): Promise<MerchantProfileSaved> {
  const { text: description, removed } = stripPhoneNumbers(input.description);
  if (description.length < 10) throw new AppError('VALIDATION', M.descriptionMin, { description: M.descriptionMin });
  const business = {
    businessName: input.businessName,
    description,
    website: input.website,
    phone: input.phone,
    city: input.city,
    state: input.state,
  };
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const m = await lockedMerchant(tx, userId);
    if (!actor.mayChangePlan && input.plan !== m.subscriptionPlan)
      throw new AppError('FORBIDDEN', ACCESS_MESSAGES.merchantRole(actor.role));
    await tx
      .update(merchants)
      .set({ ...business, ...(await planColumns(tx, m, input.plan, now)), updatedAt: now })
      .where(eq(merchants.id, m.id));
    const request = await newestRegistration(tx, userId);
    if (request)
      await tx
        .update(merchantRegistrationRequests)
        .set({ ...business, plan: input.plan, updatedAt: now })
        .where(eq(merchantRegistrationRequests.id, request.id));
    return { before: m, overview: await merchantOverview(tx, userId, now) };
  });
  await syncRenewal(deps, result.before.id, result.before.subscriptionPlan, input.plan);
  const merchant = result.overview.merchant!;
  return {
    overview: result.overview,
    phoneNumbersRemoved: removed,
    commissionRate: merchant.commissionRate,
    planChanged: result.before.subscriptionPlan !== input.plan,
    paymentRequired: merchant.paymentRequired,
  };
}

/** Switch Plans (docs/product/merchant-admin-spec.md §4): the current plan is refused with Already on this plan. */
export async function switchPlan(deps: DashboardDeps, userId: string, plan: PlanId): Promise<PlanSwitched> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const m = await lockedMerchant(tx, userId);
    if (m.subscriptionPlan === plan) throw new AppError('CONFLICT', D.alreadyOnPlan);
    await tx
      .update(merchants)
      .set({ ...(await planColumns(tx, m, plan, now)), updatedAt: now })
      .where(and(eq(merchants.id, m.id), eq(merchants.subscriptionPlan, m.subscriptionPlan)));
    // Still under review: the approval applies the request's plan, so it follows the switch.
    const request = await newestRegistration(tx, userId);
    if (request?.status === 'pending')
      await tx.update(merchantRegistrationRequests).set({ plan, updatedAt: now }).where(eq(merchantRegistrationRequests.id, request.id));
    return { before: m, overview: await merchantOverview(tx, userId, now) };
  });
  await syncRenewal(deps, result.before.id, result.before.subscriptionPlan, plan);
  const merchant = result.overview.merchant!;
  return {
    overview: result.overview,
    plan,
    commissionRate: merchant.commissionRate,
    paymentRequired: merchant.paymentRequired,
    downgraded: result.before.subscriptionPlan === 'advertise_messaging',
  };
}

/** Opens the provider's card page for the $15/month messaging subscription. */
export async function startSubscriptionCheckout(deps: DashboardDeps, user: { id: string; email: string }): Promise<{ url: string }> {
  const [m] = await deps.db.select().from(merchants).where(eq(merchants.userId, user.id));
  if (!m) throw new AppError('NOT_FOUND', M.noProfile);
  if (m.subscriptionPlan !== 'advertise_messaging') throw new AppError('CONFLICT', D.subscriptionNeedsPlan);
  if (m.hasSubscription) throw new AppError('CONFLICT', D.subscriptionActive);
  const plan = PLANS.find((p) => p.id === 'advertise_messaging')!;
  const { url } = await startMerchantCharge(deps, {
    merchantId: m.id,
    merchantEmail: user.email,
    kind: 'subscription',
    amountCents: plan.priceCentsPerMonth,
    description: `${plan.name} plan (monthly)`,
    successPath: `${paths.merchantDashboard}?payment=success`,
    cancelPath: `${paths.merchantDashboard}?payment=cancelled`,
  });
  return { url };
}

/** check-subscription (docs/product/merchant-admin-spec.md §7): what the database holds as confirmed by the provider. */
export async function subscriptionStatus(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<SubscriptionStatus> {
  const now = deps.clock.now();
  const [m] = await deps.db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('NOT_FOUND', M.noProfile);
  return { hasSubscription: m.hasSubscription, messagingAccess: hasMessagingAccess(await withMessagingFacts(deps.db, m), now) };
}

/**
 * The merchant's thread with the admins about their newest registration, oldest first. Admin
 * messages are read once loaded (the admins' view updates live).
 */
export async function merchantThread(deps: Pick<Deps, 'db'>, userId: string): Promise<MerchantThread> {
  return deps.db.transaction(async (tx) => {
    const request = await newestRegistration(tx, userId);
    if (!request) throw new AppError('NOT_FOUND', D.noRegistration);
    const rows = await tx
      .select()
      .from(adminMerchantMessages)
      .where(eq(adminMerchantMessages.registrationId, request.id))
      .orderBy(asc(adminMerchantMessages.createdAt), asc(adminMerchantMessages.id));
    const unread = rows.filter((r) => r.senderType === 'admin' && !r.isRead).map((r) => r.id);
    if (unread.length) {
      await tx.update(adminMerchantMessages).set({ isRead: true }).where(inArray(adminMerchantMessages.id, unread));
      await publishMessageEvent(tx, { type: 'registration_message', registrationId: request.id, merchantUserId: userId });
    }
    return { registrationId: request.id, messages: rows.map((r) => toThreadMessage(unread.includes(r.id) ? { ...r, isRead: true } : r)) };
  });
}

/**
 * The merchant writes to the admins (trimmed, never blank; type general), told live to both sides. Stamped
 * with the clock's time, as the admins' replies are (admin-merchants), so the thread's order is the clock's.
 */
export async function sendMerchantMessage(deps: Pick<Deps, 'db' | 'clock'>, userId: string, text: string): Promise<MerchantThreadMessage> {
  const message = text.trim();
  if (!message) throw new AppError('VALIDATION', D.messageRequired, { message: D.messageRequired });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const request = await newestRegistration(tx, userId);
    if (!request) throw new AppError('NOT_FOUND', D.noRegistration);
    const [row] = await tx
      .insert(adminMerchantMessages)
      .values({ registrationId: request.id, senderType: 'merchant', senderId: userId, message, messageType: 'general', createdAt: now })
      .returning();
    await publishMessageEvent(tx, { type: 'registration_message', registrationId: request.id, merchantUserId: userId });
    // A message on a registration under review, or from a suspended business answering its suspension
    // (docs/decisions/0063-suspensions-and-bans.md), waits for an admin (reading the thread marks it done).
    const [business] = await tx.select({ suspendedAt: merchants.suspendedAt }).from(merchants).where(eq(merchants.userId, userId));
    if (request.status === 'pending' || business?.suspendedAt)
      await notifyAdmins(tx, {
        type: REGISTRATION_REPLY,
        title: business?.suspendedAt
          ? 'Suspended merchant replied'
          : request.requiresMerchantResponse
            ? 'Merchant replied to a rejection'
            : 'New message from a merchant',
        message: `${request.businessName}: ${excerpt(message, 200)}`,
        entityType: 'merchant_registration_request',
        entityId: request.id,
      });
    return toThreadMessage(row!);
  });
}

/** The Launch Checklist (/merchant/pre-launch), from the merchant's real rows. */
export async function launchChecklist(deps: Pick<Deps, 'db'>, userId: string): Promise<LaunchChecklist> {
  const { db } = deps;
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('NOT_FOUND', M.noProfile);
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  const sellsDeals = m.subscriptionPlan === 'deals_messaging';
  const [live] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deals)
    .where(and(eq(deals.merchantId, m.id), inArray(deals.status, ['active', 'pending'])));
  const [sold] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(eq(purchases.merchantId, m.id));
  const profileComplete =
    m.businessName.trim().length >= 2 &&
    m.description.trim().length >= 10 &&
    m.phone.trim().length > 0 &&
    m.city.trim().length >= 2 &&
    m.state.trim().length >= 2;
  const status = (done: boolean, needed = true) => (!needed ? 'not_needed' : done ? 'done' : 'todo');
  const steps: LaunchChecklist['steps'] = [
    { key: 'emailVerified', status: status(Boolean(user?.verifiedAt)) },
    { key: 'profileComplete', status: status(profileComplete) },
    { key: 'approved', status: status(m.approved) },
    { key: 'planPaid', status: status(m.hasSubscription, m.subscriptionPlan === 'advertise_messaging') },
    { key: 'firstDealLive', status: status((live?.n ?? 0) > 0, sellsDeals) },
    { key: 'firstSale', status: status((sold?.n ?? 0) > 0, sellsDeals) },
  ];
  const needed = steps.filter((s) => s.status !== 'not_needed');
  return { steps, done: needed.filter((s) => s.status === 'done').length, total: needed.length };
}

/**
 * Whether to remind the owner to add a second factor: the business holds a balance (money not yet paid out) and
 * the account has neither a passkey nor the authenticator app (docs/decisions/0055-passkeys-and-authenticator-codes.md).
 */
export async function secondFactorReminder(deps: Pick<Deps, 'db'>, userId: string): Promise<SecondFactorReminder> {
  const [m] = await deps.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId));
  const balanceCents = m ? (await merchantBalance(deps.db, m.id)).pendingCents : 0;
  return { remind: balanceCents > 0 && !(await hasSecondFactor(deps, userId)), balanceCents };
}
