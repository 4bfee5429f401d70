import { and, eq, sql } from 'drizzle-orm';
import { PAYOUT_ACCOUNT_MESSAGES as PM, paths, requirementLabel, type PayoutAccount, type PayoutAccountLink } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { centsSum } from '../../../db/cents';
import { merchantPayouts, merchants, payoutAccounts, users } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { ProviderAccount, ProviderEvent } from '../../../payments/provider';
import { isNewProviderEvent } from '../webhook-events';
import { merchantOfUser } from '../merchant-money/merchant-billing.service';
import { accountChanged } from '../payouts/transfers.service';

/*
 * A payout account per merchant (docs/decisions/0056-payout-accounts-and-transfers.md): the merchant sets it up
 * from their Payouts page through the provider's hosted onboarding (Stripe Connect Express, or the sandbox's own
 * page); its state comes back by signed `account.updated` events, and by a fresh read when the merchant returns.
 */

export type PayoutAccountDeps = Pick<Deps, 'db' | 'payments' | 'clock' | 'config' | 'log'>;

type AccountRow = typeof payoutAccounts.$inferSelect;

/** Where the provider sends the merchant back: their Payouts page, told why. */
const payoutsPage = (appUrl: string, account: 'return' | 'refresh') => `${appUrl}${paths.merchantPayouts}?account=${account}`;

async function accountOf(db: Tx, merchantId: string, provider: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.merchantId, merchantId), eq(payoutAccounts.provider, provider as AccountRow['provider'])));
  return row ?? null;
}

/** The merchant's payout account as their Payouts page shows it, with the payouts waiting for it. */
export async function getPayoutAccount(deps: Pick<Deps, 'db' | 'payments'>, userId: string): Promise<PayoutAccount> {
  const m = await merchantOfUser(deps.db, userId);
  return describeAccount(deps, m.id, await accountOf(deps.db, m.id, deps.payments.name));
}

async function describeAccount(deps: Pick<Deps, 'db' | 'payments'>, merchantId: string, row: AccountRow | null): Promise<PayoutAccount> {
  const [waiting] = await deps.db
    .select({ n: sql<number>`count(*)::int`, net: centsSum(sql`sum(${merchantPayouts.netCents})`) })
    .from(merchantPayouts)
    .where(
      and(eq(merchantPayouts.merchantId, merchantId), eq(merchantPayouts.isPaid, false), eq(merchantPayouts.state, 'waiting_for_account')),
    );
  return {
    status: row?.status ?? 'not_started',
    provider: deps.payments.name,
    requirements: (row?.requirements ?? []).map((field) => ({ field, label: requirementLabel(field) })),
    hasDashboard: Boolean(row),
    updatedAt: row?.statusAt?.toISOString() ?? null,
    waiting: { payouts: Number(waiting?.n ?? 0), netCents: waiting?.net ?? 0 },
  };
}

/**
 * "Set up payouts" (or "Continue setup", "Update your details"): the merchant's account at the provider, made
 * once, and a fresh single-use link to its hosted onboarding. An active account needs none.
 */
export async function startOnboarding(deps: PayoutAccountDeps, userId: string): Promise<PayoutAccountLink> {
  const m = await merchantOfUser(deps.db, userId);
  if (!m.approved) throw new AppError('FORBIDDEN', PM.notApproved);
  let row = await accountOf(deps.db, m.id, deps.payments.name);
  if (row?.status === 'active') throw new AppError('CONFLICT', PM.alreadyActive);
  if (!row) {
    const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, m.userId));
    // The provider makes one account per merchant however often this runs (its idempotency key): two clicks, one account.
    const created = await deps.payments.createPayoutAccount({ merchantId: m.id, email: owner!.email, businessName: m.businessName });
    row = await recordAccount(deps, m.id, created, null);
  }
  return deps.payments.createOnboardingLink({
    accountId: row.providerAccountId,
    returnUrl: payoutsPage(deps.config.appUrl, 'return'),
    refreshUrl: payoutsPage(deps.config.appUrl, 'refresh'),
  });
}

/** The merchant came back from onboarding: the account as the provider sees it now (events may still be on their way). */
export async function refreshPayoutAccount(deps: PayoutAccountDeps, userId: string): Promise<PayoutAccount> {
  const m = await merchantOfUser(deps.db, userId);
  const row = await accountOf(deps.db, m.id, deps.payments.name);
  if (!row) return describeAccount(deps, m.id, null);
  const fresh = await deps.payments.retrievePayoutAccount(row.providerAccountId);
  return describeAccount(deps, m.id, await recordAccount(deps, m.id, fresh, deps.clock.now()));
}

/** A single-use link to the account's dashboard at the provider (Stripe's Express dashboard, or the sandbox's). */
export async function dashboardLink(deps: PayoutAccountDeps, userId: string): Promise<PayoutAccountLink> {
  const m = await merchantOfUser(deps.db, userId);
  const row = await accountOf(deps.db, m.id, deps.payments.name);
  if (!row) throw new AppError('CONFLICT', PM.noAccount);
  return deps.payments.createDashboardLink({ accountId: row.providerAccountId, returnUrl: payoutsPage(deps.config.appUrl, 'return') });
}

/**
 * Keeps what the provider says of an account, unless we already hold something it said later (`at`; null: as
 * it is now, for an account just made). The merchant's payouts follow the new state in the same transaction.
 */
async function recordAccount(deps: Pick<Deps, 'db' | 'payments' | 'clock'>, merchantId: string, account: ProviderAccount, at: Date | null) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await upsertAccount(tx, deps.payments.name, merchantId, account, at);
    await accountChanged(tx, { merchantId, provider: row.provider, status: row.status, requirements: row.requirements }, now);
    return row;
  });
}

/**
 * Providers date their events in whole seconds (Stripe's `created`): states are compared at that resolution. A
 * state read at `at` null (the account as it was just made) never overwrites one an event told.
 */
async function upsertAccount(tx: Tx, provider: AccountRow['provider'], merchantId: string, account: ProviderAccount, time: Date | null) {
  const at = time ? new Date(Math.floor(time.getTime() / 1000) * 1000) : null;
  await tx
    .insert(payoutAccounts)
    .values({
      merchantId,
      provider,
      providerAccountId: account.id,
      status: account.status,
      requirements: account.requirements,
      statusAt: at,
    })
    .onConflictDoNothing();
  // Only news: an event older than the state we hold (events can arrive out of order) changes nothing.
  if (at)
    await tx
      .update(payoutAccounts)
      .set({ status: account.status, requirements: account.requirements, statusAt: at, updatedAt: at })
      .where(
        and(
          eq(payoutAccounts.provider, provider),
          eq(payoutAccounts.providerAccountId, account.id),
          sql`(${payoutAccounts.statusAt} is null or ${payoutAccounts.statusAt} <= ${at.toISOString()}::timestamptz)`,
        ),
      );
  const [row] = await tx
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, account.id)));
  return row!;
}

/**
 * `account.updated` (webhooks): the account's new state, once per event id (a redelivery writes nothing), never
 * older over newer. An account we did not make (no merchant of ours in its metadata) is ignored.
 */
export async function handleAccountEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'clock'>,
  event: ProviderEvent,
): Promise<{ applied: boolean }> {
  const account = event.account;
  if (event.type !== 'account.updated' || !account) return { applied: false };
  const now = deps.clock.now();
  const applied = await deps.db.transaction(async (tx) => {
    if (!(await isNewProviderEvent(tx, deps.payments.name, event))) return false;
    const [known] = await tx
      .select({ merchantId: payoutAccounts.merchantId })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.provider, deps.payments.name), eq(payoutAccounts.providerAccountId, account.id)));
    // The event may come before our record of the account it is about (Stripe sends one as the account is made).
    let merchantId = known?.merchantId ?? null;
    if (!merchantId && account.merchantId) {
      const [m] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, account.merchantId));
      merchantId = m?.id ?? null;
    }
    if (!merchantId) return false;
    const before = await accountOf(tx, merchantId, deps.payments.name);
    const row = await upsertAccount(tx, deps.payments.name, merchantId, account, event.createdAt ?? now);
    if (before && before.status === row.status && JSON.stringify(before.requirements) === JSON.stringify(row.requirements)) return false;
    await accountChanged(tx, { merchantId, provider: row.provider, status: row.status, requirements: row.requirements }, now);
    return true;
  });
  return { applied };
}
