import { expect } from 'vitest';
import type { SandboxOnboardingOutcome } from '@localperks/shared';
import { JOBS } from '../src/jobs';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, type SandboxEvent } from '../src/payments/sandbox';
import type { TestApp } from './build';

/*
 * Payout accounts and transfers in tests (docs/decisions/0056-payout-accounts-and-transfers.md): the payout job
 * as the queue runs it, the sandbox's hosted onboarding as a merchant goes through it, and signed sandbox events.
 */

/** One run of the scheduled `payout-close` job (close finished periods, then transfer what is due) on `t`'s deps and clock. */
export function runPayoutJob(t: TestApp) {
  const job = JOBS.find((j) => j.name === 'payout-close')!;
  return job.run(t.app.deps) as Promise<{ created: number; transfers: Record<'paid' | 'failed' | 'unknown' | 'skipped', number> }>;
}

/** The link id of a sandbox account page from its address (`…/sandbox/connect/<id>`). */
export const linkIdOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

/**
 * "Set up payouts" and the sandbox's hosted onboarding ended with `outcome`, as the merchant does it: the console
 * asks for a link, the page is opened, the choice submitted; the merchant is sent back to their Payouts page.
 */
export async function onboard(t: TestApp, cookie: string, outcome: SandboxOnboardingOutcome) {
  const started = await t.request({ method: 'POST', url: '/api/merchant/payout-account/onboarding', cookie });
  expect(started.statusCode, started.body).toBe(200);
  const linkId = linkIdOf(started.json<{ url: string }>().url);
  const page = await t.request({ method: 'GET', url: `/api/sandbox/connect/${linkId}` });
  expect(page.statusCode, page.body).toBe(200);
  const done = await t.request({ method: 'POST', url: `/api/sandbox/connect/${linkId}/outcome`, payload: { outcome } });
  expect(done.statusCode, done.body).toBe(200);
  return { linkId, returnUrl: done.json<{ url: string }>().url };
}

/** Posts a sandbox event to our endpoint, signed with the app's sandbox secret (as the sandbox sends it). */
export function deliverSandboxEvent(t: TestApp, event: SandboxEvent, secret = t.app.deps.sandboxSecret) {
  const payload = JSON.stringify(event);
  return t.request({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, payload) },
    payload,
  });
}

/** The sandbox changes an account from its dashboard (verification finished, or more asked for), as Stripe would on its own. */
export async function changeFromDashboard(t: TestApp, cookie: string, outcome: SandboxOnboardingOutcome) {
  const link = await t.request({ method: 'POST', url: '/api/merchant/payout-account/dashboard', cookie });
  expect(link.statusCode, link.body).toBe(200);
  const linkId = linkIdOf(link.json<{ url: string }>().url);
  const done = await t.request({ method: 'POST', url: `/api/sandbox/connect/${linkId}/outcome`, payload: { outcome } });
  expect(done.statusCode, done.body).toBe(200);
  return linkId;
}
