import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseQuerySchema,
  browseResultSchema,
  dealFacetsSchema,
  searchSuggestionsSchema,
  suggestQuerySchema,
  dealResponseSchema,
  errorResponses,
  homeDataSchema,
  merchantLeadSchema,
  okSchema,
  formatPrice,
  planById,
  paths,
} from '@localperks/shared';
import { EncodedBody, sendEncoded } from '../../../lib/compression';
import { MicroCache } from '../../../lib/micro-cache';
import { merchantLeads } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit } from '../../../lib/rate-limit';
import { composeMail } from '../../../mail/mailer';
import { getDeal } from './deals.service';
import { listDeals } from './browse.service';
import { dealFacets } from '../search/facets.service';
import { searchSuggestions } from '../search/suggest.service';
import { homePageData } from './home.service';
import { countDealVisit, isCountedVisitor } from './deal-visits';

const LEAD_MAILS = {
  free: {
    subject: 'Your free LocalPerks listing',
    text: 'Thanks for your interest in a free Advertise Only listing. Register your business to appear in search results at no cost.',
  },
  premium: {
    subject: 'LocalPerks Advertise + Messaging',
    text: `Thanks for your interest in Advertise + Messaging (${formatPrice(planById('advertise_messaging').priceCentsPerMonth)}/month). Register your business to get an enhanced profile and message your customers.`,
  },
  close: {
    subject: 'Closing your LocalPerks merchant account',
    text: 'We received your request to close your merchant account. Our team will confirm within two business days; reply to this email if you change your mind.',
  },
} as const;

export async function dealsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deals'];
  // The caches keep the serialised JSON and its compressed forms, so a cached answer costs no
  // serialisation and no compression either. Fastify sends a string with a JSON content type as it is,
  // without the route's response schema: so the cached text is made here, through that same schema
  // (unknown fields dropped, a wrong shape fails), never by a bare JSON.stringify.
  const browseCache = new MicroCache<EncodedBody>(app.config.BROWSE_CACHE_MS);
  const homeCache = new MicroCache<EncodedBody>(app.config.BROWSE_CACHE_MS, 1);
  // Facet counts and suggestions are the same for everyone too: micro-cached like the listing.
  const facetsCache = new MicroCache<EncodedBody>(app.config.BROWSE_CACHE_MS);
  const suggestCache = new MicroCache<EncodedBody>(app.config.BROWSE_CACHE_MS);
  const json =
    <S extends z.ZodType>(schema: S, load: () => Promise<z.input<S>>) =>
    async () =>
      new EncodedBody(JSON.stringify(schema.parse(await load())));

  /**
   * The same listing address asked again while its answer is fresh is answered before validation
   * and the rest of the hook chain (the browse route is public and the answer is the same for
   * everyone): under load that halves the work of a cached answer. Only the browse handler fills it.
   */
  const answeredUrls = new Map<string, { body: EncodedBody; freshUntil: number }>();
  // A boost that starts or ends changes the order of listings at once, on every instance (the event
  // comes through PostgreSQL NOTIFY): the cached answers are dropped.
  const unsubscribe = app.events.subscribe((e) => {
    if (e.type !== 'boost') return;
    browseCache.clear();
    facetsCache.clear();
    suggestCache.clear();
    homeCache.clear();
    answeredUrls.clear();
  });
  app.addHook('onClose', async () => void unsubscribe());
  const browseHeaders = { 'cache-control': 'public, max-age=15', 'content-type': 'application/json; charset=utf-8' };
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const hit = answeredUrls.get(request.url);
    if (hit && hit.freshUntil > Date.now()) return sendEncoded(request, reply.headers(browseHeaders), hit.body);
  });

  r.get(
    '/api/deals',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Browse and search deals (non-expired only), paginated',
        querystring: browseQuerySchema,
        response: { 200: browseResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await browseCache.get(
        JSON.stringify(request.query),
        json(browseResultSchema, () => listDeals(app.deps, request.query)),
      );
      if (app.config.BROWSE_CACHE_MS > 0) {
        if (answeredUrls.size >= 1000) answeredUrls.clear();
        answeredUrls.set(request.url, { body, freshUntil: Date.now() + app.config.BROWSE_CACHE_MS });
      }
      return sendEncoded(request, reply.headers(browseHeaders), body);
    },
  );

  r.get(
    '/api/deals/facets',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Counts per category, city, price range and discount for the browse query (each exact up to 1,000)',
        querystring: browseQuerySchema,
        response: { 200: dealFacetsSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendEncoded(
        request,
        reply.headers(browseHeaders),
        await facetsCache.get(
          JSON.stringify(request.query),
          json(dealFacetsSchema, () => dealFacets(app.deps, request.query)),
        ),
      ),
  );

  r.get(
    '/api/search/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Search suggestions as you type: up to 5 deals, 3 businesses and the matching categories',
        querystring: suggestQuerySchema,
        response: { 200: searchSuggestionsSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendEncoded(
        request,
        reply.headers({ 'cache-control': 'public, max-age=60', 'content-type': 'application/json; charset=utf-8' }),
        await suggestCache.get(
          request.query.q.toLowerCase(),
          json(searchSuggestionsSchema, () => searchSuggestions(app.deps, request.query.q)),
        ),
      ),
  );

  r.get(
    '/api/deals/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One deal with its full details',
        params: z.object({ id: z.uuid({ error: 'This deal does not exist.' }) }),
        response: { 200: dealResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const deal = await getDeal(app.deps, request.params.id);
      if (!deal) throw new AppError('NOT_FOUND', 'This deal does not exist or is no longer available.');
      // A view for the boost stats, counted after the answer is sent (never the merchant's own, nor a bot's).
      if (isCountedVisitor(request.headers['user-agent'])) {
        const viewerUserId = request.user?.id ?? null;
        app.afterResponse.run(
          'deal view count',
          () => countDealVisit(app.deps, { dealId: deal.id, viewerUserId, kind: 'views' }),
          reply.raw,
        );
      }
      return { deal };
    },
  );

  r.get(
    '/api/home',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Featured and boosted deals, and featured (boosted) businesses, for the home page',
        response: { 200: homeDataSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendEncoded(
        request,
        reply.type('application/json; charset=utf-8'),
        await homeCache.get(
          'home',
          json(homeDataSchema, () => homePageData(app.deps)),
        ),
      ),
  );

  r.post(
    '/api/merchant-leads',
    {
      config: { access: 'public' },
      schema: {
        tags: ['merchants'],
        summary: 'Merchant signup section of the home page',
        body: merchantLeadSchema,
        response: { 201: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(
        app.db,
        `lead:ip:${request.ip}`,
        { max: 10, windowMs: 60 * 60_000 },
        'Too many requests from your network. Please try again later.',
        app.deps.clock.now(),
      );
      const { email, name, optionType } = request.body;
      await app.db.insert(merchantLeads).values({ email: email.toLowerCase(), name: name || null, optionType });
      // The commission option only records the lead (docs/product/customer-spec.md §7 send-merchant-notification).
      if (optionType !== 'commission') {
        const m = LEAD_MAILS[optionType];
        await app.mailer.send({
          to: email,
          kind: `merchant_lead_${optionType}`,
          subject: m.subject,
          ...composeMail({
            heading: name ? `Hi ${name},` : 'Hello,',
            paragraphs: [m.text],
            action:
              optionType === 'close'
                ? undefined
                : { label: 'Register your business', url: `${app.config.appUrl}${paths.merchantRegister}` },
          }),
        });
      }
      reply.code(201);
      return { ok: true as const };
    },
  );
}
