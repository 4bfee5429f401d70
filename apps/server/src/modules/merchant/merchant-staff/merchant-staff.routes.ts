import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptStaffInviteSchema,
  errorResponses,
  inviteStaffSchema,
  signedInResponseSchema,
  okSchema,
  staffInvitePreviewSchema,
  staffInviteTokenSchema,
  staffListSchema,
  staffMemberResultSchema,
  staffRoleSchema,
} from '@localperks/shared';
import { endSession, publicAccount, startSession } from '../../../plugins/session';
import { acceptInvitation, changeStaffRole, inviteStaff, listStaff, previewInvitation, removeStaff } from './merchant-staff.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** A business's staff (docs/decisions/0062-roles-and-staff.md): the owner's Staff tab, and the invitation link. */
export async function merchantStaffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchant-staff'];
  // Staff are the owner's to manage: managers run everything else.
  const config = { access: 'merchant' as const, roles: ['owner'] as const };

  r.get(
    '/api/merchant/staff',
    {
      config,
      schema: { tags, summary: 'The business’s staff and open invitations', response: { 200: staffListSchema, ...errorResponses } },
    },
    async (request) => listStaff(app.deps, request.user!.id),
  );

  r.post(
    '/api/merchant/staff',
    {
      config,
      schema: {
        tags,
        summary: 'Invite an address to the staff as redeemer or manager: a one-time link is e-mailed (audited as staff.invited)',
        body: inviteStaffSchema,
        response: { 201: staffMemberResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await inviteStaff({ ...app.deps, log: request.log }, request.user!, request.body);
      reply.code(201);
      return result;
    },
  );

  r.patch(
    '/api/merchant/staff/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a staff member’s role (it applies to their next request)',
        params: idParams,
        body: staffRoleSchema,
        response: { 200: staffMemberResultSchema, ...errorResponses },
      },
    },
    async (request) => changeStaffRole(app.deps, request.user!.id, request.params.id, request.body.role),
  );

  r.delete(
    '/api/merchant/staff/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a staff member, or withdraw an invitation: their sessions end at once (audited as staff.removed)',
        params: idParams,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => removeStaff(app.deps, request.user!.id, request.params.id),
  );

  r.post(
    '/api/staff-invites/preview',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What an invitation link is for: the business, the address and the role',
        body: staffInviteTokenSchema,
        response: { 200: staffInvitePreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewInvitation(app.deps, request.body.token),
  );

  r.post(
    '/api/staff-invites/accept',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Accept an invitation: the staff member’s own account joins the business, and is signed in',
        body: acceptStaffInviteSchema,
        response: { 200: signedInResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = await acceptInvitation(app.deps, request.body);
      const secure = app.config.isProduction;
      if (request.user) await endSession(app.db, reply, request, secure);
      await startSession(app.db, reply, request, userId, secure);
      return { user: await publicAccount(app.db, userId) };
    },
  );
}
