import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { MailOutboxBacklog } from '@localperks/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { emailOutbox, type MailAttachment } from '../db/schema';
import type { Clock } from '../lib/clock';
import { escapeHtml } from '../lib/escape-html';
import { withSpan } from '../ops/trace-context';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for, e.g. `email_verification`: lets the mailbox and tests find it. */
  kind: string;
  attachments?: MailAttachment[];
  /** Extra headers: a non-transactional mail's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Writes the mail to the outbox and, with SMTP, sends it now. */
  send(message: MailMessage): Promise<void>;
  /**
   * Writes the mail to the outbox inside the caller's transaction, so the mail exists exactly when
   * the work it reports was committed. Call `deliver` with the id after the commit.
   */
  queue(tx: Tx, message: MailMessage): Promise<string>;
  /**
   * Sends an outbox row by SMTP (no-op without SMTP or when already sent); failures are recorded. With the job
   * queue running (useQueue), the sending is a `mail-send` job run instead, enqueued with the trace of the work
   * that wrote the mail and woken at once on this instance.
   */
  deliver(id: string): Promise<void>;
  /** Sends an outbox row by SMTP now, in this call (what the `mail-send` job runs). */
  sendNow(id: string): Promise<void>;
  /** Hands `deliver` to the job queue (null: send in the call again, as without a queue). */
  useQueue(enqueue: ((mailId: string) => Promise<unknown>) | null): void;
  /** Retries rows not sent yet (the job calls this); returns how many this call sent. */
  deliverPending(): Promise<number>;
  /** True when mail leaves the machine by SMTP; false when it only lands in the outbox. */
  readonly deliversExternally: boolean;
}

/** Kinds of mail whose body holds a one-time secret: their stored copy is emptied once sent. */
export const SECRET_MAIL_KINDS = new Set([
  'email_verification',
  'password_reset',
  'admin_access_code',
  'email_change_confirm',
  'email_change_undo',
  // A gift's claim link (docs/decisions/0066-gifts.md): resending makes a new one.
  'gift',
]);
const SCRUBBED_TEXT = 'Sent. This message carried a one-time link or code; its text is not kept.';

/**
 * Retries with backoff (docs/decisions/0046-outages.md): after the nth attempt a mail waits 2^(n-1) minutes,
 * at most an hour, so an SMTP server down for an hour costs 7 attempts per mail, not 60, and a mail keeps
 * being tried for about a day (MAX_ATTEMPTS) before it is left in the outbox with its last error.
 */
export const MAX_ATTEMPTS = 30;
const RETRY_AFTER_MS = 60_000;
const MAX_RETRY_AFTER_MINUTES = 60;
/** Minutes to wait after a mail's last attempt: 1, 2, 4 … 60 (attempts = how many were made). */
export const retryAfterMinutes = (attempts: number) => Math.min(2 ** Math.max(attempts - 1, 0), MAX_RETRY_AFTER_MINUTES);

/**
 * Every mail is written to the outbox table first. With an SMTP URL it is then sent and marked
 * sent; a failed send is recorded on the row, logged, and retried by the job, never lost. Times
 * (attempts, sending, the retry pause) are read from `deps.clock`.
 */
/** What the mailer works with, named here: lib/deps.ts imports the Mailer type, so mail/ does not import it back. */
export interface MailerDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function createMailer(deps: MailerDeps, opts: { smtpUrl?: string; from: string }): Mailer {
  const { db, clock, log } = deps;
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const queue = async (tx: Tx, message: MailMessage) => {
    const [row] = await tx.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
    return row!.id;
  };
  /** Sends a row this instance claimed; the outcome is recorded on it. True when it was sent. */
  const sendClaimed = async (mail: typeof emailOutbox.$inferSelect): Promise<boolean> => {
    if (!transport) return false;
    try {
      await withSpan('mail.send', { 'mail.kind': mail.kind, 'mail.attempt': mail.attempts }, () =>
        transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
          attachments: mail.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            cid: a.cid,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }),
      );
      // Once a mail that carries a secret (a one-time link or code) has left, the copy kept here
      // loses it: the database then holds only hashes of live secrets (docs/product/design.md §9).
      const scrubbed = SECRET_MAIL_KINDS.has(mail.kind) ? { text: SCRUBBED_TEXT, html: `<p>${SCRUBBED_TEXT}</p>` } : {};
      await db
        .update(emailOutbox)
        .set({ sentAt: clock.now(), error: null, ...scrubbed })
        .where(eq(emailOutbox.id, mail.id));
      return true;
    } catch (err) {
      log.error({ err, to: mail.to, kind: mail.kind, attempt: mail.attempts }, 'mail delivery failed');
      await db
        .update(emailOutbox)
        .set({ error: String((err as Error).message).slice(0, 500) })
        .where(eq(emailOutbox.id, mail.id));
      return false;
    }
  };
  /**
   * Not sent, attempts left, and its backoff since the last attempt is over (at least a minute: a claim holds a
   * row for that long, so two instances never send it at once).
   */
  const claimable = (now: Date) =>
    and(
      isNull(emailOutbox.sentAt),
      lt(emailOutbox.attempts, MAX_ATTEMPTS),
      or(
        isNull(emailOutbox.lastAttemptAt),
        sql`${emailOutbox.lastAttemptAt} + make_interval(mins => least(power(2, greatest(${emailOutbox.attempts} - 1, 0)), ${MAX_RETRY_AFTER_MINUTES})::int) <= ${now.toISOString()}::timestamptz`,
      ),
    );
  const claimedAt = (now: Date) => ({ attempts: sql`${emailOutbox.attempts} + 1`, lastAttemptAt: now });
  const sendNow = async (id: string) => {
    if (!transport) return;
    const now = clock.now();
    // Claim the row: of two instances retrying the same mail, one sends it.
    const [mail] = await db
      .update(emailOutbox)
      .set(claimedAt(now))
      .where(and(eq(emailOutbox.id, id), claimable(now)))
      .returning();
    if (mail) await sendClaimed(mail);
  };
  let enqueue: ((mailId: string) => Promise<unknown>) | null = null;
  const deliver = async (id: string) => {
    if (!transport) return;
    if (!enqueue) return sendNow(id);
    // The mail is in the outbox already: if it cannot be enqueued (the database just went away), the
    // mail-delivery job sends it on a later run.
    await enqueue(id).catch((err: unknown) =>
      log.warn({ err, mailId: id }, 'mail send could not be enqueued; the mail-delivery job sends it later'),
    );
  };
  return {
    deliversExternally: transport !== null,
    queue,
    deliver,
    sendNow,
    useQueue(to) {
      enqueue = to;
    },
    async send(message) {
      await deliver(await queue(db, message));
    },
    async deliverPending() {
      if (!transport) return 0;
      const now = clock.now();
      // One statement claims a batch: rows another instance is claiming at this moment are skipped
      // (SKIP LOCKED) and a claimed row is not due again for a minute, so when several instances
      // deliver at once each mail is sent by one of them, and they share the backlog.
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(claimable(now), lt(emailOutbox.createdAt, new Date(now.getTime() - RETRY_AFTER_MS))))
        .orderBy(asc(emailOutbox.createdAt))
        .limit(20)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(emailOutbox)
        .set(claimedAt(now))
        .where(and(inArray(emailOutbox.id, due), isNull(emailOutbox.sentAt)))
        .returning();
      claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      let sent = 0;
      for (const mail of claimed) if (await sendClaimed(mail)) sent++;
      return sent;
    },
  };
}

/**
 * The outbox's backlog for the admin Background jobs card and /metrics: mails not sent yet (still retried,
 * or out of attempts), the oldest one's time and the last SMTP error. One scan of the unsent rows.
 */
export async function mailOutboxBacklog(db: Tx): Promise<MailOutboxBacklog> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${emailOutbox.attempts} < ${MAX_ATTEMPTS})::int`,
      gaveUp: sql<number>`count(*) filter (where ${emailOutbox.attempts} >= ${MAX_ATTEMPTS})::int`,
      oldest: sql<string | null>`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.attempts} < ${MAX_ATTEMPTS})`,
    })
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt));
  const [last] = await db
    .select({ error: emailOutbox.error, at: emailOutbox.lastAttemptAt })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), isNotNull(emailOutbox.error)))
    .orderBy(desc(emailOutbox.lastAttemptAt))
    .limit(1);
  return {
    waiting: Number(row?.waiting ?? 0),
    gaveUp: Number(row?.gaveUp ?? 0),
    oldestUnsentAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
    lastError: last?.error ?? null,
    lastAttemptAt: last?.at ? last.at.toISOString() : null,
  };
}

/**
 * A plain-text and an HTML part from the same paragraphs and an optional action button. A non-transactional mail
 * names why it was sent and carries a visible unsubscribe link (`unsubscribe`; docs/decisions/0065-notifications.md).
 */
export function composeMail(opts: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  unsubscribe?: { why: string; url: string };
}) {
  const { heading, paragraphs, action, unsubscribe } = opts;
  const footer = opts.footer ?? 'LocalPerks · Discover local deals in your city';
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '—',
    footer,
    ...(unsubscribe ? [unsubscribe.why, `Unsubscribe: ${unsubscribe.url}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-weight:bold;color:#047857;font-size:18px">LocalPerks</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#047857;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#475569;word-break:break-all">${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#475569;margin-top:24px">${escapeHtml(footer)}</p>
${unsubscribe ? `<p style="font-size:12px;color:#475569">${escapeHtml(unsubscribe.why)} <a href="${escapeHtml(unsubscribe.url)}" style="color:#047857">Unsubscribe</a></p>` : ''}</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
