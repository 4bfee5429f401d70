import { and, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_SESSION_TTL_MS, addMonth, formatCents, subtractMonth } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import type { Deps } from '../../../lib/deps';
import { deals, merchantChargePeriods, merchantCharges, merchants, users, webhookEvents } from '../../../db/schema';
import type { Mailer } from '../../../mail/mailer';
import { AppError } from '../../../lib/errors';
import type { ProviderEvent } from '../../../payments/provider';
import { postChargePaid } from '../ledger/ledger.service';
import { notifyAdmins } from '../../platform';
import { chargeReceiptEmail, subscriptionActivatedEmail, subscriptionEndedEmail, subscriptionRenewedEmail } from './billing.emails';

/**
 * What merchants pay the platform (docs/product/design.md §4 and 7): the $15/month messaging subscription,
 * PerkBoost launches, and boosts of a live deal or a business listing (modules/merchant/boosts). A charge is a `merchant_charges` row plus a provider session; it is paid only
 * when the provider's signed webhook says so, and its effect is applied exactly once.
 */
export type BillingDeps = Pick<Deps, 'db' | 'payments' | 'config' | 'clock'>;

export interface MerchantChargeInput {
  merchantId: string;
  merchantEmail: string;
  kind: 'subscription' | 'perkboost' | 'deal_boost' | 'listing_boost';
  dealId?: string;
  boostDays?: number;
  amountCents: number;
  /** The one line on the card page, e.g. "PerkBoost: 7 days for “Two tacos”". */
  description: string;
  /** Where the card page returns to, under the app (e.g. `/merchant/dashboard?payment=success`). */
  successPath: string;
  cancelPath: string;
}

/** Writes an open charge and opens the provider's hosted card page for it. */
export async function startMerchantCharge(deps: BillingDeps, input: MerchantChargeInput): Promise<{ chargeId: string; url: string }> {
  const now = deps.clock.now();
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new AppError('BAD_REQUEST', 'A charge needs a positive amount in cents.');
  const kind = chargeKind(input.kind);
  if ((kind.needs.deal && !input.dealId) || (kind.needs.boostDays && !input.boostDays))
    throw new AppError('BAD_REQUEST', kind.messages.incomplete ?? 'This charge is missing what it pays for.');
  await closeOpenCharges(deps, input);
  const [charge] = await deps.db
    .insert(merchantCharges)
    .values({
      merchantId: input.merchantId,
      kind: input.kind,
      dealId: input.dealId ?? null,
      boostDays: input.boostDays ?? null,
      amountCents: input.amountCents,
      provider: deps.payments.name,
      status: 'open',
    })
    // One open page per launch or subscription (partial unique indexes): a second request started
    // at the same instant loses here instead of opening a second payable page.
    .onConflictDoNothing()
    .returning({ id: merchantCharges.id });
  if (!charge) throw new AppError('CONFLICT', kind.messages.pageOpen);
  const chargeId = charge.id;
  try {
    const session = await deps.payments.createMerchantCheckout({
      chargeId,
      customerEmail: input.merchantEmail,
      mode: input.kind === 'subscription' ? 'subscription' : 'payment',
      name: input.description,
      amountCents: input.amountCents,
      successUrl: `${deps.config.appUrl}${input.successPath}`,
      cancelUrl: `${deps.config.appUrl}${input.cancelPath}`,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    });
    await deps.db.update(merchantCharges).set({ providerSessionId: session.sessionId }).where(eq(merchantCharges.id, chargeId));
    return { chargeId, url: session.url };
  } catch (err) {
    // Nothing was charged: the charge is closed so a late event can never apply it.
    await deps.db.update(merchantCharges).set({ status: 'canceled' }).where(eq(merchantCharges.id, chargeId));
    throw err;
  }
}

/**
 * A merchant who opens a second payment page for the same thing (a PerkBoost launch of one deal,
 * or the subscription) must not be able to pay twice: the earlier open pages are closed at the
 * provider first. One that was paid meanwhile stops the new one.
 */
export async function closeOpenCharges(deps: BillingDeps, input: Pick<MerchantChargeInput, 'merchantId' | 'kind' | 'dealId'>) {
  const open = await deps.db
    .select({ id: merchantCharges.id, sessionId: merchantCharges.providerSessionId })
    .from(merchantCharges)
    .where(
      and(
        eq(merchantCharges.merchantId, input.merchantId),
        eq(merchantCharges.kind, input.kind),
        eq(merchantCharges.provider, deps.payments.name),
        eq(merchantCharges.status, 'open'),
        chargeKind(input.kind).needs.deal ? eq(merchantCharges.dealId, input.dealId!) : undefined,
      ),
    );
  for (const charge of open) {
    if (charge.sessionId && !(await deps.payments.expireCheckout(charge.sessionId)))
      throw new AppError('CONFLICT', chargeKind(input.kind).messages.alreadyPaid);
    await deps.db
      .update(merchantCharges)
      .set({ status: 'canceled' })
      .where(and(eq(merchantCharges.id, charge.id), eq(merchantCharges.status, 'open')));
  }
}

async function notifyRefundDue(tx: Tx, charge: ChargeRow, what = 'a deal that is no longer a draft, so nothing was launched') {
  await notifyAdmins(tx, {
    type: 'refund_due',
    title: 'PerkBoost payment needs a refund',
    message: `A PerkBoost payment of ${formatCents(charge.amountCents)} arrived for ${what}. Refund it at the payment provider.`,
    entityType: 'merchant_charge',
    entityId: charge.id,
  });
}

async function setSubscribed(tx: Tx, merchantId: string, now: Date) {
  await tx.update(merchants).set({ hasSubscription: true, updatedAt: now }).where(eq(merchants.id, merchantId));
}

type ChargeRow = typeof merchantCharges.$inferSelect;
type PeriodRow = typeof merchantChargePeriods.$inferSelect;

/** What merchants can pay the platform for (merchant_charges.kind). */
export type ChargeKindName = MerchantChargeInput['kind'];
/** A charge kind other than the subscription, which billing applies itself. */
export type FeatureChargeKind = Exclude<ChargeKindName, 'subscription'>;

/**
 * Everything billing needs to know of one kind of charge. The subscription is billing's own; the others
 * (boosts, PerkBoost launches) are registered by the feature that sells them when the app is built
 * (app.ts), so billing, below them, neither imports them nor switches on their names
 * (docs/decisions/0038-business-areas.md).
 */
export interface ChargeKind {
  /** What the charge pays for, in one line: the card page, the Billing tab, the receipt and its e-mail. */
  describe(c: { boostDays: number | null; dealTitle: string | null }): string;
  /** What a charge of this kind names. One open payment page per merchant and kind (and deal, when it names one). */
  needs: { deal: boolean; boostDays: boolean };
  messages: {
    /** A second payment page asked for while one is open. */
    pageOpen: string;
    /** A new page asked for, but the open one was paid meanwhile. */
    alreadyPaid: string;
    /** A charge started without what `needs` asks for (a programming error, answered 400). */
    incomplete?: string;
  };
  /**
   * What a paid charge buys, applied in the payment's transaction (once per charge). False when there is
   * nothing left to apply it to; the admins are then told to refund the payment, `whenNotApplied` saying
   * what arrived.
   */
  apply?(tx: Tx, charge: ChargeRow, now: Date): Promise<boolean>;
  whenNotApplied?: string;
}

/** The merchant's messaging subscription: billing records its periods and switches messaging on itself. */
const SUBSCRIPTION: ChargeKind = {
  describe: () => 'Advertise + Messaging plan (monthly)',
  needs: { deal: false, boostDays: false },
  messages: {
    pageOpen: 'A payment page for this is already open. Finish or cancel it, then try again.',
    alreadyPaid: 'Your subscription is already paid. Messaging unlocks as soon as the payment is confirmed.',
  },
};

const chargeKinds = new Map<ChargeKindName, ChargeKind>([['subscription', SUBSCRIPTION]]);

/** Registers (or replaces) what billing knows of a kind of charge a feature sells. */
export function registerChargeKind(name: FeatureChargeKind, kind: ChargeKind) {
  chargeKinds.set(name, kind);
}

function chargeKind(name: ChargeKindName): ChargeKind {
  const kind = chargeKinds.get(name);
  if (!kind) throw new Error(`No charge kind "${name}" is registered with billing`);
  return kind;
}

/** What a charge pays for, in one line (the Billing tab, the receipt and its e-mail). */
export const describeCharge = (c: { kind: ChargeKindName; boostDays: number | null; dealTitle: string | null }) =>
  chargeKind(c.kind).describe(c);

/**
 * Records one paid period of a subscription; null when that period is already recorded (a replayed
 * or duplicate renewal), so whatever the caller writes with a new period (its receipt) happens once.
 */
async function recordPeriod(
  tx: Tx,
  charge: ChargeRow,
  p: { id?: string; number: number; start: Date; end: Date; paidAt: Date },
): Promise<PeriodRow | null> {
  const [row] = await tx
    .insert(merchantChargePeriods)
    .values({
      ...(p.id ? { id: p.id } : {}),
      chargeId: charge.id,
      merchantId: charge.merchantId,
      periodNumber: p.number,
      periodStart: p.start,
      periodEnd: p.end,
      amountCents: charge.amountCents,
      paidAt: p.paidAt,
    })
    .onConflictDoNothing({ target: [merchantChargePeriods.chargeId, merchantChargePeriods.periodNumber] })
    .returning();
  return row ?? null;
}

/** Where renewal n starts: where the period before it ended (one month before its end when that is not recorded). */
async function renewalStart(tx: Tx, chargeId: string, number: number, end: Date): Promise<Date> {
  const [prev] = await tx
    .select({ end: merchantChargePeriods.periodEnd })
    .from(merchantChargePeriods)
    .where(and(eq(merchantChargePeriods.chargeId, chargeId), eq(merchantChargePeriods.periodNumber, number - 1)));
  return prev && prev.end < end ? prev.end : subtractMonth(end);
}

/** 365.25 / 12 days: counts the months a subscription has been paid for. */
const AVERAGE_MONTH_MS = 30.4375 * 24 * 60 * 60_000;

/**
 * Marks an open (or given-up) charge paid and applies what it pays for, in the caller's transaction.
 * `receipt` writes its e-mail to the outbox in the same transaction: only the update that moves the
 * charge to paid returns it, so a redelivered or duplicate event never sends a second receipt.
 */
async function applyPaid(
  tx: Tx,
  where: ReturnType<typeof and>,
  event: ProviderEvent,
  now: Date,
  receipt: (tx: Tx, charge: ChargeRow) => Promise<void>,
): Promise<ChargeRow | null> {
  const [paid] = await tx
    .update(merchantCharges)
    .set({ status: 'paid', paidAt: now })
    .where(and(where, inArray(merchantCharges.status, ['open', 'expired'])))
    .returning();
  if (!paid) return null;
  let charge = paid;
  if (event.chargeId && event.chargeId !== charge.id) throw new AppError('BAD_REQUEST', 'The event names another charge than its session.');
  // The platform's income enters the ledger with the payment (docs/decisions/0018-one-ledger.md).
  await postChargePaid(tx, charge, now);
  if (charge.kind === 'subscription') {
    const periodEnd = event.periodEnd ?? addMonth(now);
    [charge] = (await tx
      .update(merchantCharges)
      .set({ providerSubscriptionId: event.subscriptionId ?? charge.providerSubscriptionId, currentPeriodEnd: periodEnd })
      .where(eq(merchantCharges.id, charge.id))
      .returning()) as [ChargeRow];
    // Period 1 keeps the charge's id: its receipt is the one the activation e-mail links to.
    await recordPeriod(tx, charge, { id: charge.id, number: 1, start: now, end: periodEnd, paidAt: now });
    await setSubscribed(tx, charge.merchantId, now);
  } else {
    // What a boost or a PerkBoost launch buys is applied by the feature that sold it (registerChargeKind).
    const kind = chargeKind(charge.kind);
    // Paid, but there is nothing left to apply it to (deleted or taken down meanwhile): the admins are told to refund it.
    if (kind.apply && !(await kind.apply(tx, charge, now))) await notifyRefundDue(tx, charge, kind.whenNotApplied);
  }
  await receipt(tx, charge);
  return charge;
}

export interface BillingEventResult {
  /** Something changed (false for a redelivery or an event with nothing left to do). */
  applied: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a checkout event is about a merchant charge (its metadata names one, or its session is one of
 * ours) rather than a customer's order: the webhooks entry point hands it to billing then.
 */
export async function isMerchantChargeEvent(deps: Pick<Deps, 'db' | 'payments'>, event: ProviderEvent): Promise<boolean> {
  if (event.chargeId) return true;
  if (!event.sessionId) return false;
  const [row] = await deps.db
    .select({ id: merchantCharges.id })
    .from(merchantCharges)
    .where(and(eq(merchantCharges.provider, deps.payments.name), eq(merchantCharges.providerSessionId, event.sessionId)));
  return Boolean(row);
}

/**
 * Handles a verified provider event about merchant billing: a merchant charge's checkout, or a
 * subscription renewed or ended. Exactly once: the event id is recorded under a primary key and the
 * charge moves by conditional updates, in one transaction with the merchant and deal changes.
 */
export async function handleBillingEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'log' | 'mailer' | 'config' | 'clock'>,
  event: ProviderEvent,
): Promise<BillingEventResult> {
  const now = deps.clock.now();
  const mailIds: string[] = [];
  /** Mails are written in the transaction that makes the change they report, and sent after it. */
  const mail = async (tx: Tx, merchantId: string, build: (to: string, businessName: string) => Parameters<Mailer['queue']>[1]) => {
    const [m] = await tx
      .select({ email: users.email, businessName: merchants.businessName })
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.userId))
      .where(eq(merchants.id, merchantId));
    if (m) mailIds.push(await deps.mailer.queue(tx, build(m.email, m.businessName)));
  };
  const appUrl = deps.config.appUrl;

  /** The receipt of a charge just paid: the subscription's activation mail, or a PerkBoost receipt. */
  const receipt = async (tx: Tx, c: ChargeRow) => {
    if (c.kind === 'subscription') {
      await mail(tx, c.merchantId, (to, businessName) =>
        subscriptionActivatedEmail(
          to,
          { businessName, amountCents: c.amountCents, periodEnd: c.currentPeriodEnd ?? addMonth(now), chargeId: c.id },
          appUrl,
        ),
      );
      return;
    }
    const [deal] = c.dealId ? await tx.select({ title: deals.title }).from(deals).where(eq(deals.id, c.dealId)) : [];
    const description = describeCharge({ kind: c.kind, boostDays: c.boostDays, dealTitle: deal?.title ?? null });
    await mail(tx, c.merchantId, (to, businessName) =>
      chargeReceiptEmail(to, { businessName, chargeId: c.id, description, amountCents: c.amountCents, paidAt: c.paidAt ?? now }, appUrl),
    );
  };

  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: deps.payments.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) return { applied: false, cancelSubscription: null as string | null };
    const ours = eq(merchantCharges.provider, deps.payments.name);

    if (event.type === 'checkout.expired' && event.sessionId) {
      const rows = await tx
        .update(merchantCharges)
        .set({ status: 'expired' })
        .where(and(ours, eq(merchantCharges.providerSessionId, event.sessionId), eq(merchantCharges.status, 'open')))
        .returning({ id: merchantCharges.id });
      return { applied: rows.length > 0, cancelSubscription: null };
    }

    if (event.type === 'checkout.paid' && event.sessionId) {
      const charge = await applyPaid(tx, and(ours, eq(merchantCharges.providerSessionId, event.sessionId)), event, now, receipt);
      return { applied: Boolean(charge), cancelSubscription: await unneededSubscription(tx, charge, event.subscriptionId ?? null, now) };
    }

    if (event.type === 'subscription.renewed' && event.subscriptionId) {
      const bySubscription = eq(merchantCharges.providerSubscriptionId, event.subscriptionId);
      const match = and(
        ours,
        eq(merchantCharges.kind, 'subscription'),
        // Charge ids are UUIDs; metadata from elsewhere on the provider account is not ours (and not a uuid to compare).
        event.chargeId && UUID.test(event.chargeId) ? or(bySubscription, eq(merchantCharges.id, event.chargeId)) : bySubscription,
      );
      // A paid invoice can arrive before the checkout's own event: it confirms the payment too.
      const first = await applyPaid(tx, match, { ...event, chargeId: null }, now, receipt);
      const periodEnd = event.periodEnd ?? addMonth(now);
      // What the charges were paid through before: a replayed invoice (another event id, the same
      // period) moves nothing, and is answered so (docs/decisions/0040-safe-at-scale.md).
      const before = new Map(
        (
          await tx
            .select({ id: merchantCharges.id, currentPeriodEnd: merchantCharges.currentPeriodEnd })
            .from(merchantCharges)
            .where(and(match, eq(merchantCharges.status, 'paid')))
            .for('update')
        ).map((c) => [c.id, c.currentPeriodEnd?.getTime() ?? null]),
      );
      let isNew = Boolean(first);
      const renewed = await tx
        .update(merchantCharges)
        .set({
          providerSubscriptionId: event.subscriptionId,
          currentPeriodEnd: sql`greatest(coalesce(${merchantCharges.currentPeriodEnd}, ${periodEnd}), ${periodEnd})`,
        })
        .where(and(match, eq(merchantCharges.status, 'paid')))
        .returning();
      for (const charge of renewed) {
        const was = before.get(charge.id);
        if (was === undefined || was === null || (charge.currentPeriodEnd?.getTime() ?? 0) > was) isNew = true;
        await setSubscribed(tx, charge.merchantId, now);
        // A renewal is another month paid. Which month, counted from the first payment, names it in the
        // ledger: the first invoice (also confirming the checkout) is month 1, already recorded by applyPaid.
        const month = charge.paidAt ? Math.round((periodEnd.getTime() - charge.paidAt.getTime()) / AVERAGE_MONTH_MS) : 0;
        if (month < 2) continue;
        if (await postChargePaid(tx, charge, now, month)) isNew = true;
        // Its own line and receipt on the Billing tab, e-mailed only when this period is new.
        const start = await renewalStart(tx, charge.id, month, periodEnd);
        const period = await recordPeriod(tx, charge, { number: month, start, end: periodEnd, paidAt: now });
        if (period) {
          isNew = true;
          await mail(tx, charge.merchantId, (to, businessName) =>
            subscriptionRenewedEmail(
              to,
              {
                businessName,
                amountCents: period.amountCents,
                periodId: period.id,
                periodStart: period.periodStart,
                periodEnd: period.periodEnd,
                paidAt: period.paidAt,
              },
              appUrl,
            ),
          );
        }
      }
      return { applied: isNew, cancelSubscription: null };
    }

    if (event.type === 'subscription.ended' && event.subscriptionId) {
      const ended = await tx
        .update(merchantCharges)
        .set({ status: 'canceled' })
        .where(
          and(
            ours,
            eq(merchantCharges.kind, 'subscription'),
            eq(merchantCharges.providerSubscriptionId, event.subscriptionId),
            eq(merchantCharges.status, 'paid'),
          ),
        )
        .returning();
      for (const charge of ended) {
        // Another paid, current subscription of the same merchant keeps access.
        const [other] = await tx
          .select({ id: merchantCharges.id })
          .from(merchantCharges)
          .where(
            and(
              eq(merchantCharges.merchantId, charge.merchantId),
              eq(merchantCharges.kind, 'subscription'),
              eq(merchantCharges.status, 'paid'),
              ne(merchantCharges.id, charge.id),
              gt(merchantCharges.currentPeriodEnd, now),
            ),
          );
        if (!other) {
          await tx.update(merchants).set({ hasSubscription: false, updatedAt: now }).where(eq(merchants.id, charge.merchantId));
          await mail(tx, charge.merchantId, (to, businessName) => subscriptionEndedEmail(to, { businessName }, appUrl));
        }
      }
      return { applied: ended.length > 0, cancelSubscription: null };
    }
    return { applied: false, cancelSubscription: null };
  });

  for (const id of mailIds)
    await deps.mailer
      .deliver(id)
      .catch((err: unknown) => deps.log.error({ err, mailId: id }, 'billing e-mail failed (it stays in the outbox for retry)'));
  // Paid for a plan the merchant has left meanwhile: it runs out at the period end, not renewed.
  if (outcome.cancelSubscription) {
    await deps.payments
      .setCancelAtPeriodEnd(outcome.cancelSubscription, true)
      .catch((err: unknown) => deps.log.error({ err }, 'canceling an unneeded subscription failed'));
  }
  return { applied: outcome.applied };
}

/**
 * A subscription just paid that is not needed: the merchant has left the messaging plan meanwhile,
 * or already has another paid, current subscription (two card pages paid). It is not renewed.
 */
async function unneededSubscription(tx: Tx, charge: ChargeRow | null, subscriptionId: string | null, now: Date): Promise<string | null> {
  if (!charge || charge.kind !== 'subscription' || !subscriptionId) return null;
  const [m] = await tx.select({ plan: merchants.subscriptionPlan }).from(merchants).where(eq(merchants.id, charge.merchantId));
  if (m && m.plan !== 'advertise_messaging') return subscriptionId;
  const others = (await activeSubscriptions(tx, charge.merchantId, now)).filter((c) => c.id !== charge.id);
  return others.length ? subscriptionId : null;
}

/** Open charges whose card page has closed can no longer be paid through it. */
export async function expireStaleCharges(deps: Pick<Deps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  await deps.db
    .update(merchantCharges)
    .set({ status: 'expired' })
    .where(
      and(eq(merchantCharges.status, 'open'), sql`${merchantCharges.createdAt} < ${new Date(now.getTime() - CHECKOUT_SESSION_TTL_MS)}`),
    );
}

/** A renewal's confirmation may land a little after the period end; access does not flicker meanwhile. */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60_000;

/** Whether the merchant has a subscription the provider confirmed as paid and still current. */
export async function hasPaidSubscription(db: Tx, merchantId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: merchantCharges.id })
    .from(merchantCharges)
    .where(
      and(
        eq(merchantCharges.merchantId, merchantId),
        eq(merchantCharges.kind, 'subscription'),
        eq(merchantCharges.status, 'paid'),
        gt(merchantCharges.currentPeriodEnd, new Date(now.getTime() - RENEWAL_GRACE_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The end of the latest period the merchant paid for on a messaging subscription (the provider's
 * period end, moved on by each renewal), null when none was paid. A merchant who leaves the plan
 * keeps messaging until then (hasMessagingAccess); the provider was told not to renew.
 */
export async function messagingPaidUntil(db: Tx, merchantId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${merchantCharges.currentPeriodEnd})`.mapWith(merchantCharges.currentPeriodEnd) })
    .from(merchantCharges)
    .where(and(eq(merchantCharges.merchantId, merchantId), eq(merchantCharges.kind, 'subscription'), eq(merchantCharges.status, 'paid')));
  return row?.until ?? null;
}

/** A merchant row with what customer messaging depends on (hasMessagingAccess, messagingActiveUntil). */
export async function withMessagingFacts<M extends { id: string }>(db: Tx, m: M): Promise<M & { messagingPaidUntil: Date | null }> {
  return { ...m, messagingPaidUntil: await messagingPaidUntil(db, m.id) };
}

/** The merchant's paid subscriptions that the provider still bills (newest first). */
export async function activeSubscriptions(db: Tx, merchantId: string, now: Date) {
  return db
    .select()
    .from(merchantCharges)
    .where(
      and(
        eq(merchantCharges.merchantId, merchantId),
        eq(merchantCharges.kind, 'subscription'),
        eq(merchantCharges.status, 'paid'),
        isNotNull(merchantCharges.providerSubscriptionId),
        gt(merchantCharges.currentPeriodEnd, now),
      ),
    )
    .orderBy(desc(merchantCharges.paidAt));
}

/**
 * Leaving (cancel = true) or coming back to (false) the messaging plan: the provider stops or
 * resumes renewing at the period end; access lasts until the provider ends the subscription.
 */
export async function setSubscriptionRenewal(
  deps: Pick<Deps, 'db' | 'payments' | 'clock'>,
  merchantId: string,
  renew: boolean,
): Promise<number> {
  const subs = await activeSubscriptions(deps.db, merchantId, deps.clock.now());
  for (const s of subs) await deps.payments.setCancelAtPeriodEnd(s.providerSubscriptionId!, !renew);
  return subs.length;
}
