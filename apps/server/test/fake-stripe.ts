import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A tiny stand-in for api.stripe.com on loopback, enough for Checkout: create a session and
 * retrieve it (with `expand`), list them by payment intent, expire it, refund its payment intent,
 * create a customer and detach a saved payment method, replaying responses per Idempotency-Key as Stripe does. Point the
 * SDK at `url` (STRIPE_API_URL) and read `requests` to see exactly what went over the wire.
 * And enough of Connect for payouts: create and retrieve an Express account, an Account Link and a login link,
 * and transfers to an account (refused, as Stripe does, unless its transfers capability is active).
 */
export interface FakeStripeRequest {
  method: string;
  /** Path without the query string, e.g. /v1/checkout/sessions. */
  path: string;
  /** The form-encoded body as flat keys (`line_items[0][quantity]`); for GET, the query string. */
  body: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** Sessions by id, as returned to the SDK; tests may edit them (e.g. `payment_intent = null`). */
  sessions: Map<string, any>;
  /** Refunds created (`POST /v1/refunds`), in order; a replayed idempotent request adds none. */
  refunds: any[];
  /** Connected accounts by id, as returned to the SDK; tests move them through Stripe's states (`activate`, `restrict`). */
  accounts: Map<string, any>;
  /** Transfers created (`POST /v1/transfers`), in order; a replayed idempotent request adds none. */
  transfers: any[];
  /** Puts an account in the state Stripe reports once onboarding is done and verified (or asks for more). */
  setAccount(id: string, state: 'pending' | 'active' | 'restricted', requirements?: string[]): any;
  /** The next `times` requests get a 500 `api_error` (the SDK retries once, so use 2 to see a failure). */
  failNext(times?: number): void;
  /**
   * The next `times` requests are carried out (a session or a refund is created, its idempotency key recorded)
   * but never answered: Stripe acted and the answer was lost, as in a timeout. The SDK retries once, so 2 makes
   * the call fail. With `path`, only requests to that path (e.g. `/v1/refunds`) are counted and stalled.
   */
  stallNext(times?: number, path?: string): void;
  close(): Promise<void>;
}

/** The card every expanded payment method carries (Stripe's test Visa). */
export const FAKE_CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` → `{ a: { b: { 0: { c: '1' } } } }`; enough to read metadata and line items back. */
function nest(flat: Record<string, string>): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.slice(0, -1).forEach((p) => (node = node[p] ??= {}));
    node[parts.at(-1)!] = value;
  }
  return root;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, type: string, message: string, extra: Record<string, string> = {}) =>
  send(res, status, { error: { type, message, ...extra } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function createSession(flat: Record<string, string>): any {
  const params = nest(flat);
  const lines: any[] = Object.values(params.line_items ?? {});
  const amountTotal = lines.reduce((sum, l) => sum + Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1), 0);
  const sessionId = id('cs');
  return {
    id: sessionId,
    object: 'checkout.session',
    mode: params.mode ?? 'payment',
    url: `https://checkout.stripe.test/c/pay/${sessionId}`,
    status: 'open',
    payment_status: 'unpaid',
    currency: lines[0]?.price_data?.currency ?? 'usd',
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    customer: params.customer ?? null,
    customer_email: params.customer_email ?? null,
    client_reference_id: params.client_reference_id ?? null,
    metadata: params.metadata ?? {},
    success_url: params.success_url ?? null,
    cancel_url: params.cancel_url ?? null,
    created: Math.floor(Date.now() / 1000),
    expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 3600),
    payment_intent: id('pi'),
    livemode: false,
  };
}

/** The session as Stripe returns it, with `payment_intent` / `payment_intent.payment_method` expanded on request. */
function withExpansions(session: any, expand: string[]): any {
  if (typeof session.payment_intent !== 'string' || !expand.some((e) => e === 'payment_intent' || e.startsWith('payment_intent.')))
    return session;
  const paymentMethodId = `pm_${session.payment_intent.slice(3)}`;
  const paymentMethod = expand.includes('payment_intent.payment_method')
    ? { id: paymentMethodId, object: 'payment_method', type: 'card', card: FAKE_CARD }
    : paymentMethodId;
  return {
    ...session,
    payment_intent: {
      id: session.payment_intent,
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      payment_method: paymentMethod,
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, any>();
  const refunds: any[] = [];
  const accounts = new Map<string, any>();
  const transfers: any[] = [];
  /** Idempotency-Key → the body it was first used with and the response, replayed like Stripe does. */
  const idempotent = new Map<string, { raw: string; response: unknown }>();
  let failures = 0;
  let stalls = 0;
  let stallPath: string | undefined;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake-stripe').pathname;
    if (stalls === 0 || (stallPath !== undefined && stallPath !== path)) return answer(req, res);
    stalls--;
    // Carry the request out against a response that goes nowhere; the connection stays open, unanswered.
    const lost: ServerResponse = Object.assign(Object.create(res) as ServerResponse, { writeHead: () => lost, end: () => lost });
    return answer(req, lost);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const raw = await readBody(req);
    const params = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    const body = Object.fromEntries(params);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers });

    if (failures > 0) {
      failures--;
      return stripeError(res, 500, 'api_error', 'Simulated failure in the fake Stripe API.');
    }
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      return stripeError(res, 401, 'invalid_request_error', 'You did not provide an API key.');
    }
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string' && idempotent.has(key)) {
      const first = idempotent.get(key)!;
      if (first.raw !== raw) {
        return stripeError(
          res,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return send(res, 200, first.response);
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = createSession(body);
      sessions.set(session.id, session);
      if (typeof key === 'string') idempotent.set(key, { raw, response: session });
      return send(res, 200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: nest(body).metadata ?? {} };
      if (typeof key === 'string') idempotent.set(key, { raw, response: customer });
      return send(res, 200, customer);
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
    if (req.method === 'POST' && detach) {
      return send(res, 200, {
        id: decodeURIComponent(detach[1]!),
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: FAKE_CARD,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      const params = nest(body);
      const account = {
        id: id('acct'),
        object: 'account',
        type: params.type ?? 'express',
        country: params.country ?? 'US',
        email: params.email ?? null,
        business_profile: params.business_profile ?? {},
        metadata: params.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: {
          currently_due: ['business_profile.url', 'external_account', 'individual.verification.document', 'tos_acceptance.date'],
          past_due: [],
          pending_verification: [],
          disabled_reason: 'requirements.past_due',
        },
        created: Math.floor(Date.now() / 1000),
      };
      accounts.set(account.id, account);
      if (typeof key === 'string') idempotent.set(key, { raw, response: account });
      return send(res, 200, account);
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)(\/login_links)?$/.exec(url.pathname);
    if (accountPath) {
      const account = accounts.get(decodeURIComponent(accountPath[1]!));
      if (!account)
        return stripeError(res, 404, 'invalid_request_error', `No such account: '${accountPath[1]}'`, { code: 'resource_missing' });
      if (req.method === 'GET' && !accountPath[2]) return send(res, 200, account);
      if (req.method === 'POST' && accountPath[2])
        return send(res, 200, {
          object: 'login_link',
          created: Math.floor(Date.now() / 1000),
          url: `https://connect.stripe.test/express/${account.id}/${id('ll')}`,
        });
    }
    if (req.method === 'POST' && url.pathname === '/v1/account_links') {
      if (!body.account || !accounts.has(body.account))
        return stripeError(res, 400, 'invalid_request_error', `No such account: '${body.account}'`, { code: 'resource_missing' });
      if (!body.return_url || !body.refresh_url || !body.type)
        return stripeError(res, 400, 'invalid_request_error', 'Missing required param: return_url, refresh_url or type.');
      const now = Math.floor(Date.now() / 1000);
      return send(res, 200, {
        object: 'account_link',
        created: now,
        expires_at: now + 300,
        url: `https://connect.stripe.test/setup/e/${body.account}/${id('al')}`,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/transfers') {
      const account = body.destination ? accounts.get(body.destination) : undefined;
      if (!account)
        return stripeError(res, 400, 'invalid_request_error', `No such destination: '${body.destination}'`, { code: 'resource_missing' });
      // Stripe's words when the destination cannot receive transfers.
      if (account.capabilities?.transfers !== 'active')
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          { code: 'insufficient_capabilities_for_transfer' },
        );
      const params = nest(body);
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        amount_reversed: 0,
        currency: body.currency,
        destination: body.destination,
        description: body.description ?? null,
        transfer_group: body.transfer_group ?? null,
        metadata: params.metadata ?? {},
        reversed: false,
        created: Math.floor(Date.now() / 1000),
      };
      transfers.push(transfer);
      if (typeof key === 'string') idempotent.set(key, { raw, response: transfer });
      return send(res, 200, transfer);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      // Like Stripe: a refund of a paid payment intent, never more than is left of it.
      const session = [...sessions.values()].find((s) => s.payment_intent === body.payment_intent);
      if (!session)
        return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${body.payment_intent}'`, {
          code: 'resource_missing',
        });
      if (session.payment_status !== 'paid')
        return stripeError(res, 400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.');
      const amount = body.amount === undefined ? session.amount_total : Number(body.amount);
      const refunded = refunds.filter((r) => r.payment_intent === body.payment_intent).reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > session.amount_total)
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge.`,
          {
            code: 'charge_already_refunded',
          },
        );
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: body.payment_intent,
        metadata: nest(body).metadata ?? {},
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      if (typeof key === 'string') idempotent.set(key, { raw, response: refund });
      return send(res, 200, refund);
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const list = refunds.filter((r) => !body.payment_intent || r.payment_intent === body.payment_intent);
      return send(res, 200, { object: 'list', data: list, has_more: false, url: '/v1/refunds' });
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && subscription) {
      // Enough of a subscription update for cancel_at_period_end; the request log holds what was sent.
      const subId = decodeURIComponent(subscription[1]!);
      return send(res, 200, {
        id: subId,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: body.cancel_at_period_end === 'true',
      });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]!));
      if (!session)
        return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`, { code: 'resource_missing' });
      // Like Stripe: only an open session can be expired.
      if (session.status !== 'open')
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      session.status = 'expired';
      return send(res, 200, session);
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      // The list, filtered by payment_intent as Stripe does (how a dispute finds its checkout session).
      const data = [...sessions.values()].filter((s) => !body.payment_intent || s.payment_intent === body.payment_intent);
      return send(res, 200, {
        object: 'list',
        url: '/v1/checkout/sessions',
        has_more: false,
        data: data.slice(0, Number(body.limit ?? 10)),
      });
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) {
        return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${match[1]}'`, {
          code: 'resource_missing',
          param: 'session',
        });
      }
      // The SDK sends `expand[0]=…`; plain `expand[]=…` is accepted too.
      const expand = [...params].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
      return send(res, 200, withExpansions(session, expand));
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  };
  // A failure inside the fake is a test bug: let it surface as an unhandled rejection.
  const server = createServer((req, res) => void handle(req, res));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    accounts,
    transfers,
    setAccount(accountId, state, requirements = ['individual.verification.document']) {
      const account = accounts.get(accountId);
      const due = state === 'restricted' ? requirements : [];
      Object.assign(account, {
        details_submitted: true,
        charges_enabled: state === 'active',
        payouts_enabled: state === 'active',
        capabilities: { transfers: state === 'active' ? 'active' : state === 'pending' ? 'pending' : 'inactive' },
        requirements: {
          currently_due: due,
          past_due: due,
          pending_verification: state === 'pending' ? ['individual.verification.document'] : [],
          disabled_reason: state === 'active' ? null : state === 'pending' ? 'requirements.pending_verification' : 'requirements.past_due',
        },
      });
      return account;
    },
    failNext(times = 1) {
      failures = times;
    },
    stallNext(times = 1, path?: string) {
      stalls = times;
      stallPath = path;
    },
    close() {
      // The SDK keeps connections alive; drop them so close() does not wait for their timeout.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
