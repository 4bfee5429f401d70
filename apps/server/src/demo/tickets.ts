import { and, eq, gt, inArray } from 'drizzle-orm';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  contactSchema,
  newTicketSchema,
  supportReplySchema,
  ticketMessageSchema,
  ticketNoteSchema,
  type TicketStatus,
} from '@localperks/shared';
import type { Db } from '../db/client';
import { notifications, supportMessages, supportTicketNotes, supportTickets, users } from '../db/schema';
import type { RequestUser } from '../plugins/session';
import {
  addMyMessage,
  addTicketNote,
  assignTicket,
  openContactTicket,
  openMyTicket,
  replyToTicket,
  setTicketStatus,
} from '../modules/support';
import { seedDeps } from './seed-deps';

/** What happens to a demo ticket, in order, each step `after` this long after the ticket was opened. */
type Step = { after: number } & (
  { assign: 'support' } | { status: TicketStatus } | { reply: string } | { followUp: string } | { note: string }
);

interface SeedTicket {
  /** The demo customer from their account page, or a visitor from the contact form. */
  from: 'customer' | { name: string; email: string };
  openedAgo: number;
  subject: string;
  message: string;
  steps: Step[];
}

/**
 * The demo's support desk: tickets in each state a support admin works (open, waiting on the customer, in progress,
 * resolved), two of them the demo customer's own with a reply thread, two from the contact form by visitors.
 */
const SEED_TICKETS: SeedTicket[] = [
  {
    from: 'customer',
    openedAgo: 9 * DAY_MS,
    subject: 'Changing the e-mail address on my account',
    message: 'Hi, I have a new work e-mail address. Can I move my LocalPerks account and my vouchers to it?',
    steps: [
      { after: 2 * HOUR_MS, assign: 'support' },
      {
        after: 2 * HOUR_MS + 5 * MINUTE_MS,
        reply:
          'Hi Casey, yes: on your Account page choose “Change email” and enter the new address. We send a link to confirm it, and your vouchers stay with your account.',
      },
      { after: 20 * HOUR_MS, followUp: 'That worked, thank you!' },
      { after: 21 * HOUR_MS, status: 'resolved' },
    ],
  },
  {
    from: 'customer',
    openedAgo: 3 * DAY_MS,
    subject: 'Can I give a voucher as a gift?',
    message:
      'I would like to buy the brunch for two for my parents’ anniversary. Can the voucher be in their name, and can they use it without me?',
    steps: [
      { after: HOUR_MS, assign: 'support' },
      { after: HOUR_MS + MINUTE_MS, status: 'in_progress' },
      {
        after: 3 * HOUR_MS,
        reply:
          'Hi Casey, at checkout tick “This is a gift” on the line: your parents get the voucher by e-mail with your message, and they redeem it themselves. You can also choose the day it is delivered.',
      },
      {
        after: 3 * HOUR_MS + 10 * MINUTE_MS,
        note: 'Pointed Casey to the gift option at checkout. If the delivery date has to change after payment, ask finance.',
      },
      { after: 26 * HOUR_MS, followUp: 'Thanks! Can I still change the delivery day after I have paid?' },
    ],
  },
  {
    from: { name: 'Dana Whitfield', email: 'dana.whitfield@example.com' },
    openedAgo: 2 * DAY_MS,
    subject: 'Voucher e-mail never arrived',
    message: 'I bought a massage voucher yesterday and was charged, but I never got the e-mail with the voucher code.',
    steps: [
      { after: 2 * HOUR_MS, assign: 'support' },
      {
        after: 2 * HOUR_MS + 15 * MINUTE_MS,
        reply:
          'Hi Dana, sorry about that. Could you send us the e-mail address you used at checkout and the last four digits of the card? Then we can find the order and send the voucher again.',
      },
      { after: 2 * HOUR_MS + 16 * MINUTE_MS, status: 'pending_customer' },
    ],
  },
  {
    from: { name: 'Jamie Rivera', email: 'jamie.rivera@example.com' },
    openedAgo: 5 * HOUR_MS,
    subject: 'Listing my bakery on LocalPerks',
    message:
      'Hello! I run a small bakery in Pilsen and would like to offer deals on LocalPerks. Which plan would you recommend for a business with one shop?',
    steps: [],
  },
];

/** Seeds the demo's support tickets through the support services, each step at its own time in the past. */
export async function seedSupportTickets(tx: Db, now: Date) {
  const people = await tx
    .select()
    .from(users)
    .where(inArray(users.email, ['customer@localperks.example', 'admin@localperks.example', 'support@localperks.example']));
  const byEmail = (email: string) => people.find((p) => p.email === email)!;
  const customer = byEmail('customer@localperks.example');
  const admin = byEmail('admin@localperks.example');
  const support = byEmail('support@localperks.example');
  const asCustomer: RequestUser = {
    id: customer.id,
    email: customer.email,
    name: customer.name ?? customer.email,
    role: 'customer',
    emailVerified: true,
    createdAt: customer.createdAt.toISOString(),
    sessionId: 'demo-seed',
    secondFactorPassed: false,
    adminRole: null,
    merchantRole: null,
    merchantOwnerId: null,
  };

  for (const t of SEED_TICKETS) {
    const opened = new Date(now.getTime() - t.openedAgo);
    const deps = (at: Date) => seedDeps(tx, at);
    let ticketId: string;
    if (t.from === 'customer') {
      const input = newTicketSchema.parse({ subject: t.subject, message: t.message });
      ticketId = (await openMyTicket(deps(opened), asCustomer, input)).ticket.id;
    } else {
      const input = contactSchema.parse({ ...t.from, subject: t.subject, message: t.message });
      ticketId = (await openContactTicket(deps(opened), null, input)).ticket.id;
    }
    await tx.update(supportTickets).set({ createdAt: opened, updatedAt: opened }).where(eq(supportTickets.id, ticketId));
    await stamp(tx, ticketId, opened);
    for (const step of t.steps) {
      const at = new Date(opened.getTime() + step.after);
      const d = deps(at);
      if ('assign' in step) await assignTicket(d, admin.id, ticketId, support.id);
      else if ('status' in step) await setTicketStatus(d, support.id, ticketId, step.status);
      else if ('reply' in step)
        await replyToTicket(d, support.id, ticketId, supportReplySchema.parse({ subject: `Re: ${t.subject}`, message: step.reply }));
      else if ('followUp' in step)
        await addMyMessage(d, asCustomer, ticketId, ticketMessageSchema.parse({ message: step.followUp }).message);
      else await addTicketNote(d, support.id, ticketId, ticketNoteSchema.parse({ note: step.note }).note);
      await stamp(tx, ticketId, at);
    }
  }
}

/**
 * The services date a ticket's messages, notes and admin notifications by the database's clock (today): what the
 * step just wrote is dated at the step's own time. Steps run oldest first, so only the new rows are later than it.
 */
async function stamp(tx: Db, ticketId: string, at: Date) {
  await tx
    .update(supportMessages)
    .set({ createdAt: at })
    .where(and(eq(supportMessages.ticketId, ticketId), gt(supportMessages.createdAt, at)));
  await tx
    .update(supportTicketNotes)
    .set({ createdAt: at })
    .where(and(eq(supportTicketNotes.ticketId, ticketId), gt(supportTicketNotes.createdAt, at)));
  await tx
    .update(notifications)
    .set({ createdAt: at })
    .where(and(eq(notifications.entityType, 'support_ticket'), eq(notifications.entityId, ticketId), gt(notifications.createdAt, at)));
}
