import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consumeRateLimit } from '../../../lib/rate-limit';
import {
  errorResponses,
  launchChecklistSchema,
  merchantProfileSavedSchema,
  merchantProfileSchema,
  merchantThreadMessageSchema,
  merchantThreadSchema,
  paymentPageSchema,
  planSwitchedSchema,
  registrationMessageSchema,
  secondFactorReminderSchema,
  subscriptionStatusSchema,
  switchPlanSchema,
} from '@localperks/shared';
import {
  launchChecklist,
  merchantThread,
  secondFactorReminder,
  sendMerchantMessage,
  startSubscriptionCheckout,
  subscriptionStatus,
  switchPlan,
  updateProfile,
} from './merchant-dashboard.service';

/** The merchant dashboard (docs/product/merchant-admin-spec.md §2, §4, §5, §7): profile, plan, subscription, admin thread, launch checklist. */
export async function merchantDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchant dashboard'];
  const deps = (log: FastifyBaseLogger) => ({ ...app.deps, log });

  r.put(
    '/api/merchant/profile',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Edit the business profile (merchant row and newest registration request); phone numbers are removed from the description',
        body: merchantProfileSchema,
        response: { 200: merchantProfileSavedSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateProfile(deps(request.log), request.user!.merchantOwnerId!, request.body, {
        mayChangePlan: request.user!.merchantRole === 'owner',
        role: request.user!.merchantRole!,
      }),
  );

  r.post(
    '/api/merchant/plan',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Switch plans (409 Already on this plan); advertise_messaging needs its subscription paid',
        body: switchPlanSchema,
        response: { 200: planSwitchedSchema, ...errorResponses },
      },
    },
    async (request) => switchPlan(deps(request.log), request.user!.merchantOwnerId!, request.body.plan),
  );

  r.post(
    '/api/merchant/subscription/checkout',
    {
      config: { access: 'approved-merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Open the payment provider’s card page for the $15/month messaging subscription',
        response: { 200: paymentPageSchema, ...errorResponses },
      },
    },
    async (request) => startSubscriptionCheckout(deps(request.log), request.user!),
  );

  r.post(
    '/api/merchant/subscription/check',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'check-subscription: whether the provider has confirmed the subscription',
        response: { 200: subscriptionStatusSchema, ...errorResponses },
      },
    },
    async (request) => subscriptionStatus(app.deps, request.user!.merchantOwnerId!),
  );

  r.get(
    '/api/merchant/registration/messages',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The thread with the admins about the newest registration, oldest first (admin messages become read)',
        response: { 200: merchantThreadSchema, ...errorResponses },
      },
    },
    async (request) => merchantThread(app.deps, request.user!.merchantOwnerId!),
  );

  r.post(
    '/api/merchant/registration/messages',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'Write to the admins about the newest registration (trimmed, never blank)',
        body: registrationMessageSchema,
        response: { 201: merchantThreadMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      // A thread with the admins, not a chat room: a flood is refused before anything is written.
      await consumeRateLimit(
        app.db,
        `merchant-admin-message:${request.user!.id}`,
        { max: 30, windowMs: 60 * 60_000 },
        'Too many messages sent. Please wait a while before writing again.',
        app.deps.clock.now(),
      );
      return sendMerchantMessage(app.deps, request.user!.merchantOwnerId!, request.body.message);
    },
  );

  r.get(
    '/api/merchant/launch-checklist',
    {
      config: { access: 'merchant', roles: ['owner', 'manager'] },
      schema: {
        tags,
        summary: 'The Launch Checklist, computed from the merchant’s rows',
        response: { 200: launchChecklistSchema, ...errorResponses },
      },
    },
    async (request) => launchChecklist(app.deps, request.user!.merchantOwnerId!),
  );

  r.get(
    '/api/merchant/second-factor-reminder',
    {
      // The business's money is the owner's (staff hold no balance of their own).
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary:
          'Whether to remind the owner to add a passkey or authenticator app: the business holds a balance and the account has neither',
        response: { 200: secondFactorReminderSchema, ...errorResponses },
      },
    },
    async (request) => secondFactorReminder(app.deps, request.user!.id),
  );
}
