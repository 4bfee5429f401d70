import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
export const demoPassword = () => inject('demoPassword');
export const DEMO = {
  customer: 'customer@localperks.example',
  merchant: 'merchant@localperks.example',
  admin: 'admin@localperks.example',
} as const;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return found;
}

/** One Chromium per test file; each test opens its own context (fresh cookies and storage). */
export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      opts: { width?: number; height?: number; geolocation?: { latitude: number; longitude: number } } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ['geolocation'] } : {}),
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { page, context };
    },
  };
}

/** axe-core on the current page: no serious or critical WCAG 2.x A/AA violation. */
export async function expectAccessible(page: Page) {
  const check = async () => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  // Colours measured mid-transition (a toast fading in) are not what a person sees: a violation
  // must still be there once animations have settled.
  let bad = await check();
  if (bad.length) {
    await page.waitForTimeout(600);
    bad = await check();
  }
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Reads the newest mail of a kind for an address from the development mailbox API. */
export async function latestMail(to: string, kind?: string): Promise<{ subject: string; text: string; html: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as {
      mails: { id: string; kind: string }[];
    };
    const hit = list.mails.find((m) => !kind || m.kind === kind);
    if (hit)
      return (
        (await (await fetch(`${baseUrl()}/api/dev/mailbox/${hit.id}`)).json()) as { mail: { subject: string; text: string; html: string } }
      ).mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind ?? ''} mail for ${to}`);
}

/** The 6-digit code in a mail's text (the admin access code). */
export function codeIn(text: string): string {
  const m = text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in mail:\n${text}`);
  return m[1]!;
}

/** JSON calls to the API as a script would make them (same-origin header for the CSRF check). */
export async function apiCall(path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
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
