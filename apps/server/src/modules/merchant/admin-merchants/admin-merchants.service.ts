import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import {
  ADMIN_APPROVAL_MESSAGES as M,
  ADMIN_REQUESTS_PAGE_SIZE,
  PROCESSED_REQUESTS_LIMIT,
  commissionForPlan,
  type AdminMerchantRequest,
  type AdminMerchantRequestsPage,
  type AdminRegistrationThread,
  type AdminRequestSection,
  hasMessagingAccess,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { adminMerchantMessages, merchantRegistrationRequests as requests, merchants, notifications, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import { REGISTRATION_REPLY, recordAudit, resolveAdminNotifications } from '../../platform';
import { hasPaidSubscription, withMessagingFacts } from '../../money';
import { adminMessageEmail, merchantApprovedEmail, merchantRejectedEmail } from './admin-merchants.emails';
import { toThreadMessage } from './thread-message';

export type AdminMerchantDeps = Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>;

type RequestRow = typeof requests.$inferSelect;

/**
 * Merchant messages of a thread the admins have not read yet (the View Messages badge). The outer
 * column is written qualified: drizzle renders `${requests.id}` as a bare "id", which would bind to m.id.
 */
const unreadMessages = sql<number>`(select count(*)::int from ${adminMerchantMessages} m where m.registration_id = merchant_registration_requests.id and m.sender_type = 'merchant' and m.is_read = false)`;

const sectionFilter = {
  pending: and(eq(requests.status, 'pending'), eq(requests.requiresMerchantResponse, false)),
  awaiting: and(eq(requests.status, 'pending'), eq(requests.requiresMerchantResponse, true)),
  // Not pending and not waiting for the merchant (docs/product/merchant-admin-spec.md §4).
  processed: and(ne(requests.status, 'pending'), eq(requests.requiresMerchantResponse, false)),
} satisfies Record<AdminRequestSection, unknown>;

const toRequest = (r: RequestRow & { unreadMessages: number; emailVerifiedAt: Date | null }): AdminMerchantRequest => ({
  id: r.id,
  userId: r.userId,
  businessName: r.businessName,
  email: r.email,
  phone: r.phone,
  city: r.city,
  state: r.state,
  website: r.website,
  description: r.description,
  plan: r.plan,
  commissionRate: commissionForPlan(r.plan),
  status: r.status,
  requiresMerchantResponse: r.requiresMerchantResponse,
  rejectionReason: r.rejectionReason,
  emailVerifiedAt: r.emailVerifiedAt ? r.emailVerifiedAt.toISOString() : null,
  unreadMessages: Number(r.unreadMessages),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * One card of the Merchant Approval tab: new pending requests (newest first), those awaiting the
 * merchant's response (latest change first), or the 10 most recently processed.
 */
export async function listMerchantRequests(
  deps: Pick<Deps, 'db'>,
  section: AdminRequestSection,
  page: number,
): Promise<AdminMerchantRequestsPage> {
  const { db } = deps;
  const isProcessed = section === 'processed';
  const pageSize = isProcessed ? PROCESSED_REQUESTS_LIMIT : ADMIN_REQUESTS_PAGE_SIZE;
  const current = isProcessed ? 1 : page;
  const where = sectionFilter[section];
  const order = section === 'pending' ? [desc(requests.createdAt), desc(requests.id)] : [desc(requests.updatedAt), desc(requests.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: requests, unreadMessages, emailVerifiedAt: users.emailVerifiedAt })
      .from(requests)
      .leftJoin(users, eq(users.id, requests.userId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(requests).where(where),
  ]);
  return {
    section,
    items: rows.map((r) => toRequest({ ...r.request, unreadMessages: r.unreadMessages, emailVerifiedAt: r.emailVerifiedAt })),
    total: isProcessed ? Math.min(total?.n ?? 0, PROCESSED_REQUESTS_LIMIT) : (total?.n ?? 0),
    page: current,
    pageSize,
  };
}

/** Why a transition could not happen: the request is gone (404) or not in the state it needs (409). */
async function refuse(tx: Tx, id: string, conflict: (r: RequestRow) => string): Promise<never> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  throw new AppError('CONFLICT', conflict(row));
}

const notPendingMessage = (r: RequestRow) =>
  r.status === 'approved'
    ? 'This registration has already been approved.'
    : r.status === 'rejected'
      ? 'This registration has already been rejected.'
      : 'This registration is no longer pending.';

/**
 * Approve (docs/product/merchant-admin-spec.md §4, §7): in one transaction the request becomes approved (only from
 * pending, so a double click or a second admin gets 409), the merchant record is created or updated
 * (approved, messaging per plan, the plan's commission) and the audit entry, notification and e-mail
 * are written. has_subscription stays false until the subscription is paid (docs/product/design.md §7). A
 * merchant who has not verified their e-mail address is approved only with `confirmUnverified`
 * (the admin confirmed it in the dialog): 409 otherwise, with nothing changed.
 */
export async function approveMerchantRequest(
  deps: AdminMerchantDeps,
  adminId: string,
  id: string,
  opts: { confirmUnverified?: boolean } = {},
) {
  const now = deps.clock.now();
  const { result, mailId } = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ userId: requests.userId, status: requests.status, emailVerifiedAt: users.emailVerifiedAt })
      .from(requests)
      .leftJoin(users, eq(users.id, requests.userId))
      .where(eq(requests.id, id));
    if (!target) return refuse(tx, id, notPendingMessage);
    if (target.status === 'pending' && !target.emailVerifiedAt && opts.confirmUnverified !== true)
      throw new AppError('CONFLICT', M.unverifiedNeedsConfirmation, { confirmUnverified: M.unverifiedNeedsConfirmation });
    // The merchant row is locked before the request, in the order the merchant's own profile and
    // plan edits take them, so an approval and a plan switch at the same moment cannot deadlock.
    const [existing] = await tx.select().from(merchants).where(eq(merchants.userId, target.userId)).for('update');
    const [request] = await tx
      .update(requests)
      .set({ status: 'approved', requiresMerchantResponse: false, updatedAt: now })
      .where(and(eq(requests.id, id), eq(requests.status, 'pending')))
      .returning();
    if (!request) return refuse(tx, id, notPendingMessage);
    const commissionRate = commissionForPlan(request.plan);
    let merchant: typeof merchants.$inferSelect;
    if (existing) {
      // The provider-confirmed subscription decides, with the same renewal grace as billing.
      const hasSubscription = await hasPaidSubscription(tx, existing.id, now);
      [merchant] = (await tx
        .update(merchants)
        .set({ approved: true, subscriptionPlan: request.plan, hasSubscription, commissionRate, updatedAt: now })
        .where(eq(merchants.id, existing.id))
        .returning()) as [typeof merchants.$inferSelect];
    } else {
      [merchant] = (await tx
        .insert(merchants)
        .values({
          userId: request.userId,
          businessName: request.businessName,
          description: request.description,
          website: request.website,
          phone: request.phone,
          city: request.city,
          state: request.state,
          subscriptionPlan: request.plan,
          approved: true,
          hasSubscription: false,
          commissionRate,
        })
        .returning()) as [typeof merchants.$inferSelect];
    }
    // Handled: the registration and any reply on it wait for no admin now.
    await resolveAdminNotifications(tx, { entityType: 'merchant_registration_request', entityId: request.id }, now);
    await recordAudit(tx, {
      adminId,
      action: 'merchant.approved',
      entityType: 'merchant_registration_request',
      entityId: request.id,
      details: { businessName: request.businessName, plan: request.plan, commissionRate, merchantId: merchant.id },
    });
    await tx.insert(notifications).values({
      userId: request.userId,
      type: 'merchant_approved',
      title: 'Your business is approved',
      message: `${request.businessName} has been approved with a ${commissionRate}% commission rate. You can now access your merchant dashboard.`,
      entityType: 'merchant',
      entityId: merchant.id,
    });
    const to = await merchantEmail(tx, request);
    const mailId = await deps.mailer.queue(
      tx,
      merchantApprovedEmail(to, { businessName: request.businessName, plan: request.plan, commissionRate }, deps.config.appUrl),
    );
    return {
      mailId,
      result: {
        id: request.id,
        businessName: request.businessName,
        status: request.status,
        merchantId: merchant.id,
        commissionRate,
        hasMessaging: hasMessagingAccess(await withMessagingFacts(tx, merchant), now),
        hasSubscription: merchant.hasSubscription,
      },
    };
  });
  await deliverQueuedMail(deps, mailId, 'merchant');
  return result;
}

/**
 * Reject (docs/product/merchant-admin-spec.md §4, §7): the request stays pending but now waits for the merchant; the
 * reason is stored and sent into the thread as a rejection notice, and the merchant is e-mailed.
 * Only a request ready for review can be rejected (a second click gets 409, not a second notice).
 */
export async function rejectMerchantRequest(deps: AdminMerchantDeps, adminId: string, id: string, reason: string) {
  const now = deps.clock.now();
  const { result, mailId } = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .update(requests)
      .set({ requiresMerchantResponse: true, rejectionReason: reason, updatedAt: now })
      .where(and(eq(requests.id, id), eq(requests.status, 'pending'), eq(requests.requiresMerchantResponse, false)))
      .returning();
    if (!request)
      return refuse(tx, id, (r) =>
        r.status === 'pending' ? 'This registration is already awaiting the merchant’s response.' : notPendingMessage(r),
      );
    const [message] = await tx
      .insert(adminMerchantMessages)
      .values({
        registrationId: request.id,
        senderType: 'admin',
        senderId: adminId,
        messageType: 'rejection_response',
        message: rejectionNotice(reason),
        createdAt: now,
      })
      .returning();
    await publishMessageEvent(tx, { type: 'registration_message', registrationId: request.id, merchantUserId: request.userId });
    // Reviewed: it now waits for the merchant, not for an admin.
    await resolveAdminNotifications(tx, { entityType: 'merchant_registration_request', entityId: request.id }, now);
    await recordAudit(tx, {
      adminId,
      action: 'merchant.rejected',
      entityType: 'merchant_registration_request',
      entityId: request.id,
      details: { businessName: request.businessName, reason },
    });
    const to = await merchantEmail(tx, request);
    const mailId = await deps.mailer.queue(
      tx,
      merchantRejectedEmail(to, { businessName: request.businessName, reason }, deps.config.appUrl),
    );
    return {
      mailId,
      result: {
        id: request.id,
        businessName: request.businessName,
        status: request.status,
        requiresMerchantResponse: true,
        rejectionReason: reason,
        messageId: message!.id,
      },
    };
  });
  await deliverQueuedMail(deps, mailId, 'merchant');
  return result;
}

/** The rejection_response message the merchant sees in the thread. */
export const rejectionNotice = (reason: string) =>
  `Your merchant registration has been rejected for the following reason: ${reason}\n\nPlease address these concerns and respond to this message so we can review your application again.`;

/** Reset to Review: the merchant has answered; the request is ready for review again. */
export async function resetMerchantRequest(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, id: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .update(requests)
      .set({ requiresMerchantResponse: false, updatedAt: now })
      .where(and(eq(requests.id, id), eq(requests.status, 'pending'), eq(requests.requiresMerchantResponse, true)))
      .returning();
    if (!request)
      return refuse(tx, id, (r) =>
        r.status === 'pending' ? 'This registration is not awaiting a merchant response.' : notPendingMessage(r),
      );
    await recordAudit(tx, {
      adminId,
      action: 'merchant.reset_to_review',
      entityType: 'merchant_registration_request',
      entityId: request.id,
      details: { businessName: request.businessName },
    });
    return { id: request.id, businessName: request.businessName, status: request.status, requiresMerchantResponse: false };
  });
}

async function findRequest(tx: Tx, id: string) {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

async function merchantEmail(tx: Tx, request: RequestRow) {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, request.userId));
  return u?.email ?? request.email;
}

/**
 * The thread of one registration, oldest first, as it stands: merchant messages not read yet
 * still say so (the New tag). Marking them read is a separate call made once the admin has them.
 */
export async function registrationThread(deps: Pick<Deps, 'db'>, id: string): Promise<AdminRegistrationThread> {
  const request = await findRequest(deps.db, id);
  const rows = await deps.db
    .select()
    .from(adminMerchantMessages)
    .where(eq(adminMerchantMessages.registrationId, id))
    .orderBy(asc(adminMerchantMessages.createdAt), asc(adminMerchantMessages.id));
  return {
    registration: {
      id: request.id,
      businessName: request.businessName,
      email: request.email,
      status: request.status,
      requiresMerchantResponse: request.requiresMerchantResponse,
    },
    messages: rows.map(toThreadMessage),
  };
}

/** The admin opened the thread: the merchant's messages are read, and so are the notifications of them. Returns how many changed. */
export async function markMerchantMessagesRead(deps: Pick<Deps, 'db' | 'clock'>, id: string) {
  return deps.db.transaction(async (tx) => {
    const request = await findRequest(tx, id);
    const changed = await tx
      .update(adminMerchantMessages)
      .set({ isRead: true })
      .where(
        and(
          eq(adminMerchantMessages.registrationId, id),
          eq(adminMerchantMessages.senderType, 'merchant'),
          eq(adminMerchantMessages.isRead, false),
        ),
      )
      .returning({ id: adminMerchantMessages.id });
    if (changed.length) await publishMessageEvent(tx, { type: 'registration_message', registrationId: id, merchantUserId: request.userId });
    await resolveAdminNotifications(
      tx,
      { entityType: 'merchant_registration_request', entityId: id, types: [REGISTRATION_REPLY] },
      deps.clock.now(),
    );
    return { marked: changed.length };
  });
}

/** An admin writes into the thread (trimmed, never blank); the merchant is told live and by e-mail. */
export async function sendAdminMessage(deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>, adminId: string, id: string, text: string) {
  const { message, mailId } = await deps.db.transaction(async (tx) => {
    const request = await findRequest(tx, id);
    const [row] = await tx
      .insert(adminMerchantMessages)
      .values({ registrationId: id, senderType: 'admin', senderId: adminId, messageType: 'general', message: text })
      .returning();
    await publishMessageEvent(tx, { type: 'registration_message', registrationId: id, merchantUserId: request.userId });
    const to = await merchantEmail(tx, request);
    const mailId = await deps.mailer.queue(
      tx,
      adminMessageEmail(to, { businessName: request.businessName, message: text }, deps.config.appUrl),
    );
    return { message: toThreadMessage(row!), mailId };
  });
  await deliverQueuedMail(deps, mailId, 'merchant');
  return message;
}
