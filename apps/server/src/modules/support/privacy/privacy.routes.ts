import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeleteAccountSchema,
  dataExportsSchema,
  dataExportStartedSchema,
  deleteAccountSchema,
  deletionPreviewSchema,
  errorResponses,
  okSchema,
} from '@localperks/shared';
import { AppError } from '../../../lib/errors';
import { endSession } from '../../../plugins/session';
import { assertPassword } from '../../accounts';
import { deleteAccount, deletionPreview } from './account-deletion.service';
import { dataExportFile, listDataExports, requestDataExport, runDataExport } from './data-export.service';

/** Privacy rights (docs/decisions/0054-privacy-rights.md): download my data, delete my account, and the admin's deletion for a verified request. */
export async function privacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get(
    '/api/account/data-exports',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The account’s data exports, newest first, with their progress',
        response: { 200: dataExportsSchema, ...errorResponses },
      },
    },
    async (request) => ({ exports: await listDataExports(app.deps, request.user!.id) }),
  );

  r.post(
    '/api/account/data-exports',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Download my data: builds a ZIP in the background and mails a link valid for 7 days',
        response: { 202: dataExportStartedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await requestDataExport(app.deps, request.user!.id);
      // Built once the answer is sent; the data-exports job builds any a crash left waiting.
      app.afterResponse.run('data export', () => runDataExport(app.deps, id), reply.raw);
      const [created] = (await listDataExports(app.deps, request.user!.id)).filter((e) => e.id === id);
      reply.code(202);
      return { export: created! };
    },
  );

  r.get(
    '/api/account/data-exports/:id/download',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The ZIP of one of the account’s own exports, until it expires',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.string().describe('application/zip'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file, name } = await dataExportFile(app.deps, request.user!.id, request.params.id);
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          // Fastify sends a Buffer as it is, past the serializer; the schema only describes the body.
          .send(file as unknown as string)
      );
    },
  );

  r.get(
    '/api/account/deletion',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Before deleting the account: what blocks it and the unused vouchers it forfeits',
        response: { 200: deletionPreviewSchema, ...errorResponses },
      },
    },
    async (request) => deletionPreview(app.deps, request.user!.id),
  );

  r.post(
    '/api/account/delete',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete my account: needs the password and the typed confirmation; every session ends',
        body: deleteAccountSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.user!;
      if (me.role === 'admin') throw new AppError('FORBIDDEN', 'An admin account is removed by another admin in Settings.');
      await assertPassword(app.deps, me.id, request.body.password);
      await deleteAccount(app.deps, me.id, null);
      await endSession(app.db, reply, request, app.config.isProduction);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/accounts/:id/delete',
    {
      config: { access: 'admin', roles: ['owner', 'support'] },
      schema: {
        tags: ['admin'],
        summary: 'Delete a customer or merchant account for a verified request; recorded in the audit trail',
        params: z.object({ id: z.uuid() }),
        body: adminDeleteAccountSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deleteAccount(app.deps, request.params.id, { adminId: request.user!.id, reason: request.body.reason });
      return { ok: true as const };
    },
  );
}
