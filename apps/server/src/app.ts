import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@localperks/shared';
import type { ServerEntry } from '@localperks/shared';
import { mapTilesImageSource, type Config } from './config';
import type { Database, Db } from './db/client';
import { AfterResponse } from './lib/after-response';
import { adjustableClock, systemClock, type Clock, type Deps } from './lib/deps';
import { compressOptions } from './lib/compression';
import { AppError } from './lib/errors';
import { setPasswordHashCost } from './lib/crypto';
import { uploadStorage, type FileStorage } from './lib/storage';
import { isDevelopmentHost, isLoopbackRequest } from './lib/loopback';
import { Metrics } from './lib/metrics';
import { OutageReporter, outageOf } from './ops/outages';
import { asOwnRequest } from './ops/trace-context';
import { requestContext, requestIdMixin } from './lib/request-context';
import { EventStreams } from './lib/sse';
import { createMailer, type Mailer } from './mail/mailer';
import { accessPlugin, type RegisteredRoute } from './plugins/access';
import { responsesPlugin } from './plugins/responses';
import { contractPlugin } from './plugins/contract';
import { inputPlugin } from './plugins/input';
import { devHostPlugin } from './plugins/dev-host';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import {
  authRoutes,
  DEFAULT_AUTH_LIMITS,
  type AuthLimits,
  accountRoutes,
  adminAuthRoutes,
  emailChangeRoutes,
  securityRoutes,
  sessionsRoutes,
} from './modules/accounts';
import { dealsRoutes, businessSearchRoutes, businessesRoutes } from './modules/catalog';
import { perkboostRoutes, favoritesRoutes, followsRoutes, notificationsRoutes, reviewsRoutes } from './modules/engagement';
import { EventHub } from './lib/events';
import { DomainEvents } from './lib/domain-events';
import { supportRoutes, customerMessagesRoutes, adminSupportRoutes, adminCustomersRoutes, privacyRoutes } from './modules/support';
import { checkoutRoutes, giftsRoutes, promoCodesRoutes, purchasesRoutes, registerOrdersSubscribers } from './modules/orders';
import {
  refundsRoutes,
  sandboxRoutes,
  merchantMoneyRoutes,
  payoutAccountRoutes,
  payoutsRoutes,
  deliverSandboxRefundEvents,
} from './modules/money';
import {
  merchantsRoutes,
  merchantDashboardRoutes,
  merchantDealsRoutes,
  registerMerchantPaidCharges,
  registerMerchantSubscribers,
  boostsRoutes,
  merchantAnalyticsRoutes,
  adminBusinessesRoutes,
  merchantStaffRoutes,
  adminMerchantsRoutes,
  adminOverviewRoutes,
  adminRecordsRoutes,
} from './modules/merchant';
import { createPaymentProvider, type PaymentProvider } from './payments';
import {
  devMailboxRoutes,
  systemRoutes,
  messageEventsRoutes,
  adminSettingsRoutes,
  adminNotificationsRoutes,
  consoleTablesRoutes,
} from './modules/platform';
import { seoRoutes } from './ssr/seo';
import { testClockRoutes } from './jobs/test-clock';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { loadServerEntry, webPages } from './ssr/web-pages';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: Database['kind'];
    mailer: Mailer;
    authLimits: AuthLimits;
    registeredRoutes: RegisteredRoute[];
    events: EventHub;
    payments: PaymentProvider;
    /** Signs the sandbox provider's webhooks (docs/product/design.md §5). */
    sandboxSecret: string;
    /** Work started by a route and finished after its response (lib/after-response.ts). */
    afterResponse: AfterResponse;
    /** Open Server-Sent Events streams (lib/sse.ts). */
    eventStreams: EventStreams;
    metrics: Metrics;
    /** Shutting down: /api/ready answers 503 (server.ts). */
    lifecycle: { isDraining: boolean };
    /** First step of a graceful shutdown: not ready any more, event streams ended with a retry hint. */
    startDraining(): void;
    /** Uploaded images: the S3 bucket when configured, else the local disk (lib/storage.ts). */
    storage: FileStorage;
    /** What every service takes (lib/deps.ts). */
    deps: Deps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app (production start); tests of the API leave it off. */
  serveWeb?: boolean;
  /** Folder of the built web app (default: apps/web/dist). */
  webDir?: string;
  /** The web app's server render (default: its build next to webDir, if there is one; null: none). */
  serverEntry?: ServerEntry | null;
  authLimits?: Partial<AuthLimits>;
  /** Where services read the time (default: the system clock); tests pass a fixed or movable one. */
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go (default: stdout); tests and the fuzzer read them from here. */
  logStream?: { write(line: string): void };
}

/** Request ids accepted from a proxy: short and plain, so they cannot forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDistDir = () =>
  [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')].find((d) => fs.existsSync(path.join(d, 'index.html')));

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            mixin: requestIdMixin,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A request id support can look up in the logs: a well-formed one from the proxy in front, else a new UUID.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  // Every answer names its request, so a user reporting a failure can quote it; every log line written
  // while handling it carries the same id (lib/request-context.ts). The context is entered again once
  // the body is read, since reading it continues from the socket's events, outside the request's context.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.run({ reqId: request.id }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => requestContext.run({ reqId: request.id }, done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  if (!config.isProduction) {
    // Before anything else: a development server answers only to its own names, never to a web page
    // that rebound its domain to this machine (DNS rebinding; docs/decisions/0040-safe-at-scale.md).
    const appHost = new URL(config.appUrl).hostname.toLowerCase();
    const names = [...new Set(['localhost', '127.0.0.1', '[::1]', appHost])].join(', ');
    const refusal = `This development server answers only at ${names} (or another 127.x.x.x address). Open it at one of those, or set APP_URL to the address you use.`;
    app.addHook('onRequest', async (request) => {
      if (!isDevelopmentHost(request.headers.host, appHost)) throw new AppError('FORBIDDEN', refusal);
    });
  }
  database.reportErrorsTo(app.log);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  // Browser journeys may move the clock (TEST_CLOCK_CONTROL, refused in production by loadConfig).
  const testClock = config.TEST_CLOCK_CONTROL && !config.isProduction ? adjustableClock(opts.clock ?? systemClock) : null;
  const clock = testClock ?? opts.clock ?? systemClock;
  app.decorate('mailer', createMailer({ db: database.db, clock, log: app.log }, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }));
  app.decorate('authLimits', {
    ...DEFAULT_AUTH_LIMITS,
    signupPerAddress: { ...DEFAULT_AUTH_LIMITS.signupPerAddress, max: config.SIGNUPS_PER_ADDRESS_PER_HOUR },
    passkeyRequestsPerAddress: { ...DEFAULT_AUTH_LIMITS.passkeyRequestsPerAddress, max: config.PASSKEY_REQUESTS_PER_ADDRESS_PER_10_MIN },
    ...opts.authLimits,
  });
  // The sandbox announces its refunds through this app's own webhook route (money/sandbox), once the app is built.
  const payments = createPaymentProvider(config, database.db, {
    announceRefunds: () =>
      deliverSandboxRefundEvents(app.deps).catch((err: unknown) =>
        app.log.error({ err }, 'sandbox refund events not sent; the job retries'),
      ),
  });
  app.decorate('payments', payments.provider);
  app.decorate('sandboxSecret', payments.sandboxSecret);
  const eventStreams = new EventStreams();
  app.decorate('eventStreams', eventStreams);
  const lifecycle = { isDraining: false };
  app.decorate('lifecycle', lifecycle);
  app.decorate('startDraining', () => {
    lifecycle.isDraining = true;
    eventStreams.drain();
  });
  // While the instance drains, every answer closes its connection: the load balancer's keep-alive
  // connections end one by one with a response, none is left idle for the close to cut under a request.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.isDraining) reply.header('connection', 'close');
  });
  const metrics = new Metrics({ database, eventStreams, deliversMail: app.mailer.deliversExternally, clock });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: one series per route, whatever ids the URLs carry.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
  app.decorate('storage', await uploadStorage(config));
  const events = new EventHub();
  await events.start(database);
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  const afterResponse = new AfterResponse(app.log);
  app.decorate('afterResponse', afterResponse);
  app.addHook('onClose', async () => afterResponse.settled());
  app.decorate('deps', {
    db: database.db,
    mailer: app.mailer,
    payments: payments.provider,
    clock,
    log: app.log,
    config,
    events,
    domainEvents: new DomainEvents({ db: database.db, clock, log: app.log }),
    storage: app.storage,
    metrics: app.metrics,
    sandboxSecret: payments.sandboxSecret,
    // With the caller's trace context, as a real HTTP call carries it (docs/decisions/0045-tracing.md).
    loopback: (request) => asOwnRequest(request.headers, (headers) => app.inject({ ...request, headers })),
  } satisfies Deps);

  const outages = new OutageReporter(app.log);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError && error.statusCode >= 500) {
      // Thrown on purpose but still our failure (a payment provider down…): logged with its cause, which
      // pino's error serializer appends to the message and stack.
      request.log.error({ err: error }, `${error.code}: ${error.message}`);
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ error: { code: error.code, message: error.message, requestId: request.id } });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '_');
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.code(400).send({ error: { code: 'VALIDATION', message: first, fields } });
    }
    // A dependency that is down (the database, its disk, the image storage) is not a bug: the client is told
    // to come back (docs/decisions/0046-outages.md), and the outage is logged as one line, not a stack per request.
    const outage = outageOf(error);
    if (outage) {
      outages.refused(outage, { method: request.method, url: request.url, reqId: request.id });
      return reply
        .code(503)
        .header('retry-after', String(outage.retryAfterSeconds))
        .send({ error: { code: 'UNAVAILABLE', message: outage.message, requestId: request.id } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        error: {
          code: status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST',
          message: (error as Error).message,
        },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.', requestId: request.id } });
  });

  await app.register(accessPlugin);
  await app.register(responsesPlugin);
  await app.register(contractPlugin);
  await app.register(inputPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, {
    appUrl: config.appUrl,
    isProduction: config.isProduction,
    // Providers' signed webhooks, and one-click unsubscribe links (a signed token, no cookie; RFC 8058).
    csrfExempt: ['/api/webhooks/', '/api/unsubscribe'],
    // Images served from a CDN (S3_PUBLIC_URL) are loaded from its origin, and map tiles from the tile service's (MAP_TILES_URL).
    imageOrigins: [
      ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
      ...(config.mapTiles ? [mapTilesImageSource(config.mapTiles.url)] : []),
    ],
  });
  // Pages opened under another loopback name than APP_URL's go to APP_URL's first (development only).
  if (config.NODE_ENV === 'development') await app.register(devHostPlugin, { appUrl: config.appUrl });
  await app.register(sessionPlugin);
  // Before every route: @fastify/compress attaches itself to the routes registered after it.
  await app.register(compress, compressOptions);

  await app.register(swagger, {
    openapi: { info: { title: 'LocalPerks API', version: '0.1.0', description: 'REST JSON API of the LocalPerks marketplace.' } },
    transform: jsonSchemaTransform,
  });
  // The document lists every route, admin ones included: in production only when asked for (API_DOCS).
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Billing applies what the merchant's paid extras buy through effects they register (decision 0038); the
  // areas act on each other's domain events through subscribers (decision 0039).
  registerMerchantPaidCharges();
  registerOrdersSubscribers(app.deps);
  registerMerchantSubscribers(app.deps);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(supportRoutes);
  await app.register(privacyRoutes);
  await app.register(accountRoutes);
  await app.register(sessionsRoutes);
  await app.register(emailChangeRoutes);
  await app.register(securityRoutes);
  await app.register(dealsRoutes);
  await app.register(businessSearchRoutes);
  await app.register(perkboostRoutes);
  await app.register(favoritesRoutes);
  await app.register(reviewsRoutes);
  await app.register(notificationsRoutes);
  await app.register(followsRoutes);
  await app.register(checkoutRoutes);
  await app.register(webhooksRoutes);
  await app.register(purchasesRoutes);
  await app.register(giftsRoutes);
  await app.register(promoCodesRoutes);
  await app.register(refundsRoutes);
  await app.register(merchantsRoutes);
  await app.register(merchantDashboardRoutes);
  await app.register(messageEventsRoutes);
  await app.register(merchantDealsRoutes);
  await app.register(boostsRoutes);
  await app.register(merchantAnalyticsRoutes);
  await app.register(merchantMoneyRoutes);
  await app.register(customerMessagesRoutes);
  await app.register(adminMerchantsRoutes);
  await app.register(adminBusinessesRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(consoleTablesRoutes);
  await app.register(merchantStaffRoutes);
  await app.register(payoutsRoutes);
  await app.register(payoutAccountRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(adminRecordsRoutes);
  await app.register(adminSupportRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminNotificationsRoutes);
  await app.register(businessesRoutes);
  await app.register(seoRoutes);
  if (payments.provider.name === 'sandbox') await app.register(sandboxRoutes);
  const hasDevMailbox = !config.SMTP_URL && !config.isProduction;
  if (hasDevMailbox) await app.register(devMailboxRoutes);
  if (testClock) await app.register(testClockRoutes(testClock));

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No API route ${request.method} ${request.url.split('?')[0]}` } });
    }
    if (opts.serveWeb) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  if (opts.serveWeb) {
    const root = opts.webDir ?? webDistDir();
    if (!root) throw new Error('The web app is not built: run `npm run build` first.');
    await app.register(fastifyStatic, {
      root,
      serve: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts); the cache header
      // is set here, as @fastify/static drops sendFile's options when it falls back to the plain file.
      preCompressed: true,
      cacheControl: false,
    });
    let indexHtml: string | undefined;
    const sendWebPage = webPages(app, {
      template: () => (indexHtml ??= fs.readFileSync(path.join(root, 'index.html'), 'utf8')),
      entry: opts.serverEntry === undefined ? await loadServerEntry(root) : opts.serverEntry,
    });
    const webRoute = {
      config: { access: 'public' as const },
      schema: { response: { 200: z.string().describe('A page (HTML) or a file of the built web app'), ...errorResponses } },
    };
    app.get('/*', webRoute, async (request, reply) => {
      if (request.url.startsWith('/api/'))
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No API route GET ${request.url.split('?')[0]}` } });
      // The mailbox page exists only where its API does, for clients on this machine.
      if (/^\/dev(\/|$|\?)/.test(request.url) && !(hasDevMailbox && isLoopbackRequest(request)))
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      const rel = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
      const file = path.join(root, rel);
      if (rel && file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        // Hashed build assets never change; other files (images, icons) may. Which file is sent (.br, .gz
        // or plain) depends on Accept-Encoding, which @fastify/static does not say.
        // The service worker is checked for a new release on every visit (docs/decisions/0067).
        reply.header(
          'cache-control',
          rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : rel === 'sw.js' ? 'no-cache' : 'public, max-age=3600',
        );
        reply.header('vary', 'accept-encoding');
        return reply.sendFile(rel);
      }
      return sendWebPage(request, reply);
    });
  }

  return app;
}
