import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
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
import { AUTH_ERRORS, createUser, isEmailTaken, sendVerification, warnExistingAccount, type AuthDeps } from '../../accounts';
import { withMessagingFacts } from '../../money';
import { addressColumns, placeOf } from '../../catalog';
import { newRegistrationAdminEmail } from './merchants.emails';
import { notifyAdmins } from '../../platform';

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
 * Registers a merchant (docs/product/merchant-admin-spec.md §4, §7). The answer is the same whether or not the address
 * already has an account, and takes the same time: past the rate limit the work happens after the
 * response (docs/decisions/0007). An address with an account only gets a warning mail.
 */
export async function registerMerchant(deps: MerchantDeps, input: MerchantRegistration, ip: string) {
  await consumeRateLimit(deps.db, `signup:ip:${ip}`, deps.limits.signupPerAddress, AUTH_ERRORS.tooManySignups, deps.clock.now());
  // Geocoded before answering: an unknown ZIP code is a mistake in the form, said on its field.
  const place = addressColumns(input);
  deps.afterResponse('merchant registration', async () => {
    try {
      await createMerchantRegistration(deps, input, place);
    } catch (err) {
      if (!isEmailTaken(err)) throw err;
      await warnExistingAccount(deps, input.email, 'business');
    }
  });
}

/**
 * The user, the pending registration request, the merchant record (not approved; messaging unless
 * advertise_only; no subscription yet) and the admin notifications in one transaction, so a failure
 * leaves nothing half-created. Mail goes after.
 */
async function createMerchantRegistration(deps: MerchantDeps, input: MerchantRegistration, place: ReturnType<typeof addressColumns>) {
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const user = await createUser(tx, { email: input.email, password: input.password, name: input.businessName, role: 'merchant' }, now);
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
      .returning();
    const [merchant] = await tx
      .insert(merchants)
      .values({
        userId: user.id,
        ...business,
        ...place,
        subscriptionPlan: input.plan,
        approved: false,
        hasSubscription: false,
        commissionRate: commissionForPlan(input.plan),
      })
      .returning();
    const admins = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
    await notifyAdmins(tx, {
      type: 'merchant_registration',
      title: 'New merchant registration',
      message: `${input.businessName} (${user.email}) is waiting for review.`,
      entityType: 'merchant_registration_request',
      entityId: request!.id,
    });
    return { user, request: request!, merchant: merchant!, admins };
  });

  // The account exists now; a mail that fails is recorded and retried by the mailer, not undone.
  try {
    await sendVerification(deps, created.user.id, created.user.email, input.businessName);
  } catch (err) {
    deps.log.error({ err, userId: created.user.id }, 'merchant verification e-mail failed');
  }
  for (const admin of created.admins) {
    await deps.mailer
      .send(newRegistrationAdminEmail(admin.email, { ...input, email: created.user.email }, deps.config.appUrl))
      .catch((err: unknown) => deps.log.error({ err }, 'admin notification e-mail failed'));
  }
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
