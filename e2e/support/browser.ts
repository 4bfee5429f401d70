import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Locator, type Page, type Request, type Response } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { AxeBuilder } from '@axe-core/playwright';
import type { PurchasesPage } from '@localperks/shared';

export { expect };

/** Set by global-setup.ts before the workers start. */
export const baseUrl = () => env('E2E_BASE_URL');
export const demoPassword = () => env('E2E_DEMO_PASSWORD');
/** A signed-in admin session made once before any journey (see global-setup.ts). */
export const adminCookie = () => env('E2E_ADMIN_COOKIE');

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`playwright test\` (global-setup.ts sets it)`);
  return value;
}

export const DEMO = {
  customer: 'customer@localperks.example',
  merchant: 'merchant@localperks.example',
  admin: 'admin@localperks.example',
} as const;

/** Waits that depend on the server or the browser: generous enough for a busy 2-core machine. */
const WAIT_MS = 20_000;

/** The motion a page's reader asked their system for (`prefers-reduced-motion`). */
type Motion = 'reduce' | 'no-preference';
type PageOptions = {
  width?: number;
  height?: number;
  geolocation?: { latitude: number; longitude: number };
  /** The reader's time zone (the browser's own, UTC on CI, by default). */
  timezoneId?: string;
  /** The motion the reader asked for, for this page only (the `motion` option of the test by default). */
  motion?: Motion;
};
type NewPage = (opts?: PageOptions) => Promise<{ page: Page; context: BrowserContext }>;

/** The pages the server renders and the browser hydrates (docs/decisions/0014-react-ssr.md). */
const PUBLIC_PAGE =
  /^\/(?:deals(?:\/[^/]+)?|businesses(?:\/[^/]+)?|perkboost|perkboost-info|about|contact|privacy|terms|company\/[^/]+|merchant\/(?:faq|pricing|success-stories))?$/;
const HYDRATION_WARNING = /Hydration failed|did not match|A tree hydrated but some attributes/;
/** The browser's own line for an HTTP error answer (an unknown deal's 404): not an error of the app. */
const HTTP_STATUS_LINE = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * A server-rendered page shows its controls before its script has made them work: `goto` and
 * `reload` of an app page return once the app is live (`<html data-hydrated>`, app/app-root.tsx), as
 * a person waits for a page to respond.
 */
function awaitHydration(page: Page) {
  const untilLive = async (res: Response | null) => {
    if (res?.headers()['content-type']?.includes('text/html')) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return res;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => untilLive(await goto(...args));
  page.reload = async (...args) => untilLive(await reload(...args));
}

/** Collects console errors and React hydration warnings of the public pages a context opens. */
function watchPublicPages(context: BrowserContext, problems: string[]) {
  context.on('page', (page) => {
    awaitHydration(page);
    const where = () => {
      const url = new URL(page.url());
      return PUBLIC_PAGE.test(url.pathname) ? `${url.pathname}${url.search}` : null;
    };
    page.on('console', (m) => {
      const at = where();
      if (!at) return;
      const text = m.text();
      if ((m.type() === 'error' && !HTTP_STATUS_LINE.test(text)) || HYDRATION_WARNING.test(text))
        problems.push(`${at}: [${m.type()}] ${text}`);
    });
    page.on('pageerror', (err) => {
      const at = where();
      if (at) problems.push(`${at}: [uncaught] ${err.message}`);
    });
  });
}

/**
 * `newPage` opens a page in a fresh context (its own cookies and storage) on the journeys' server;
 * a test may open several (a customer and a merchant side by side). All are closed after the test,
 * which then fails if a public page logged a console error or a React hydration warning.
 */
export const test = base.extend<{ newPage: NewPage; motion: Motion }>({
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern -- this fixture depends on no other fixture
  baseURL: async ({}, use) => use(baseUrl()),
  /**
   * The motion the pages' reader asked their system for. Journeys read as a person who asked for less
   * motion, which the app honours (index.css): no smooth scrolling, animations and transitions end at
   * once. Every frame of an animation is drawn in software here, so that halves the frames Chromium
   * draws (docs/decisions/0035-less-work-per-run.md). The journeys about the shell and its
   * accessibility (overlays, floating controls, focus) run in full motion:
   * `test.use({ motion: 'no-preference' })`.
   */
  motion: ['reduce', { option: true }],
  newPage: async ({ browser, motion }, use) => {
    const contexts: BrowserContext[] = [];
    const problems: string[] = [];
    await use(async (opts = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        reducedMotion: opts.motion ?? motion,
        ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ['geolocation'] } : {}),
        ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
      });
      context.setDefaultTimeout(WAIT_MS);
      watchPublicPages(context, problems);
      context.on('page', (p) => void requestsInFlight(p));
      contexts.push(context);
      return { page: await context.newPage(), context };
    });
    for (const context of contexts) await context.close();
    expect(problems, 'console errors or hydration warnings on public pages').toEqual([]);
  },
});

/**
 * The requests a page has in flight, its live event stream aside: watched from the page's first request for
 * every journey page (`newPage`), from the first call for any other.
 */
const inFlightByPage = new WeakMap<Page, Set<Request>>();
function requestsInFlight(page: Page): Set<Request> {
  const watched = inFlightByPage.get(page);
  if (watched) return watched;
  const inFlight = new Set<Request>();
  inFlightByPage.set(page, inFlight);
  page.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return inFlight;
}

/**
 * Resolves once the page holds still: no finite animation or transition running (infinite ones, such
 * as spinners, never end), the scroll position the same and no change to the document on three frames
 * in a row (the app scrolls smoothly, and a smooth scroll is not an animation the page can list; a
 * live update or a refetch re-renders parts of the page, and axe measures sizes across the whole page).
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eStill?: unknown; __e2eChanges?: { n: number; observer: MutationObserver } };
    delete w.__e2eStill;
    if (!w.__e2eChanges) {
      // Every change to the document counts for "the page holds still" (here and in expectAccessible).
      const changes = {
        n: 0,
        observer: new MutationObserver((records) => {
          changes.n += records.length;
        }),
      };
      changes.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      w.__e2eChanges = changes;
    }
  });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __e2eStill?: { at: string; frames: number }; __e2eChanges: { n: number } };
      const at = `${window.scrollX},${window.scrollY},${w.__e2eChanges.n}`;
      w.__e2eStill = { at, frames: w.__e2eStill?.at === at ? w.__e2eStill.frames + 1 : 0 };
      const animationsDone = document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY);
      // Three frames without a move: a smooth scroll just asked for has started by then.
      return w.__e2eStill.frames >= 3 && animationsDone;
    },
    undefined,
    { polling: 'raf' },
  );
}

/**
 * axe-core itself, pinned in package.json: 4.14 checks the same rules as the 4.10 that @axe-core/playwright
 * 4.10 brings (plus aria-tab-name) in about a seventh less time (docs/decisions/0034-suite-under-eight-minutes.md).
 * @axe-core/playwright 4.14 needs Node 22.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe.run on the page for the WCAG 2.x A and AA rules, violations only (the only results read here). axe is
 * put into a document once: @axe-core/playwright puts its 550 kB in again before every check, and Chromium
 * compiles it anew each time (about 0.1–0.2 s; decision 0035), while a journey often checks one document
 * several times (a dialog opened, a form with its errors). A page with frames is left to @axe-core/playwright,
 * which checks every frame; no page of the app has one.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  if (page.frames().length > 1) return new AxeBuilder({ page, axeSource }).options(options).setLegacyMode().analyze();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate((opts) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, opts), options);
}

/** axe-core on the current page: no serious or critical WCAG 2.x A/AA violation. */
export async function expectAccessible(page: Page) {
  // axe measures the page as it is while it works (about half a second): colours, sizes, what overlaps
  // what. Colours measured mid-transition (a toast fading in) are not what a person sees, and a page that
  // moves during the check (a toast coming or going, a live update or a refetch re-rendering a list, which
  // moves the footer) is measured between two layouts, so a target can seem covered by another. The
  // check starts once the page holds still, and counts only if the page still held still at its end: no
  // change to the document, the same scroll position, no finite animation running. Else it is made
  // again; at most four tries, the last one counting whatever it found.
  const pageState = () =>
    page.evaluate(() => {
      const w = window as unknown as { __e2eChanges: { n: number } };
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      return moving ? null : `${window.scrollX},${window.scrollY},${w.__e2eChanges.n}`;
    });
  let results: AxeResults;
  // What the page fetches as it starts (the code of a part that loads on demand, its data) changes it when it
  // arrives, however still it holds before.
  const inFlight = requestsInFlight(page);
  await expect.poll(() => inFlight.size, { timeout: WAIT_MS, message: 'the page kept fetching' }).toBe(0);
  for (let attempt = 1; ; attempt++) {
    await animationsSettled(page);
    const before = await pageState();
    results = await runAxe(page);
    const after = await pageState();
    if ((after !== null && before === after) || attempt === 4) break;
  }
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found = bad.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}) ${v.nodes
        .map((n) => n.html.slice(0, 160))
        .slice(0, 3)
        .join(' | ')}`,
  );
  // A target-size finding depends on what covers the control where it is on screen: the message says
  // axe's reason, the scroll position and what lies at the control's centre and corners.
  const sizes = bad.find((v) => v.id === 'target-size');
  if (sizes) found.push(`target-size on screen: ${await targetsOnScreen(page, sizes.nodes.slice(0, 3))}`);
  expect(found).toEqual([]);
}

async function targetsOnScreen(page: Page, nodes: { target: unknown[]; any: { message: string }[]; none: { message: string }[] }[]) {
  const where = await page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const el = document.querySelector(selector);
        if (!el) return `${selector}: gone`;
        const r = el.getBoundingClientRect();
        const at = (x: number, y: number) => {
          const hit = document.elementFromPoint(x, y);
          return hit === el || el.contains(hit)
            ? 'itself'
            : hit
              ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 50)}`
              : 'nothing';
        };
        const points = [
          [r.x + r.width / 2, r.y + r.height / 2],
          [r.x + 1, r.y + 1],
          [r.right - 1, r.y + 1],
          [r.x + 1, r.bottom - 1],
          [r.right - 1, r.bottom - 1],
        ];
        return `${selector} at ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}, scrollY ${Math.round(window.scrollY)}; centre and corners: ${points.map(([x, y]) => at(x!, y!)).join(', ')}`;
      }),
    nodes.map((n) => String(n.target[0])),
  );
  return nodes.map((n, i) => `${where[i]} (axe: ${[...n.any, ...n.none].map((c) => c.message).join('; ')})`).join(' | ');
}

/** Where a journey's screenshot goes: screenshots/<name>.png (Playwright makes the folders). */
const screenshotPath = (name: string) => path.resolve(import.meta.dirname, '../../screenshots', `${name}.png`);

/**
 * Whether the journeys take their screenshots: `npm run screenshots` (E2E_SCREENSHOTS=1) does, `npm test`
 * does not. They are for a person to look at, not assertions, and cost about a tenth of the journeys'
 * CPU (docs/decisions/0034-suite-under-eight-minutes.md).
 */
const takesScreenshots = process.env.E2E_SCREENSHOTS === '1';

/**
 * A screenshot for a person to look at (screenshots/<name>.png): the whole page by default, what the
 * viewport shows (`fullPage: false`: a dialog, fixed to the viewport), or one element. Taken only with
 * E2E_SCREENSHOTS=1 (`npm run screenshots`).
 */
export async function screenshot(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}) {
  if (!takesScreenshots) return;
  const file = screenshotPath(name);
  await ('goto' in target ? target.screenshot({ path: file, fullPage: opts.fullPage ?? true }) : target.screenshot({ path: file }));
}

/** A whole-page screenshot from the top of the page, once it holds still (screenshots/<name>.png). */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsSettled(page);
  await screenshot(page, name);
}

/** The toast (sonner) that shows `text`. */
export const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Reads the newest mail of a kind for an address from the development mailbox API. */
export async function latestMail(to: string, kind?: string): Promise<{ subject: string; text: string; html: string }> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as {
          mails: { id: string; kind: string }[];
        };
        id = list.mails.find((m) => !kind || m.kind === kind)?.id;
        return id;
      },
      { timeout: WAIT_MS, message: `no ${kind ?? ''} mail for ${to}` },
    )
    .toBeDefined();
  return ((await (await fetch(`${baseUrl()}/api/dev/mailbox/${id}`)).json()) as { mail: { subject: string; text: string; html: string } })
    .mail;
}

/**
 * The mail of a kind for an address whose text contains `text`, newest first. For an address other
 * journeys also write to (the demo merchant's receipts), where the newest mail may be another's.
 */
export async function mailContaining(to: string, kind: string, text: string): Promise<{ subject: string; text: string; html: string }> {
  let found: { subject: string; text: string; html: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as {
          mails: { id: string; kind: string }[];
        };
        for (const { id } of list.mails.filter((m) => m.kind === kind)) {
          const { mail } = (await (await fetch(`${baseUrl()}/api/dev/mailbox/${id}`)).json()) as {
            mail: { subject: string; text: string; html: string };
          };
          if (mail.text.includes(text)) return (found = mail);
        }
        return undefined;
      },
      { timeout: WAIT_MS, message: `no ${kind} mail for ${to} with “${text}”` },
    )
    .toBeDefined();
  return found!;
}

/** The 6-digit code in a mail's text (the admin access code). */
export function codeIn(text: string): string {
  const m = text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in mail:\n${text}`);
  return m[1]!;
}

/** JSON calls to the API as a script would make them (same-origin header for the CSRF check). */
export async function apiCall(path: string, body?: unknown, cookie?: string, method?: string) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', origin: baseUrl(), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown>,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith('lp_session=')),
  };
}

/** One address of each kind of public page with data of its own (a listing, a search, a filter, a deal, a business), from the demo data. */
export async function publicPagesWithData(): Promise<string[]> {
  const deals = (await apiCall('/api/deals')).json as { deals: { id: string }[] };
  const businesses = (await apiCall('/api/businesses')).json as { businesses: { slug: string }[] };
  return [
    '/',
    '/deals',
    '/deals?search=pizza',
    '/deals?category=1',
    `/deals/${deals.deals[0]!.id}`,
    '/perkboost',
    '/businesses',
    '/businesses?state=IL',
    '/businesses?search=cafe',
    `/businesses/${businesses.businesses[0]!.slug}`,
  ];
}

export function linkIn(text: string, pathPart: string): string {
  const m = text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(pathPart));
  if (!m) throw new Error(`no ${pathPart} link in:\n${text}`);
  return m;
}

export async function login(page: Page, email: string, password = demoPassword()) {
  await page.goto('/login');
  await page.getByTestId('customer-login-email').fill(email);
  await page.getByTestId('customer-login-password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

let counter = 0;
/** An address no other journey (or earlier run on the same server) uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${process.pid}-${++counter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Follows the verification link of a fresh account through the API; returns its session cookie. */
export async function verifyByMail(email: string): Promise<string> {
  const mail = await latestMail(email, 'email_verification');
  const token = new URL(linkIn(mail.text, '/auth/callback')).searchParams.get('token');
  const session = await apiCall('/api/auth/verify-email', { token });
  expect(session.status, JSON.stringify(session.json)).toBe(200);
  return session.cookie!;
}

/** Signs a browser context in with a session cookie from the API (`apiCall(...).cookie`), as if it had logged in. */
export async function signIn(context: BrowserContext, cookie: string) {
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: baseUrl() }]);
}

export type Account = { email: string; password: string; cookie: string };

/** A verified customer of the journey's own, signed up through the public API. */
export async function newCustomer(label = 'customer'): Promise<Account> {
  const email = uniqueEmail(label);
  const password = 'Journey2025';
  const res = await apiCall('/api/auth/signup', { email, password });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { email, password, cookie: await verifyByMail(email) };
}

/**
 * An admin of the journey's own (created with the setup's admin session, an owner); signs in with its own mailed
 * codes. An owner unless `role` says otherwise (docs/decisions/0062-roles-and-staff.md).
 */
export async function newAdmin(
  name: string,
  role: 'owner' | 'support' | 'finance' = 'owner',
): Promise<{ name: string; email: string; password: string }> {
  const admin = { name, email: uniqueEmail('admin'), password: 'Adm1nSecure' };
  const res = await apiCall('/api/admin/admins', { ...admin, role }, adminCookie());
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return admin;
}

/** Signs an admin in through the admin access page and its mailed 6-digit code, onto the dashboard. */
export async function adminSignIn(page: Page, admin: { email: string; password: string }) {
  await page.goto('/admin-login');
  await page.getByTestId('admin-email').fill(admin.email);
  await page.getByTestId('admin-password').fill(admin.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('admin-code').waitFor({ state: 'visible' });
  await page.getByTestId('admin-code').fill(codeIn((await latestMail(admin.email, 'admin_access_code')).text));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.waitForURL('**/admin/dashboard**');
}

/** The demo merchant (Windy City Bistro) signed in through the API. */
export async function demoMerchantCookie(): Promise<string> {
  const res = await apiCall('/api/auth/login', { email: DEMO.merchant, password: demoPassword() });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.cookie!;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * A merchant of the journey's own (Deals + Messaging unless another plan is given): registered and
 * verified through the public API, approved with the setup's admin session. Returns its session cookie.
 */
export async function newApprovedMerchant(
  businessName: string,
  plan: 'advertise_only' | 'advertise_messaging' | 'deals_messaging' = 'deals_messaging',
): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail('merchant');
  const registered = await apiCall('/api/merchants/register', {
    email,
    password: 'Merchant2025',
    confirmPassword: 'Merchant2025',
    businessName,
    description: 'A neighbourhood restaurant registered by a journey for its own deals.',
    website: '',
    phone: '(312) 555-0142',
    city: 'Chicago',
    state: 'IL',
    addressLine1: '233 S Wacker Dr',
    zip: '60606',
    plan,
    acceptTerms: true,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const cookie = await verifyByMail(email);
  // The registration answer names no ids (it is the same for a taken address): the merchant's own overview does.
  const me = await apiCall('/api/merchant/me', undefined, cookie);
  expect(me.status, JSON.stringify(me.json)).toBe(200);
  const registrationId = (me.json as { registration: { id: string } }).registration.id;
  const approved = await apiCall(`/api/admin/merchant-requests/${registrationId}/approve`, {}, adminCookie());
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  return { email, cookie };
}

/** Pays a checkout on the sandbox provider's card page, through its API, with the test card. */
async function payOnSandbox(checkoutUrl: string, cardholder: string): Promise<void> {
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
  const paid = await apiCall(`/api/sandbox/sessions/${sessionId}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: cardholder,
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
}

/**
 * Pays an approved Advertise + Messaging merchant's $15/month subscription as the dashboard does: the
 * sandbox provider's card page (its API), confirmed through the signed-webhook path; resolves once
 * messaging is unlocked.
 */
export async function payMessagingSubscription(merchantCookie: string): Promise<void> {
  const started = await apiCall('/api/merchant/subscription/checkout', {}, merchantCookie);
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  await payOnSandbox(started.json.url as string, 'Journey Merchant');
  await expect
    .poll(
      async () =>
        ((await apiCall('/api/merchant/me', undefined, merchantCookie)).json as { merchant: { messagingAccess: boolean } }).merchant
          .messagingAccess,
      {
        timeout: WAIT_MS,
      },
    )
    .toBe(true);
}

/** A standard deal (Chicago, Restaurants), live at once; the demo merchant's unless another merchant's cookie is given. */
export async function newStandardDeal(
  title: string,
  merchantCookie?: string,
  opts: { expirationDate?: string } = {},
): Promise<{ id: string; title: string }> {
  const res = await apiCall(
    '/api/merchant/deals',
    {
      title,
      description: 'A five-course seasonal tasting menu for two by the river, with a glass of wine each.',
      highlights: ['Five seasonal courses'],
      finePrint: '',
      categoryId: 1,
      city: 'Chicago',
      state: 'IL',
      images: [],
      originalPriceCents: 12000,
      dealPriceCents: 7950,
      expirationDate: opts.expirationDate ?? inDays(30),
      boost: null,
    },
    merchantCookie ?? (await demoMerchantCookie()),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.deal as { id: string; title: string };
}

/**
 * A crowd-vote deal of the demo merchant's (paid on the sandbox card page through its API), with
 * `votes` cast by customers of its own: the journey owns every vote on it.
 */
export async function newCrowdVoteDeal(
  title: string,
  opts: { votesRequired: number; votes: number },
): Promise<{ id: string; title: string; votesRequired: number; currentVotes: number }> {
  const res = await apiCall(
    '/api/merchant/deals',
    {
      title,
      description: 'Sunday brunch for two with bottomless coffee, unlocked when enough neighbours vote for it.',
      highlights: ['Brunch for two'],
      finePrint: '',
      categoryId: 1,
      city: 'Chicago',
      state: 'IL',
      images: [],
      originalPriceCents: 6000,
      dealPriceCents: 3500,
      expirationDate: inDays(30),
      boost: { boostDays: 7, votesRequired: opts.votesRequired },
    },
    await demoMerchantCookie(),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const deal = res.json.deal as { id: string };
  await payOnSandbox(res.json.checkoutUrl as string, 'Windy City Bistro');
  // The payment confirms through the webhook path: the deal goes live for voting.
  await expect
    .poll(async () => ((await apiCall(`/api/deals/${deal.id}`)).json.deal as { status?: string } | undefined)?.status, {
      timeout: WAIT_MS,
    })
    .toBe('pending');
  for (let i = 0; i < opts.votes; i++) {
    const voter = await newCustomer('voter');
    const vote = await apiCall(`/api/deals/${deal.id}/vote`, {}, voter.cookie);
    expect(vote.status, JSON.stringify(vote.json)).toBeLessThan(300);
  }
  const live = (await apiCall(`/api/deals/${deal.id}`)).json.deal as { votesRequired: number; currentVotes: number };
  expect(live.currentVotes).toBe(opts.votes);
  return { id: deal.id, title, votesRequired: live.votesRequired, currentVotes: live.currentVotes };
}

/**
 * One screen at both widths, 375 and 1280 px: `ready` waits for what it must show, then the axe check
 * and a full-page screenshot from the top (the sticky header where a person sees it) named `name`-375
 * and `name`-1280.
 */
export async function checkBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await ready();
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsSettled(page);
    await screenshot(page, `${name}-${width}`);
  }
}

/**
 * Vouchers a customer buys through the API (the checkout, then the sandbox card page's API), as
 * checkout.spec.ts does through the pages; resolves with the customer's active purchases once all are there.
 */
export async function buyVouchers(customerCookie: string, items: { dealId: string; optionId?: string; quantity: number }[]) {
  return (await buyVouchersOnSession(customerCookie, items)).purchases;
}

/** As buyVouchers, with the sandbox checkout session that paid them: the charge a customer's bank would dispute. */
export async function buyVouchersOnSession(customerCookie: string, items: { dealId: string; optionId?: string; quantity: number }[]) {
  const started = await apiCall(
    '/api/checkout',
    {
      items,
      billing: { cardName: 'Casey Customer', address: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', notes: '' },
    },
    customerCookie,
  );
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  await payOnSandbox(started.json.url as string, 'Casey Customer');
  const wanted = items.reduce((sum, i) => sum + i.quantity, 0);
  let bought: PurchasesPage['purchases'] = [];
  await expect
    .poll(
      async () => {
        bought = ((await apiCall('/api/purchases?status=active', undefined, customerCookie)).json as unknown as PurchasesPage).purchases;
        return bought.length;
      },
      { timeout: WAIT_MS },
    )
    .toBe(wanted);
  return { purchases: bought, sessionId: new URL(started.json.url as string).pathname.split('/').pop()! };
}

/**
 * A chargeback on a sandbox payment, as the provider reports it: a signed `charge.dispute.created`
 * (`needs_response`) or `charge.dispute.closed` (`won`, `lost`) for the whole payment.
 */
export async function chargeBack(sessionId: string, disputeId: string, status: 'needs_response' | 'won' | 'lost') {
  const payload = JSON.stringify({
    id: `evt_${disputeId}_${status}`,
    type: status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: disputeId, charge: sessionId, amount: 1, status, reason: 'fraudulent', metadata: {} } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', env('E2E_SANDBOX_SECRET')).update(`${t}.${payload}`).digest('hex');
  const res = await fetch(`${baseUrl()}/api/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'lp-sandbox-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * Watches a page's requests (call before navigating). `settled()` resolves once the page has no
 * request in flight (its live event stream aside) and the browser's main thread is idle: whatever
 * the page fetches on start-up has been asked for by then.
 */
export function trackRequests(page: Page) {
  const inFlight = requestsInFlight(page);
  return {
    async settled() {
      await page.waitForLoadState('load');
      await expect
        .poll(
          async () => {
            await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));
            return inFlight.size;
          },
          { timeout: WAIT_MS, message: 'the page kept fetching' },
        )
        .toBe(0);
    },
  };
}

/*
 * The back office's console (issue 32): a side navigation of sections, in a drawer under 768 px. A section's link is
 * found in the side navigation at any width (for what it says: its count, its lock, whether it is the current page);
 * opening one clicks it where a person would: in the side navigation, or through the menu button on a phone.
 */
const consoleNav = (page: Page) => page.locator('aside').getByRole('navigation', { name: /sections$/, includeHidden: true });

/** A section's link in the console's side navigation (present at every width; hidden in the closed drawer's place on a phone). */
export function sectionLink(page: Page, name: string | RegExp): Locator {
  return consoleNav(page).getByRole('link', { name, includeHidden: true });
}

/** Every section link of the console's side navigation, in order. */
export function sectionLinks(page: Page): Locator {
  return consoleNav(page).getByRole('link', { includeHidden: true });
}

/** Opens a console section as a person would: its link in the side navigation, or the menu's on a phone. */
export async function openSection(page: Page, name: string | RegExp) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  const link = consoleNav(page).getByRole('link', { name });
  await expect(menu.or(link)).toBeVisible();
  if (await link.isVisible()) {
    await link.click();
  } else {
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name }).click();
    await expect(drawer).toBeHidden();
    // A finger leaves the screen: no pointer rests over the page (a mouse left on a toast would hold it open).
    await page.mouse.move(0, page.viewportSize()!.height - 1);
  }
  await expect(sectionLink(page, name)).toHaveAttribute('aria-current', 'page');
}
