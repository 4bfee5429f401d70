import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { SUPPORT_MESSAGES, excerpt } from '@localperks/shared';
import { feedback, supportMessages, supportTickets } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import { composeMail } from '../../../mail/mailer';
import type { RequestUser } from '../../../plugins/session';
import { ticketThread } from '../admin-support/admin-support.service';
import { notifyAdmins } from '../../platform';
import type { Tx } from '../../../db/client';

export const MY_TICKETS_PAGE_SIZE = 10;

/** A customer wrote (a new ticket, or a follow-up on one): it waits for an admin, whose bell says so. */
async function notifyTicket(tx: Tx, ticket: { id: string; name: string; subject: string }, message: string, isFollowUp = false) {
  await notifyAdmins(tx, {
    type: isFollowUp ? 'support_reply' : 'support_ticket',
    title: isFollowUp ? 'Customer replied to a support ticket' : 'New support ticket',
    message: `${ticket.name}: “${ticket.subject}”. ${excerpt(message, 200)}`,
    entityType: 'support_ticket',
    entityId: ticket.id,
  });
}

/**
 * The tickets a signed-in user may see: those opened while signed in, and those sent from the
 * contact form with their own, verified e-mail address.
 */
const visibleTo = (user: RequestUser) =>
  user.emailVerified
    ? or(eq(supportTickets.customerId, user.id), sql`lower(${supportTickets.email}) = ${user.email.toLowerCase()}`)!
    : eq(supportTickets.customerId, user.id);

const out = (t: typeof supportTickets.$inferSelect) => ({
  id: t.id,
  subject: t.subject,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** Feedback from the floating button, stored as it came. */
export async function storeFeedback(deps: Pick<Deps, 'db'>, userId: string | null, input: { message: string; page?: string | null }) {
  await deps.db.insert(feedback).values({ userId, message: input.message, page: input.page ?? null });
}

/** A ticket opened from the contact form (signed in or not); the sender gets a receipt by e-mail. */
export async function openContactTicket(
  deps: Pick<Deps, 'db' | 'mailer'>,
  userId: string | null,
  input: { name: string; email: string; subject: string; message: string },
) {
  const { name, email, subject, message } = input;
  const ticket = await deps.db.transaction(async (tx) => {
    const [t] = await tx.insert(supportTickets).values({ customerId: userId, name, email, subject }).returning();
    await tx.insert(supportMessages).values({ ticketId: t!.id, senderType: 'customer', senderId: userId, subject, message });
    await publishMessageEvent(tx, { type: 'support_ticket', ticketId: t!.id, customerId: t!.customerId });
    await notifyTicket(tx, t!, message);
    return t!;
  });
  await deps.mailer.send({
    to: email,
    kind: 'support_ticket_received',
    subject: `We received your message: ${subject}`,
    ...composeMail({
      heading: 'Thanks for contacting LocalPerks',
      paragraphs: [
        `Hi ${name}, we received your message "${subject}" and will reply within one business day.`,
        `Your ticket number is ${ticket.id.slice(0, 8).toUpperCase()}.`,
      ],
    }),
  });
  return { ticket: { id: ticket.id, status: ticket.status } };
}

export async function listMyTickets(deps: Pick<Deps, 'db'>, user: RequestUser, page: number) {
  const where = visibleTo(user);
  const [total] = await deps.db.select({ n: count() }).from(supportTickets).where(where);
  const rows = await deps.db
    .select({
      ticket: supportTickets,
      messageCount: sql<number>`(select count(*)::int from support_messages sm where sm.ticket_id = support_tickets.id)`,
      hasReply: sql<boolean>`exists (select 1 from support_messages sm where sm.ticket_id = support_tickets.id and sm.sender_type = 'admin')`,
    })
    .from(supportTickets)
    .where(where)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(MY_TICKETS_PAGE_SIZE)
    .offset((page - 1) * MY_TICKETS_PAGE_SIZE);
  return {
    tickets: rows.map((r) => ({ ...out(r.ticket), messageCount: r.messageCount, hasReply: r.hasReply })),
    total: total?.n ?? 0,
    page,
    pageSize: MY_TICKETS_PAGE_SIZE,
  };
}

export async function getMyTicket(deps: Pick<Deps, 'db'>, user: RequestUser, ticketId: string) {
  const [t] = await deps.db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), visibleTo(user)));
  // Someone else's ticket answers like a missing one.
  if (!t) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
  return { ticket: out(t), messages: await ticketThread(deps.db, ticketId) };
}

/** A ticket opened from the account page. */
export async function openMyTicket(deps: Pick<Deps, 'db'>, user: RequestUser, input: { subject: string; message: string }) {
  const id = await deps.db.transaction(async (tx) => {
    const [t] = await tx
      .insert(supportTickets)
      .values({ customerId: user.id, name: user.name, email: user.email, subject: input.subject })
      .returning();
    await tx
      .insert(supportMessages)
      .values({ ticketId: t!.id, senderType: 'customer', senderId: user.id, subject: input.subject, message: input.message });
    await publishMessageEvent(tx, { type: 'support_ticket', ticketId: t!.id, customerId: user.id });
    await notifyTicket(tx, t!, input.message);
    return t!.id;
  });
  return getMyTicket(deps, user, id);
}

/** The customer's follow-up; a ticket pending on the customer, resolved or closed opens again. */
export async function addMyMessage(deps: Pick<Deps, 'db' | 'clock'>, user: RequestUser, ticketId: string, message: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, ticketId), visibleTo(user)));
    if (!t) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
    const reopen = t.status === 'pending_customer' || t.status === 'resolved' || t.status === 'closed';
    await tx
      .update(supportTickets)
      .set({ updatedAt: now, ...(reopen ? { status: 'open' as const } : {}) })
      .where(eq(supportTickets.id, ticketId));
    await tx.insert(supportMessages).values({ ticketId, senderType: 'customer', senderId: user.id, subject: `Re: ${t.subject}`, message });
    await publishMessageEvent(tx, { type: 'support_ticket', ticketId, customerId: t.customerId ?? user.id });
    await notifyTicket(tx, t, message, true);
  });
  return getMyTicket(deps, user, ticketId);
}
