import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZES, SUPPORT_MESSAGES, type TicketStatus } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { supportMessages, supportTickets, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import { recordAudit, resolveAdminNotifications } from '../../platform';
import { supportReplyEmail } from './admin-support.emails';

type Ticket = typeof supportTickets.$inferSelect;
const ticketOut = (t: Ticket) => ({
  id: t.id,
  customerId: t.customerId,
  name: t.name,
  email: t.email,
  subject: t.subject,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** A ticket's thread, oldest first (read in the caller's transaction or on the database). */
export async function ticketThread(tx: Tx, ticketId: string) {
  const rows = await tx
    .select({
      id: supportMessages.id,
      senderType: supportMessages.senderType,
      senderName: users.name,
      subject: supportMessages.subject,
      message: supportMessages.message,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.senderId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map((m) => ({
    ...m,
    senderName: m.senderType === 'admin' ? 'LocalPerks Support' : m.senderName,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** Customer Support tab: every ticket, newest first, page by page, with its opening message. */
export async function listTickets(deps: Pick<Deps, 'db'>, page: number) {
  const pageSize = ADMIN_PAGE_SIZES.supportTickets;
  const [total] = await deps.db.select({ n: count() }).from(supportTickets);
  const rows = await deps.db
    .select({
      ticket: supportTickets,
      messageCount: sql<number>`(select count(*)::int from support_messages sm where sm.ticket_id = support_tickets.id)`,
      firstMessage: sql<string>`(select sm.message from support_messages sm where sm.ticket_id = support_tickets.id order by sm.created_at asc limit 1)`,
      lastSender: sql<string>`(select sm.sender_type from support_messages sm where sm.ticket_id = support_tickets.id order by sm.created_at desc limit 1)`,
    })
    .from(supportTickets)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    tickets: rows.map((r) => ({
      ...ticketOut(r.ticket),
      messageCount: r.messageCount,
      firstMessage: r.firstMessage ?? '',
      awaitingReply: r.lastSender === 'customer',
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

export async function getTicket(deps: Pick<Deps, 'db'>, ticketId: string) {
  const [t] = await deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  if (!t) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
  return { ticket: ticketOut(t), messages: await ticketThread(deps.db, ticketId) };
}

/** The status selector: any of the four, freely (docs/product/merchant-admin-spec.md §4), with an audit entry. */
export async function setTicketStatus(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, ticketId: string, status: TicketStatus) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
    const [t] = await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, ticketId)).returning();
    // Resolved or closed: nothing about it waits for an admin.
    if (status === 'resolved' || status === 'closed')
      await resolveAdminNotifications(tx, { entityType: 'support_ticket', entityId: ticketId }, now);
    await recordAudit(tx, {
      adminId,
      action: 'ticket.status_changed',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { subject: before.subject, email: before.email, from: before.status, to: status },
    });
    await publishMessageEvent(tx, { type: 'support_ticket', ticketId, customerId: t!.customerId });
    return { ticket: ticketOut(t!) };
  });
}

/** Reply to Customer: stored in the thread, e-mailed to the customer; the status stays as it is. */
export async function replyToTicket(
  deps: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>,
  adminId: string,
  ticketId: string,
  input: { subject: string; message: string },
) {
  const now = deps.clock.now();
  const mailId = await deps.db.transaction(async (tx) => {
    const [t] = await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, ticketId)).returning();
    if (!t) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
    await tx
      .insert(supportMessages)
      .values({ ticketId, senderType: 'admin', senderId: adminId, subject: input.subject, message: input.message });
    // Answered: the customer's messages so far wait for no admin.
    await resolveAdminNotifications(tx, { entityType: 'support_ticket', entityId: ticketId }, now);
    await publishMessageEvent(tx, { type: 'support_ticket', ticketId, customerId: t.customerId });
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, t.email.toLowerCase())));
    return deps.mailer.queue(
      tx,
      supportReplyEmail(
        t.email,
        {
          name: t.name,
          subject: input.subject,
          message: input.message,
          ticketSubject: t.subject,
          hasAccount: Boolean(t.customerId || account),
        },
        deps.config.appUrl,
      ),
    );
  });
  await deliverQueuedMail(deps, mailId, 'support reply');
  return getTicket(deps, ticketId);
}
