import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { notificationSends } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
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

export type NotificationDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'config'>;

export type NotificationOutcome = 'sent' | 'already-sent';

/**
 * Sends one notification exactly once: its row in `notification_sends` (primary key: customer, kind, subject) and its
 * mail in the outbox are written in one transaction, under the customer's advisory lock, so of two runs at once (two
 * instances, a retry) one writes both and the other finds the row. The mail is handed to SMTP after the commit.
 */
export async function sendNotification(
  deps: NotificationDeps,
  n: { userId: string; kind: NotificationKind; subjectId: string; mail: MailMessage },
): Promise<NotificationOutcome> {
  const now = deps.clock.now();
  const mailId = await deps.db.transaction(async (tx) => {
    await lockCustomer(tx, n.userId);
    const [row] = await tx
      .insert(notificationSends)
      .values({ userId: n.userId, kind: n.kind, subjectId: n.subjectId, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: notificationSends.userId });
    if (!row) return null;
    const id = await deps.mailer.queue(tx, n.mail);
    await tx
      .update(notificationSends)
      .set({ mailId: id })
      .where(
        sql`${notificationSends.userId} = ${n.userId} and ${notificationSends.kind} = ${n.kind} and ${notificationSends.subjectId} = ${n.subjectId}`,
      );
    return id;
  });
  if (!mailId) return 'already-sent';
  await deliverQueuedMail(deps, mailId, n.kind);
  return 'sent';
}

/** One customer's notifications are decided one at a time (the daily cap counts under this lock). */
async function lockCustomer(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.notificationSpace}::int, ${lockKey(`notify:${userId}`)}::int)`);
}
