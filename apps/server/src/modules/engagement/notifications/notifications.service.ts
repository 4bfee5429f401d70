import { createHmac } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  NOTIFICATION_CAP_WINDOW_MS,
  NOTIFICATION_DAILY_CAP,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCE_LABELS,
  NOTIFICATION_PREFERENCES,
  paths,
  type NotificationPreference,
  type NotificationPreferences,
  type UnsubscribeResult,
  type UpdateNotificationPreferences,
} from '@localperks/shared';
import type { Db, Tx } from '../../../db/client';
import { notificationPreferences, notificationSends, signingKeys, users } from '../../../db/schema';
import { randomToken, safeEqual } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { AppError } from '../../../lib/errors';
import { lockKey } from '../../../lib/rate-limit';
import { LOCK_IDS } from '../../../lib/lock-ids';
import type { MailMessage } from '../../../mail/mailer';

/**
 * The non-transactional e-mails (docs/decisions/0065-notifications.md), each sent at most once per customer, kind and
 * subject (a voucher or a deal): the review request, the expiry reminders and the saved-deal and followed-business
 * alerts. Receipts, codes, refunds and gifts are transactional and do not come through here.
 */
export const NOTIFICATION_KINDS = [
  'review_request',
  'expiry_7_days',
  'expiry_1_day',
  'saved_deal_unlocked',
  'saved_deal_ending',
  'followed_business_deal',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switch in the account's Notifications section that each kind obeys. */
const PREFERENCE_OF: Record<NotificationKind, NotificationPreference> = {
  review_request: 'reviewRequests',
  expiry_7_days: 'expiryReminders',
  expiry_1_day: 'expiryReminders',
  saved_deal_unlocked: 'savedDealAlerts',
  saved_deal_ending: 'savedDealAlerts',
  followed_business_deal: 'followedBusinesses',
};

export type NotificationDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'config'>;

/** `sent`; `already-sent` (another run or instance did); `off` (the customer switched the kind off); `capped` (3 today). */
export type NotificationOutcome = 'sent' | 'already-sent' | 'off' | 'capped';

/** What a mail builder gets: the visible unsubscribe link and why the mail was sent (for its footer). */
export interface UnsubscribeLink {
  why: string;
  url: string;
}

const ALL_ON: NotificationPreferences = { reviewRequests: true, expiryReminders: true, savedDealAlerts: true, followedBusinesses: true };

/**
 * Sends one notification exactly once, if the customer wants that kind and is under the daily cap. Under the
 * customer's advisory lock, in one transaction: the preference is read, the last 24 hours' sends are counted (the
 * cap), the row in `notification_sends` (primary key: customer, kind, subject) is inserted and the mail written to the
 * outbox. So of two runs at once (two instances, a retry) one writes both, and parallel sends to one customer never
 * pass the cap. A capped notification is not recorded: a later run sends it if it still applies. The mail carries a
 * visible unsubscribe link and the RFC 8058 headers; it is handed to SMTP after the commit.
 */
export async function sendNotification(
  deps: NotificationDeps,
  n: { userId: string; kind: NotificationKind; subjectId: string; mail: (unsubscribe: UnsubscribeLink) => MailMessage },
): Promise<NotificationOutcome> {
  const now = deps.clock.now();
  const preference = PREFERENCE_OF[n.kind];
  const token = await unsubscribeToken(deps.db, n.userId, preference);
  const label = NOTIFICATION_PREFERENCE_LABELS[preference].label.toLowerCase();
  const unsubscribe = {
    why: `You get ${label} because they are on in your LocalPerks notification settings.`,
    url: `${deps.config.appUrl}${paths.unsubscribe(token)}`,
  };
  const oneClick = `${deps.config.appUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
  const result = await deps.db.transaction(async (tx): Promise<{ outcome: NotificationOutcome; mailId?: string }> => {
    await lockCustomer(tx, n.userId);
    if (!(await preferencesOf(tx, n.userId))[preference]) return { outcome: 'off' };
    const [done] = await tx
      .select({ n: sql<number>`1` })
      .from(notificationSends)
      .where(and(eq(notificationSends.userId, n.userId), eq(notificationSends.kind, n.kind), eq(notificationSends.subjectId, n.subjectId)));
    if (done) return { outcome: 'already-sent' };
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationSends)
      .where(
        and(eq(notificationSends.userId, n.userId), gt(notificationSends.sentAt, new Date(now.getTime() - NOTIFICATION_CAP_WINDOW_MS))),
      );
    if (Number(today?.n ?? 0) >= NOTIFICATION_DAILY_CAP) return { outcome: 'capped' };
    const [row] = await tx
      .insert(notificationSends)
      .values({ userId: n.userId, kind: n.kind, subjectId: n.subjectId, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: notificationSends.userId });
    if (!row) return { outcome: 'already-sent' };
    const mailId = await deps.mailer.queue(tx, {
      ...n.mail(unsubscribe),
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await tx
      .update(notificationSends)
      .set({ mailId })
      .where(and(eq(notificationSends.userId, n.userId), eq(notificationSends.kind, n.kind), eq(notificationSends.subjectId, n.subjectId)));
    return { outcome: 'sent', mailId };
  });
  if (result.mailId) await deliverQueuedMail(deps, result.mailId, n.kind);
  return result.outcome;
}

/** One customer's notifications are decided one at a time (the daily cap counts under this lock). */
async function lockCustomer(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.notificationSpace}::int, ${lockKey(`notify:${userId}`)}::int)`);
}

async function preferencesOf(db: Tx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return ALL_ON;
  return {
    reviewRequests: row.reviewRequests,
    expiryReminders: row.expiryReminders,
    savedDealAlerts: row.savedDealAlerts,
    followedBusinesses: row.followedBusinesses,
  };
}

export const notificationSettings = (deps: Pick<Deps, 'db'>, userId: string) => preferencesOf(deps.db, userId);

/** Saves some of the switches (the others keep their value). */
export async function updateNotificationSettings(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  change: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const now = deps.clock.now();
  await deps.db
    .insert(notificationPreferences)
    .values({ userId, ...ALL_ON, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...change, updatedAt: now } });
  return preferencesOf(deps.db, userId);
}

/** The key unsubscribe links are signed with: made on first use, kept in the database for every instance and release. */
const SIGNING_KEY = 'unsubscribe';
const keys = new WeakMap<object, string>();
async function signingKey(db: Db | Tx): Promise<string> {
  const cached = keys.get(db);
  if (cached) return cached;
  await db
    .insert(signingKeys)
    .values({ name: SIGNING_KEY, secret: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, SIGNING_KEY));
  keys.set(db, row!.secret);
  return row!.secret;
}

const signature = (key: string, userId: string, preference: NotificationPreference) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${preference}`).digest('base64url');

/**
 * The token of an unsubscribe link: the customer, the kind, and an HMAC of both with the server's key. It turns that
 * kind off without signing in; it does not expire (a mail read months later still works) and using it again changes
 * nothing more.
 */
export async function unsubscribeToken(tx: Tx, userId: string, preference: NotificationPreference): Promise<string> {
  return `${userId}.${preference}.${signature(await signingKey(tx), userId, preference)}`;
}

async function verifyToken(db: Db, token: string): Promise<{ userId: string; preference: NotificationPreference }> {
  const [userId, preference, sig, ...rest] = token.split('.');
  const invalid = new AppError('TOKEN_INVALID', NOTIFICATION_MESSAGES.unsubscribeInvalid);
  if (rest.length || !userId || !sig || !/^[0-9a-f-]{36}$/i.test(userId)) throw invalid;
  if (!(NOTIFICATION_PREFERENCES as readonly string[]).includes(preference ?? '')) throw invalid;
  const kind = preference as NotificationPreference;
  if (!safeEqual(sig, signature(await signingKey(db), userId, kind))) throw invalid;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw invalid;
  return { userId, preference: kind };
}

/**
 * One click (the link's page, or the mailbox provider's RFC 8058 POST): the link's kind is turned off for its
 * customer, without signing in; `subscribed: true` turns it back on (the page's "Undo").
 */
export async function applyUnsubscribeLink(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
  subscribed = false,
): Promise<UnsubscribeResult> {
  const { userId, preference } = await verifyToken(deps.db, token);
  await updateNotificationSettings(deps, userId, { [preference]: subscribed });
  const label = NOTIFICATION_PREFERENCE_LABELS[preference].label;
  return {
    kind: preference,
    label,
    subscribed,
    message: subscribed ? NOTIFICATION_MESSAGES.resubscribed(label) : NOTIFICATION_MESSAGES.unsubscribed(label),
  };
}
