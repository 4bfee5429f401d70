import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_PAGE_SIZES, SUPPORT_MESSAGES, displayName, type AdminTicketsQuery, type TicketStatus } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { supportMessages, supportTicketNotes, supportTickets, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import { recordAudit, resolveAdminNotifications } from '../../platform';
import { supportReplyEmail } from './admin-support.emails';

type Ticket = typeof supportTickets.$inferSelect;
type Assignee = { id: string; name: string | null; email: string } | null;
const assigneeOut = (a: Assignee) => (a ? { id: a.id, name: displayName(a.name, a.email) } : null);
const ticketOut = (t: Ticket, assignee: Assignee) => ({
  id: t.id,
  customerId: t.customerId,
  name: t.name,
  email: t.email,
  subject: t.subject,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  assignee: assigneeOut(assignee),
});
/** The admin a ticket is assigned to, joined as `assignee`. */
const assignees = alias(users, 'assignee');
const assigneeColumns = { id: assignees.id, name: assignees.name, email: assignees.email };

/** Admins who work tickets: active owners and support (docs/decisions/0062-roles-and-staff.md). */
const worksTickets = and(eq(users.role, 'admin'), inArray(users.adminRole, ['owner', 'support']), isNull(users.deactivatedAt));

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

/**
 * Customer Support tab: the tickets, newest first, page by page, with their opening message and assignee;
 * everyone's, the caller's own or the unassigned ones, of one status or all.
 */
export async function listTickets(deps: Pick<Deps, 'db'>, viewerId: string, query: AdminTicketsQuery) {
  const pageSize = ADMIN_PAGE_SIZES.supportTickets;
  const where = and(
    query.assigned === 'me'
      ? eq(supportTickets.assignedTo, viewerId)
      : query.assigned === 'unassigned'
        ? isNull(supportTickets.assignedTo)
        : undefined,
    query.status === 'all' ? undefined : eq(supportTickets.status, query.status),
  );
  const [total] = await deps.db.select({ n: count() }).from(supportTickets).where(where);
  const rows = await deps.db
    .select({
      ticket: supportTickets,
      assignee: assigneeColumns,
      messageCount: sql<number>`(select count(*)::int from support_messages sm where sm.ticket_id = support_tickets.id)`,
      firstMessage: sql<string>`(select sm.message from support_messages sm where sm.ticket_id = support_tickets.id order by sm.created_at asc limit 1)`,
      lastSender: sql<string>`(select sm.sender_type from support_messages sm where sm.ticket_id = support_tickets.id order by sm.created_at desc limit 1)`,
    })
    .from(supportTickets)
    .leftJoin(assignees, eq(assignees.id, supportTickets.assignedTo))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  return {
    tickets: rows.map((r) => ({
      ...ticketOut(r.ticket, r.assignee),
      messageCount: r.messageCount,
      firstMessage: r.firstMessage ?? '',
      awaitingReply: r.lastSender === 'customer',
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize,
  };
}

/** A ticket as the admins see it: its assignee, and (getTicket) its thread and internal notes. */
async function ticketRow(db: Tx, ticketId: string) {
  const [row] = await db
    .select({ ticket: supportTickets, assignee: assigneeColumns })
    .from(supportTickets)
    .leftJoin(assignees, eq(assignees.id, supportTickets.assignedTo))
    .where(eq(supportTickets.id, ticketId));
  if (!row) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
  return ticketOut(row.ticket, row.assignee);
}

/** A ticket's internal notes, oldest first: read only here, by admins (never by the customer's thread). */
async function ticketNotes(db: Tx, ticketId: string) {
  const rows = await db
    .select({
      id: supportTicketNotes.id,
      note: supportTicketNotes.note,
      createdAt: supportTicketNotes.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(supportTicketNotes)
    .leftJoin(users, eq(users.id, supportTicketNotes.authorId))
    .where(eq(supportTicketNotes.ticketId, ticketId))
    .orderBy(asc(supportTicketNotes.createdAt), asc(supportTicketNotes.id));
  return rows.map((n) => ({
    id: n.id,
    authorName: n.email ? displayName(n.name, n.email) : null,
    note: n.note,
    createdAt: n.createdAt.toISOString(),
  }));
}

export async function getTicket(deps: Pick<Deps, 'db'>, ticketId: string) {
  const ticket = await ticketRow(deps.db, ticketId);
  return { ticket, messages: await ticketThread(deps.db, ticketId), notes: await ticketNotes(deps.db, ticketId) };
}

/** Who a ticket can be assigned to: the active owners and support admins, by name. */
export async function listAssignees(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(worksTickets)
    .orderBy(users.name, users.email);
  return { admins: rows.map((a) => assigneeOut(a)!) };
}

/**
 * Assigns a ticket to an admin who works tickets, or to nobody; audited as ticket.assigned. The assignee is
 * checked in the same transaction, so a ticket is never left with an admin who cannot open it.
 */
export async function assignTicket(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, ticketId: string, assigneeId: string | null) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
    let assignee: Assignee = null;
    if (assigneeId) {
      [assignee = null] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, assigneeId), worksTickets))
        .for('share');
      if (!assignee) throw new AppError('VALIDATION', SUPPORT_MESSAGES.assigneeInvalid, { adminId: SUPPORT_MESSAGES.assigneeInvalid });
    }
    await tx.update(supportTickets).set({ assignedTo: assigneeId, updatedAt: now }).where(eq(supportTickets.id, ticketId));
    await recordAudit(tx, {
      adminId,
      action: 'ticket.assigned',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { subject: before.subject, email: before.email, to: assignee ? displayName(assignee.name, assignee.email) : null },
    });
    return { ticket: await ticketRow(tx, ticketId) };
  });
}

/** Adds an internal note: admins only, never mailed, never in the customer's thread; audited as ticket.note_added. */
export async function addTicketNote(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, ticketId: string, note: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [t] = await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, ticketId)).returning();
    if (!t) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
    await tx.insert(supportTicketNotes).values({ ticketId, authorId: adminId, note, createdAt: now });
    await recordAudit(tx, {
      adminId,
      action: 'ticket.note_added',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { subject: t.subject, email: t.email },
    });
  });
  return getTicket(deps, ticketId);
}

/** The status selector: any of the four, freely (docs/product/merchant-admin-spec.md §4), with an audit entry. */
export async function setTicketStatus(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, ticketId: string, status: TicketStatus) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.ticketNotFound);
    const [t] = await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, ticketId)).returning();
    // Pending on the customer, resolved or closed: nothing about it waits for an admin.
    if (status === 'pending_customer' || status === 'resolved' || status === 'closed')
      await resolveAdminNotifications(tx, { entityType: 'support_ticket', entityId: ticketId }, now);
    await recordAudit(tx, {
      adminId,
      action: 'ticket.status_changed',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { subject: before.subject, email: before.email, from: before.status, to: status },
    });
    await publishMessageEvent(tx, { type: 'support_ticket', ticketId, customerId: t!.customerId });
    return { ticket: await ticketRow(tx, ticketId) };
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
