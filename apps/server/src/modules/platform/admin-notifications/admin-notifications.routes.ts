import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNotificationsPageSchema,
  adminNotificationsQuerySchema,
  errorResponses,
  notificationsMarkedSchema,
  unreadCountSchema,
} from '@localperks/shared';
import { adminUnreadCount, listAdminNotifications, markAllNotificationsRead, markNotificationRead } from './admin-notifications.service';

/** The admin dashboard's notifications (the bell): each admin sees and marks only their own. */
export async function adminNotificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'admin' as const, roles: ['owner', 'support', 'finance'] as const };

  r.get(
    '/api/admin/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'The signed-in admin’s notifications, newest first, paginated, each with the dashboard link of its item',
        querystring: adminNotificationsQuerySchema,
        response: { 200: adminNotificationsPageSchema, ...errorResponses },
      },
    },
    async (request) => listAdminNotifications(app.deps, request.user!.id, request.query.page),
  );

  r.get(
    '/api/admin/notifications/unread-count',
    {
      config,
      schema: {
        tags,
        summary: 'How many of the admin’s notifications are unread',
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => adminUnreadCount(app.deps, request.user!.id),
  );

  r.post(
    '/api/admin/notifications/read-all',
    {
      config,
      schema: {
        tags,
        summary: 'Mark all of the admin’s notifications read (idempotent)',
        response: { 200: notificationsMarkedSchema, ...errorResponses },
      },
    },
    async (request) => markAllNotificationsRead(app.deps, request.user!.id),
  );

  r.post(
    '/api/admin/notifications/:id/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of the admin’s own notifications read (idempotent; another user’s is 404)',
        params: z.object({ id: z.uuid({ error: 'Not a valid id' }) }),
        response: { 200: notificationsMarkedSchema, ...errorResponses },
      },
    },
    async (request) => markNotificationRead(app.deps, request.user!.id, request.params.id),
  );
}
