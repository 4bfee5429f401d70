import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  PAYOUT_ACCOUNT_MESSAGES as PM,
  requirementLabel,
  type PayoutAccountStatus,
  type SandboxConnectPage,
  type SandboxOnboardingOutcome,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { sandboxAccountLinks, sandboxConnectedAccounts, sandboxTransfers } from '../../../db/schema';
import { randomToken } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import { sandboxAccountObject, type SandboxEvent } from '../../../payments/sandbox';
import { postSandboxEvent, type WebhookDeps } from './sandbox.service';

/*
 * The sandbox provider's payout accounts (docs/decisions/0056-payout-accounts-and-transfers.md): its hosted
 * onboarding page and the account's dashboard, as Stripe Connect's test mode offers them. The tester chooses how
 * onboarding ends: complete (active), pending verification, or restricted (an identity document is asked for);
 * the account's dashboard can finish a pending verification or ask for more. Every change is told to us by a
 * signed `account.updated`, through the route Stripe's events take, retried by the job until accepted.
 */

type LinkRow = typeof sandboxAccountLinks.$inferSelect;

/** What each outcome leaves the account in, and what it then asks for. */
const OUTCOMES: Record<SandboxOnboardingOutcome, { status: PayoutAccountStatus; requirements: string[] }> = {
  complete: { status: 'active', requirements: [] },
  pending: { status: 'pending', requirements: [] },
  restricted: { status: 'restricted', requirements: ['individual.verification.document'] },
};

/** A link that can be used now: not expired, and an onboarding link only once (as Stripe's Account Links). */
async function usableLink(tx: Tx, linkId: string, now: Date, lock = false): Promise<LinkRow> {
  const query = tx.select().from(sandboxAccountLinks).where(eq(sandboxAccountLinks.id, linkId));
  const [link] = lock ? await query.for('update') : await query;
  if (!link || link.expiresAt <= now || (link.kind === 'onboarding' && link.usedAt)) throw new AppError('NOT_FOUND', PM.linkExpired);
  return link;
}

/** What the sandbox's hosted page shows: the account, what it asks for, and (its dashboard) the transfers it received. */
export async function sandboxConnectPage(deps: Pick<WebhookDeps, 'db' | 'clock'>, linkId: string): Promise<SandboxConnectPage> {
  const link = await usableLink(deps.db, linkId, deps.clock.now());
  const [account] = await deps.db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, link.accountId));
  const transfers =
    link.kind === 'dashboard'
      ? await deps.db
          .select()
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.accountId, link.accountId))
          .orderBy(desc(sandboxTransfers.createdAt), desc(sandboxTransfers.id))
          .limit(50)
      : [];
  return {
    kind: link.kind,
    accountId: account!.id,
    businessName: account!.businessName,
    email: account!.email,
    status: account!.status,
    requirements: account!.requirements.map((field) => ({ field, label: requirementLabel(field) })),
    returnUrl: link.returnUrl,
    transfers: transfers.map((t) => ({
      id: t.id,
      amountCents: t.amountCents,
      reversedCents: t.reversedCents,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

/**
 * The tester's choice on the hosted page: the account moves to that state, its signed `account.updated` is sent
 * to our endpoint, and the merchant goes back to the console (an onboarding link is then used up).
 */
export async function submitSandboxOutcome(deps: WebhookDeps, linkId: string, outcome: SandboxOnboardingOutcome): Promise<{ url: string }> {
  const now = deps.clock.now();
  const link = await deps.db.transaction(async (tx) => {
    const usable = await usableLink(tx, linkId, now, true);
    if (usable.kind === 'onboarding') await tx.update(sandboxAccountLinks).set({ usedAt: now }).where(eq(sandboxAccountLinks.id, linkId));
    const next = OUTCOMES[outcome];
    const [account] = await tx
      .update(sandboxConnectedAccounts)
      .set({ ...next, updatedAt: now })
      .where(eq(sandboxConnectedAccounts.id, usable.accountId))
      .returning();
    const event: SandboxEvent = {
      id: `evt_sandbox_${randomToken(18)}`,
      type: 'account.updated',
      created: Math.floor(now.getTime() / 1000),
      data: { object: sandboxAccountObject(account!) },
    };
    await tx.update(sandboxConnectedAccounts).set({ pendingEvent: event }).where(eq(sandboxConnectedAccounts.id, account!.id));
    return usable;
  });
  await deliverSandboxConnectEvents(deps);
  return { url: link.returnUrl };
}

/**
 * Posts the sandbox's connect events not accepted yet (accounts' `account.updated`, transfers' `transfer.reversed`);
 * each is cleared once our endpoint took it, only if no newer one replaced it meanwhile.
 */
export async function deliverSandboxConnectEvents(deps: WebhookDeps): Promise<number> {
  let delivered = 0;
  const accounts = await deps.db
    .select({ id: sandboxConnectedAccounts.id, event: sandboxConnectedAccounts.pendingEvent })
    .from(sandboxConnectedAccounts)
    .where(isNotNull(sandboxConnectedAccounts.pendingEvent))
    .limit(50);
  for (const a of accounts) {
    const event = a.event as unknown as SandboxEvent;
    if (!(await postSandboxEvent(deps, event))) continue;
    await deps.db
      .update(sandboxConnectedAccounts)
      .set({ pendingEvent: null })
      .where(and(eq(sandboxConnectedAccounts.id, a.id), sql`${sandboxConnectedAccounts.pendingEvent}->>'id' = ${event.id}`));
    delivered++;
  }
  const transfers = await deps.db
    .select({ id: sandboxTransfers.id, event: sandboxTransfers.pendingEvent })
    .from(sandboxTransfers)
    .where(isNotNull(sandboxTransfers.pendingEvent))
    .limit(50);
  for (const t of transfers) {
    const event = t.event as unknown as SandboxEvent;
    if (!(await postSandboxEvent(deps, event))) continue;
    await deps.db
      .update(sandboxTransfers)
      .set({ pendingEvent: null })
      .where(and(eq(sandboxTransfers.id, t.id), sql`${sandboxTransfers.pendingEvent}->>'id' = ${event.id}`));
    delivered++;
  }
  return delivered;
}

/**
 * A test control of the sandbox's dashboard: the platform reverses a transfer it made to this account (as it can
 * in Stripe's Dashboard), and the sandbox tells us by a signed `transfer.reversed`. Once per transfer.
 */
export async function reverseSandboxTransfer(deps: WebhookDeps, linkId: string, transferId: string): Promise<SandboxConnectPage> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const link = await usableLink(tx, linkId, now);
    if (link.kind !== 'dashboard') throw new AppError('NOT_FOUND', PM.linkExpired);
    const [transfer] = await tx
      .update(sandboxTransfers)
      .set({ reversedCents: sql`${sandboxTransfers.amountCents}` })
      .where(
        and(
          eq(sandboxTransfers.id, transferId),
          eq(sandboxTransfers.accountId, link.accountId),
          sql`${sandboxTransfers.reversedCents} = 0`,
        ),
      )
      .returning();
    if (!transfer) throw new AppError('CONFLICT', 'This transfer is not one of this account’s, or it was already reversed.');
    const event: SandboxEvent = {
      id: `evt_sandbox_${randomToken(18)}`,
      type: 'transfer.reversed',
      created: Math.floor(now.getTime() / 1000),
      data: {
        object: { id: transfer.id, amount: transfer.amountCents, amount_reversed: transfer.reversedCents, metadata: transfer.metadata },
      },
    };
    await tx
      .update(sandboxTransfers)
      .set({ pendingEvent: event })
      .where(and(eq(sandboxTransfers.id, transfer.id), isNull(sandboxTransfers.pendingEvent)));
  });
  await deliverSandboxConnectEvents(deps);
  return sandboxConnectPage(deps, linkId);
}
