import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { pendingMigrations } from '../../../db/client';
import { emailOutbox } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { isLoopbackRequest } from '../../../lib/loopback';
import {
  apiErrorSchema,
  errorResponses,
  healthSchema,
  mailResponseSchema,
  mailboxPageSchema,
  mailboxQuerySchema,
  readySchema,
} from '@localperks/shared';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no database call; see /api/ready)',
        response: { 200: healthSchema, ...errorResponses },
      },
    },
    async () => ({ status: 'ok' as const, databaseKind: app.dbKind }),
  );

  /** Why this instance cannot take requests (shutting down, database unreachable, migrations pending), or null. */
  const notReadyReason = async (): Promise<string | null> => {
    if (app.lifecycle.isDraining) return 'This instance is shutting down.';
    let pending: string[];
    try {
      pending = await pendingMigrations(app.db);
    } catch {
      return 'The database is unreachable.';
    }
    return pending.length ? `Database migrations not applied: ${pending.join(', ')}` : null;
  };

  r.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database is reachable, every migration is applied and the instance is not shutting down',
        response: { 200: readySchema, 503: apiErrorSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      // Answered without the error handler: a probe failing every few seconds is not an error to log.
      const reason = await notReadyReason();
      if (reason) return reply.code(503).send({ error: { code: 'UNAVAILABLE', message: reason } });
      return { status: 'ready' as const, databaseKind: app.dbKind };
    },
  );
  // The same answer as a gauge (localperks_ready), for the ready=false alert (deploy/prometheus/alerts.yml).
  app.metrics.setReadinessSource(async () => (await notReadyReason()) === null);

  /** Prometheus metrics of this instance, for scraping on a private address (docs/decisions/0011-operations.md). */
  app.get(
    '/metrics',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN)',
        response: { 200: z.string().describe('Prometheus text exposition format'), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const body = await app.metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
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
        querystring: mailboxQuerySchema,
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
