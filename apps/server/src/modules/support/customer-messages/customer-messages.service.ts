import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  BUSINESS_PROFILE_MESSAGES,
  CUSTOMER_MESSAGES_PAGE_SIZE,
  CUSTOMER_MESSAGE_LIMIT,
  CUSTOMER_MESSAGE_MESSAGES as M,
  type InboxMessage,
  type InboxPage,
  type SentMessagesPage,
  type customerMessagesQuerySchema,
  type sendCustomerMessageSchema,
  hasMessagingAccess,
} from '@localperks/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { customerMessages, deals, merchants, purchases, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import type { Deps } from '../../../lib/deps';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { withMessagingFacts } from '../../money';
import { businessIsPublic } from '../../catalog';
import { merchantResponseEmail, newCustomerMessageEmail } from './customer-messages.emails';

export type MessageDeps = Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>;

type Merchant = typeof merchants.$inferSelect;

/** The signed-in merchant, when messaging is theirs now (plan, subscription, or a paid period still running). */
async function inboxOwner(db: Tx, userId: string, now: Date): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m || !hasMessagingAccess(await withMessagingFacts(db, m), now)) throw new AppError('FORBIDDEN', M.noAccess);
  return m;
}

/** Refuses (403) a business without messaging access, as the inbox does: the Customer Messages table asks first. */
export async function checkInboxAccess(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<void> {
  await inboxOwner(deps.db, userId, deps.clock.now());
}

/**
 * A customer writes to the merchant of a deal, of one of their own purchases, or from its business
 * page (with messaging access only). The merchant must
 * be approved; sends are rate-limited per customer. The live event goes out with the commit.
 */
export async function sendCustomerMessage(
  deps: MessageDeps,
  customer: { id: string; name: string },
  input: z.output<typeof sendCustomerMessageSchema>,
) {
  const { db } = deps;
  const now = deps.clock.now();
  let merchantId: string | undefined;
  let dealId: string | null = input.dealId ?? null;
  let purchaseId: string | null = null;
  if (input.purchaseId) {
    const [p] = await db
      .select({ merchantId: purchases.merchantId, dealId: purchases.dealId })
      .from(purchases)
      .where(and(eq(purchases.id, input.purchaseId), eq(purchases.userId, customer.id)));
    if (!p) throw new AppError('NOT_FOUND', M.purchaseNotFound);
    merchantId = p.merchantId;
    dealId = p.dealId;
    purchaseId = input.purchaseId;
  } else if (input.businessSlug) {
    // From a business page: no deal or purchase, so only a business that takes messages (its plan) is written to.
    const [m] = await db
      .select()
      .from(merchants)
      .where(and(eq(merchants.slug, input.businessSlug.toLowerCase()), businessIsPublic));
    if (!m) throw new AppError('NOT_FOUND', M.merchantNotFound);
    if (!hasMessagingAccess(await withMessagingFacts(db, m), now)) throw new AppError('FORBIDDEN', BUSINESS_PROFILE_MESSAGES.noMessaging);
    merchantId = m.id;
    dealId = null;
  } else if (input.dealId) {
    const [d] = await db
      .select({ merchantId: deals.merchantId })
      .from(deals)
      .where(and(eq(deals.id, input.dealId), ne(deals.status, 'removed'), ne(deals.status, 'draft')));
    merchantId = d?.merchantId;
  }
  const [merchant] = merchantId
    ? await db
        .select()
        .from(merchants)
        .where(and(eq(merchants.id, merchantId), eq(merchants.approved, true)))
    : [];
  if (!merchant) throw new AppError('NOT_FOUND', M.merchantNotFound);
  await consumeRateLimit(db, `customer-message:${customer.id}`, CUSTOMER_MESSAGE_LIMIT, M.tooMany, now);

  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customerMessages)
      .values({ merchantId: merchant.id, customerId: customer.id, dealId, purchaseId, subject: input.subject, message: input.message })
      .returning();
    await publishMessageEvent(tx, { type: 'customer_message', merchantUserId: merchant.userId, customerId: customer.id });
    return created!;
  });
  const [merchantUser] = await db.select({ email: users.email }).from(users).where(eq(users.id, merchant.userId));
  if (merchantUser && hasMessagingAccess(await withMessagingFacts(db, merchant), now)) {
    await deps.mailer
      .send(
        newCustomerMessageEmail({
          to: merchantUser.email,
          merchantName: merchant.businessName,
          customerName: customer.name,
          subject: input.subject,
          appUrl: deps.config.appUrl,
        }),
      )
      .catch((err: unknown) => deps.log.error({ err }, 'new customer message e-mail failed'));
  }
  return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

const inboxColumns = {
  id: customerMessages.id,
  customerId: customerMessages.customerId,
  customerName: users.name,
  customerEmail: users.email,
  subject: customerMessages.subject,
  message: customerMessages.message,
  response: customerMessages.response,
  status: customerMessages.status,
  dealId: customerMessages.dealId,
  dealTitle: deals.title,
  purchaseId: customerMessages.purchaseId,
  createdAt: customerMessages.createdAt,
  respondedAt: customerMessages.respondedAt,
};

type InboxRow = Omit<InboxMessage, 'createdAt' | 'respondedAt' | 'customerName'> & {
  createdAt: Date;
  respondedAt: Date | null;
  customerName: string | null;
};
const toInbox = (r: InboxRow): InboxMessage => ({
  ...r,
  customerName: r.customerName || r.customerEmail,
  createdAt: r.createdAt.toISOString(),
  respondedAt: r.respondedAt?.toISOString() ?? null,
});

/** The merchant's inbox, newest first, a page at a time, with the count of each status. */
export async function listInbox(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  q: z.output<typeof customerMessagesQuerySchema>,
): Promise<InboxPage> {
  const { db } = deps;
  const m = await inboxOwner(db, userId, deps.clock.now());
  const filters: SQL[] = [eq(customerMessages.merchantId, m.id)];
  if (q.status !== 'all') filters.push(eq(customerMessages.status, q.status));
  const [rows, statusCounts] = await Promise.all([
    db
      .select(inboxColumns)
      .from(customerMessages)
      .innerJoin(users, eq(users.id, customerMessages.customerId))
      .leftJoin(deals, eq(deals.id, customerMessages.dealId))
      .where(and(...filters))
      .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
      .limit(CUSTOMER_MESSAGES_PAGE_SIZE)
      .offset((q.page - 1) * CUSTOMER_MESSAGES_PAGE_SIZE),
    db
      .select({ status: customerMessages.status, n: count() })
      .from(customerMessages)
      .where(eq(customerMessages.merchantId, m.id))
      .groupBy(customerMessages.status),
  ]);
  const counts = { all: 0, unread: 0, read: 0, responded: 0 };
  for (const c of statusCounts) {
    counts[c.status] = Number(c.n);
    counts.all += Number(c.n);
  }
  return {
    messages: rows.map(toInbox),
    counts,
    page: q.page,
    pageSize: CUSTOMER_MESSAGES_PAGE_SIZE,
    total: q.status === 'all' ? counts.all : counts[q.status],
  };
}

async function inboxMessage(db: Tx, merchantId: string, id: string): Promise<InboxMessage> {
  const [row] = await db
    .select(inboxColumns)
    .from(customerMessages)
    .innerJoin(users, eq(users.id, customerMessages.customerId))
    .leftJoin(deals, eq(deals.id, customerMessages.dealId))
    .where(and(eq(customerMessages.id, id), eq(customerMessages.merchantId, merchantId)));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return toInbox(row);
}

/** Opening a message marks it read (unread → read only; a responded message stays responded). */
export async function openInboxMessage(deps: Pick<Deps, 'db' | 'clock'>, userId: string, id: string): Promise<InboxMessage> {
  const { db } = deps;
  const now = deps.clock.now();
  const m = await inboxOwner(db, userId, now);
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(customerMessages)
      .set({ status: 'read', readAt: now })
      .where(and(eq(customerMessages.id, id), eq(customerMessages.merchantId, m.id), eq(customerMessages.status, 'unread')))
      .returning({ customerId: customerMessages.customerId });
    if (moved) await publishMessageEvent(tx, { type: 'customer_message', merchantUserId: m.userId, customerId: moved.customerId });
  });
  return inboxMessage(db, m.id, id);
}

/** The merchant's response: stored once (a conditional update), e-mailed to the customer after the commit. */
export async function respondToMessage(deps: MessageDeps, userId: string, id: string, response: string): Promise<InboxMessage> {
  const { db } = deps;
  const now = deps.clock.now();
  const m = await inboxOwner(db, userId, now);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customerMessages)
      .set({ response, status: 'responded', respondedAt: now, readAt: sql`coalesce(${customerMessages.readAt}, ${now})` })
      .where(and(eq(customerMessages.id, id), eq(customerMessages.merchantId, m.id), ne(customerMessages.status, 'responded')))
      .returning();
    if (row) await publishMessageEvent(tx, { type: 'customer_message', merchantUserId: m.userId, customerId: row.customerId });
    return row;
  });
  if (!updated) {
    await inboxMessage(db, m.id, id);
    throw new AppError('CONFLICT', M.alreadyResponded);
  }
  const message = await inboxMessage(db, m.id, id);
  await deps.mailer
    .send(
      merchantResponseEmail({
        to: message.customerEmail,
        customerName: message.customerName,
        merchantName: m.businessName,
        subject: message.subject,
        message: message.message,
        response,
        appUrl: deps.config.appUrl,
      }),
    )
    .catch((err: unknown) => deps.log.error({ err }, 'customer message response e-mail failed'));
  return message;
}

/** The customer's own messages with the merchants' replies, newest first. */
export async function listSentMessages(deps: Pick<Deps, 'db'>, customerId: string, page: number): Promise<SentMessagesPage> {
  const { db } = deps;
  const mine = eq(customerMessages.customerId, customerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: customerMessages.id,
        merchantName: merchants.businessName,
        subject: customerMessages.subject,
        message: customerMessages.message,
        response: customerMessages.response,
        status: customerMessages.status,
        dealId: customerMessages.dealId,
        dealTitle: deals.title,
        createdAt: customerMessages.createdAt,
        respondedAt: customerMessages.respondedAt,
      })
      .from(customerMessages)
      .innerJoin(merchants, eq(merchants.id, customerMessages.merchantId))
      .leftJoin(deals, eq(deals.id, customerMessages.dealId))
      .where(mine)
      .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
      .limit(CUSTOMER_MESSAGES_PAGE_SIZE)
      .offset((page - 1) * CUSTOMER_MESSAGES_PAGE_SIZE),
    db.select({ n: count() }).from(customerMessages).where(mine),
  ]);
  return {
    messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), respondedAt: r.respondedAt?.toISOString() ?? null })),
    page,
    pageSize: CUSTOMER_MESSAGES_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}
