import { randomUUID } from 'node:crypto';
import { TransactionRollbackError, and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  commissionForPlan,
  hasMessagingAccess,
  hasPaidFeatures,
  messagingActiveUntil,
  type MerchantOverview,
  type PlanId,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { customerMessages, merchantRegistrationRequests, merchants, refundRequests, users } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { hashPassword } from '../../../lib/crypto';
import { AUTH_ERRORS, deliverAfterResponse, writeSignup, type AuthDeps } from '../../accounts';
import { withMessagingFacts } from '../../money';
import { addressColumns, placeOf } from '../../catalog';
import { newRegistrationAdminEmail } from './merchants.emails';
import { notifyAdmins } from '../../platform';

/** The merchant's geocoded address columns (catalog's addressColumns). */
type Place = ReturnType<typeof addressColumns>;

/** Registration is a sign-up: the sign-up limits and after-response runner, and a log for the mail it sends. */
export type MerchantDeps = AuthDeps & Pick<Deps, 'log'>;

export interface MerchantRegistration {
  email: string;
  password: string;
  businessName: string;
  description: string;
  website: string | null;
  phone: string;
  city: string;
  state: string;
  addressLine1: string;
  addressLine2: string | null;
  zip: string;
  plan: PlanId;
}

/**
 * Registers a merchant (docs/product/merchant-admin-spec.md §4, §7). Everything is written before the
 * answer, in one transaction (docs/decisions/0052-durable-sign-ups.md): the user, the pending
 * registration request, the merchant record (not approved; messaging unless advertise_only; no
 * subscription yet), the admin notifications and every mail in the outbox, so a failure leaves nothing
 * half-created and a crash after the answer loses nothing. The answer is the same whether or not the
 * address already has an account, and so is the expensive work (the password hash, writeSignup's
 * statements); an address with an account only gets a warning mail. The mails are sent after the
 * response; after a crash the mail-delivery job sends them.
 */
export async function registerMerchant(deps: MerchantDeps, input: MerchantRegistration, ip: string) {
  await consumeRateLimit(deps.db, `signup:ip:${ip}`, deps.limits.signupPerAddress, AUTH_ERRORS.tooManySignups, deps.clock.now());
  // Geocoded before answering: an unknown ZIP code is a mistake in the form, said on its field.
  const place = addressColumns(input);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const mailIds = await deps.db.transaction(async (tx) => {
    const { user, mailId } = await writeSignup(
      deps,
      tx,
      { email: input.email, passwordHash, name: input.businessName, role: 'merchant', mailName: input.businessName },
      'business',
      now,
    );
    const ids = mailId ? [mailId] : [];
    // In a savepoint either way, kept for a new address and rolled back for a taken one: the same work (a
    // savepoint costs PGlite a few milliseconds, so the new address pays it too).
    if (user) ids.push(...(await tx.transaction((savepoint) => createMerchantRecords(deps, savepoint, user, input, place))));
    else await rehearseMerchantRecords(deps, tx, input, place, now);
    return ids;
  });
  for (const id of mailIds) deliverAfterResponse(deps, id, 'merchant registration');
}

/**
 * An address that already has an account gets no business, but its answer must take as long as a new one's
 * (docs/decisions/0052-durable-sign-ups.md): the same writes are made, for a stand-in account, in a savepoint
 * that is then rolled back, so nothing of them stays (no row, no notification, no mail, no live event).
 */
async function rehearseMerchantRecords(deps: MerchantDeps, tx: Tx, input: MerchantRegistration, place: Place, now: Date) {
  await tx
    .transaction(async (savepoint) => {
      const [standIn] = await savepoint
        .insert(users)
        .values({
          email: `stand-in-${randomUUID()}@localperks.invalid`,
          passwordHash: 'stand-in',
          role: 'merchant',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id, email: users.email });
      await createMerchantRecords(deps, savepoint, standIn!, input, place);
      savepoint.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
}

/** The registration request, the merchant record and the admins' notifications and mails of a new merchant user; returns the mails' ids. */
async function createMerchantRecords(
  deps: MerchantDeps,
  tx: Tx,
  user: { id: string; email: string },
  input: MerchantRegistration,
  place: Place,
) {
  const business = {
    businessName: input.businessName,
    description: input.description,
    website: input.website,
    phone: input.phone,
    city: input.city,
    state: input.state,
  };
  const [request] = await tx
    .insert(merchantRegistrationRequests)
    .values({ userId: user.id, email: user.email, ...business, plan: input.plan, status: 'pending' })
    .returning({ id: merchantRegistrationRequests.id });
  await tx.insert(merchants).values({
    userId: user.id,
    ...business,
    ...place,
    subscriptionPlan: input.plan,
    approved: false,
    hasSubscription: false,
    commissionRate: commissionForPlan(input.plan),
  });
  const admins = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
  await notifyAdmins(tx, {
    type: 'merchant_registration',
    title: 'New merchant registration',
    message: `${input.businessName} (${user.email}) is waiting for review.`,
    entityType: 'merchant_registration_request',
    entityId: request!.id,
  });
  const ids: string[] = [];
  for (const admin of admins)
    ids.push(await deps.mailer.queue(tx, newRegistrationAdminEmail(admin.email, { ...input, email: user.email }, deps.config.appUrl)));
  return ids;
}

/** The signed-in merchant's merchant record and newest registration request (dashboard states) at `now`, in the caller's transaction. */
export async function merchantOverview(db: Tx, userId: string, now: Date): Promise<MerchantOverview> {
  const [row] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  const merchant = row && (await withMessagingFacts(db, row));
  const [request] = await db
    .select()
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.userId, userId))
    .orderBy(desc(merchantRegistrationRequests.createdAt))
    .limit(1);
  const [user] = await db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  // What waits for the merchant: the counts on the Refund requests and Customer Messages tabs.
  const [refundsWaiting] = merchant
    ? await db
        .select({ n: count() })
        .from(refundRequests)
        .where(and(eq(refundRequests.merchantId, merchant.id), inArray(refundRequests.status, ['requested', 'due_for_decision'])))
    : [];
  const [messagesWaiting] = merchant
    ? await db
        .select({ n: count() })
        .from(customerMessages)
        .where(and(eq(customerMessages.merchantId, merchant.id), ne(customerMessages.status, 'responded')))
    : [];
  return {
    merchant: merchant
      ? {
          id: merchant.id,
          businessName: merchant.businessName,
          description: merchant.description,
          website: merchant.website,
          phone: merchant.phone,
          city: merchant.city,
          state: merchant.state,
          subscriptionPlan: merchant.subscriptionPlan,
          approved: merchant.approved,
          hasMessaging: hasMessagingAccess(merchant, now),
          hasSubscription: merchant.hasSubscription,
          commissionRate: merchant.commissionRate,
          createdAt: merchant.createdAt.toISOString(),
          messagingAccess: hasMessagingAccess(merchant, now),
          messagingActiveUntil: messagingActiveUntil(merchant, now)?.toISOString() ?? null,
          paidFeatures: hasPaidFeatures(merchant, now),
          waiting: { refundRequests: refundsWaiting?.n ?? 0, customerMessages: messagesWaiting?.n ?? 0 },
          paymentRequired: merchant.subscriptionPlan === 'advertise_messaging' && !merchant.hasSubscription,
          suspension: merchant.suspendedAt ? { at: merchant.suspendedAt.toISOString(), reason: merchant.suspensionReason ?? '' } : null,
          place: placeOf(merchant),
        }
      : null,
    registration: request
      ? {
          id: request.id,
          businessName: request.businessName,
          email: request.email,
          status: request.status,
          requiresMerchantResponse: request.requiresMerchantResponse,
          rejectionReason: request.rejectionReason,
          plan: request.plan,
          createdAt: request.createdAt.toISOString(),
          updatedAt: request.updatedAt.toISOString(),
        }
      : null,
    emailVerified: Boolean(user?.emailVerifiedAt),
  };
}
