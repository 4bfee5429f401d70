import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox, type MailAttachment } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for, e.g. `email_verification`: lets the mailbox and tests find it. */
  kind: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when mail leaves the machine by SMTP; false when it only lands in the outbox. */
  readonly deliversExternally: boolean;
}

/**
 * Every mail is written to the outbox table first. With an SMTP URL it is then sent and marked
 * sent; a failed send is recorded on the row and logged, never lost.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: { error(o: object, m: string): void } }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    deliversExternally: transport !== null,
    async send(message) {
      const [row] = await db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, cid: a.cid, content: Buffer.from(a.contentBase64, 'base64') })),
        });
        await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      } catch (err) {
        opts.log.error({ err, to: message.to, kind: message.kind }, 'mail delivery failed');
        await db.update(emailOutbox).set({ error: String((err as Error).message).slice(0, 500) }).where(eq(emailOutbox.id, row.id));
      }
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain-text and an HTML part from the same paragraphs and an optional action button. */
export function composeMail(opts: { heading: string; paragraphs: string[]; action?: { label: string; url: string }; footer?: string }) {
  const { heading, paragraphs, action } = opts;
  const footer = opts.footer ?? 'LocalPerks · Discover local deals in your city';
  const text = [heading, '', ...paragraphs.flatMap((p) => [p, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : []), '—', footer].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-weight:bold;color:#047857;font-size:18px">LocalPerks</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#047857;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#475569;word-break:break-all">${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#475569;margin-top:24px">${escapeHtml(footer)}</p></td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
