import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactSchema, feedbackSchema } from '@localperks/shared';
import { consumeRateLimit } from '../../lib/rate-limit';
import { feedback, supportMessages, supportTickets } from '../../db/schema';
import { composeMail } from '../../mail/mailer';

const HOUR = 60 * 60_000;

export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];

  r.post('/api/feedback', { config: { access: 'public' }, schema: { tags, summary: 'Store feedback from the floating button', body: feedbackSchema } }, async (request, reply) => {
    await consumeRateLimit(app.db, `feedback:ip:${request.ip}`, { max: 20, windowMs: HOUR }, 'Too much feedback sent from your network. Please try again later.');
    await app.db.insert(feedback).values({ userId: request.user?.id ?? null, message: request.body.message, page: request.body.page ?? null });
    reply.code(201);
    return { ok: true };
  });

  r.post('/api/support/tickets', { config: { access: 'public' }, schema: { tags, summary: 'Open a support ticket from the contact form', body: contactSchema } }, async (request, reply) => {
    await consumeRateLimit(app.db, `contact:ip:${request.ip}`, { max: 10, windowMs: HOUR }, 'Too many messages sent from your network. Please try again later.');
    const { name, email, subject, message } = request.body;
    const ticket = await app.db.transaction(async (tx) => {
      const [t] = await tx.insert(supportTickets).values({ customerId: request.user?.id ?? null, name, email, subject }).returning();
      await tx.insert(supportMessages).values({ ticketId: t!.id, senderType: 'customer', senderId: request.user?.id ?? null, subject, message });
      return t!;
    });
    await app.mailer.send({
      to: email,
      kind: 'support_ticket_received',
      subject: `We received your message: ${subject}`,
      ...composeMail({ heading: 'Thanks for contacting LocalPerks', paragraphs: [`Hi ${name}, we received your message "${subject}" and will reply within one business day.`, `Your ticket number is ${ticket.id.slice(0, 8).toUpperCase()}.`] }),
    });
    reply.code(201);
    return { ticket: { id: ticket.id, status: ticket.status } };
  });
}
