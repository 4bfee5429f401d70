import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isLoopbackRequest } from '../../lib/loopback';
import { errorResponses, healthSchema, mailResponseSchema, mailboxPageSchema } from '@localperks/shared';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const database = await pingDatabase(app.db);
      reply.code(database ? 200 : 503);
      return {
        status: database ? ('ok' as const) : ('degraded' as const),
        database: database ? ('up' as const) : ('down' as const),
        databaseKind: app.dbKind,
      };
    },
  );
}

/**
 * The development mailbox: only when mail does not leave the machine and not in production, so a
 * new user can click verification and reset links without an SMTP server. It holds every reset link,
 * so it answers clients on this machine only; to others it does not exist (docs/decisions/0007).
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackRequest(request)) throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dev'];
  r.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Development mailbox: newest mails first',
        querystring: z.object({ to: z.string().optional(), page: z.coerce.number().int().min(1).default(1) }),
        response: { 200: mailboxPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const pageSize = 20;
      const where = request.query.to ? eq(emailOutbox.to, request.query.to.toLowerCase()) : undefined;
      const rows = await app.db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          kind: emailOutbox.kind,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(pageSize + 1)
        .offset((request.query.page - 1) * pageSize);
      return {
        mails: rows.slice(0, pageSize).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        hasMore: rows.length > pageSize,
        page: request.query.page,
      };
    },
  );
  r.get(
    '/api/dev/mailbox/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One mail with its text and HTML parts',
        params: z.object({ id: z.uuid() }),
        response: { 200: mailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [mail] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, request.params.id));
      if (!mail) throw new AppError('NOT_FOUND', 'This mail does not exist.');
      // Inline images (`cid:`) are shown in the mailbox as data URLs, as a mail client would show them.
      const html = (mail.attachments ?? []).reduce(
        (h, a) => h.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.contentBase64}`),
        mail.html,
      );
      return {
        mail: {
          id: mail.id,
          to: mail.to,
          subject: mail.subject,
          kind: mail.kind,
          createdAt: mail.createdAt.toISOString(),
          text: mail.text,
          html,
          attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        },
      };
    },
  );
}
