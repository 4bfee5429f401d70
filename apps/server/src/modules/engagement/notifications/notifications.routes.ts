import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  notificationPreferencesSchema,
  oneClickBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationPreferencesSchema,
} from '@localperks/shared';
import { applyUnsubscribeLink, notificationSettings, updateNotificationSettings } from './notifications.service';

/** The account's Notifications section and one-click unsubscribe links (docs/decisions/0065-notifications.md). */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get(
    '/api/account/notifications',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Which non-transactional e-mails the customer gets',
        response: { 200: notificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => notificationSettings(app.deps, request.user!.id),
  );

  r.put(
    '/api/account/notifications',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Switch kinds of non-transactional e-mail on or off (receipts, codes and refunds are always sent)',
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => updateNotificationSettings(app.deps, request.user!.id, request.body),
  );

  // Mailbox providers POST the List-Unsubscribe address form-encoded (`List-Unsubscribe=One-Click`, RFC 8058), without
  // cookies or an Origin: the signed token is the only credential, so the route is exempt from the CSRF check (app.ts).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      '/api/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'One-click unsubscribe: the signed token turns its kind of e-mail off, without signing in (RFC 8058)',
          querystring: unsubscribeQuerySchema,
          body: oneClickBodySchema,
          response: { 200: unsubscribeResultSchema, ...errorResponses },
        },
      },
      async (request) => applyUnsubscribeLink(app.deps, request.query.token),
    );
    s.post(
      '/api/unsubscribe/undo',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Turn the kind of an unsubscribe link back on (its page’s Undo)',
          querystring: unsubscribeQuerySchema,
          body: oneClickBodySchema,
          response: { 200: unsubscribeResultSchema, ...errorResponses },
        },
      },
      async (request) => applyUnsubscribeLink(app.deps, request.query.token, true),
    );
  });
}
