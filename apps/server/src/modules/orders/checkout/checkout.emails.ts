import { REFUND_MESSAGES, formatCents, TAX_PERCENT, formatPercent, paths } from '@localperks/shared';
import type { MailAttachment } from '../../../db/schema';
import { escapeHtml } from '../../../lib/escape-html';
import { composeMail, type MailMessage } from '../../../mail/mailer';
import { qrPng, redeemUrlFor } from '../purchases/redemption-code';

const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export interface ConfirmationPurchase {
  dealTitle: string;
  merchantName: string;
  city: string;
  state: string;
  priceCents: number;
  redemptionCode: string;
  purchaseDate: Date;
  expirationDate: Date;
  /** A gift's voucher (docs/decisions/0066-gifts.md): its code goes to the recipient, never in the buyer's receipt. */
  gift?: { recipientName: string; deliverAt: Date } | null;
}

/**
 * send-purchase-confirmation (docs/product/customer-spec.md §7), sent by the server after the provider confirmed
 * payment (docs/product/design.md §5): every code with its QR as an inline image, and the deal's details.
 */
export async function purchaseConfirmationEmail(opts: {
  to: string;
  name: string;
  appUrl: string;
  orderTotalCents: number;
  purchases: ConfirmationPurchase[];
}): Promise<MailMessage> {
  const { purchases, appUrl } = opts;
  const attachments: MailAttachment[] = [];
  const blocks: string[] = [];
  const lines: string[] = [];
  for (const [i, p] of purchases.entries()) {
    if (p.gift) {
      const note = `Gift for ${p.gift.recipientName}: they get the code by e-mail on ${day(p.gift.deliverAt)}.`;
      lines.push(
        `${i + 1}. ${p.dealTitle} — ${formatCents(p.priceCents)}`,
        `   ${p.merchantName}, ${p.city}, ${p.state}`,
        `   ${note}`,
        '',
      );
      blocks.push(`<tr><td style="padding:16px 0;border-top:1px solid #e2e8f0">
<p style="margin:0 0 4px;font-size:16px;font-weight:bold">${escapeHtml(p.dealTitle)}</p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(p.merchantName)}, ${escapeHtml(p.city)}, ${escapeHtml(p.state)} · ${formatCents(p.priceCents)}</p>
<p style="margin:0;font-size:14px">${escapeHtml(note)}</p></td></tr>`);
      continue;
    }
    const cid = `qr-${i + 1}@localperks`;
    attachments.push({
      filename: `voucher-${p.redemptionCode}.png`,
      contentType: 'image/png',
      cid,
      contentBase64: (await qrPng(redeemUrlFor(appUrl, p.redemptionCode))).toString('base64'),
    });
    lines.push(
      `${i + 1}. ${p.dealTitle} — ${formatCents(p.priceCents)}`,
      `   ${p.merchantName}, ${p.city}, ${p.state}`,
      `   Redemption code: ${p.redemptionCode}`,
      `   Purchased ${day(p.purchaseDate)} · valid until ${day(p.expirationDate)}`,
      '',
    );
    blocks.push(`<tr><td style="padding:16px 0;border-top:1px solid #e2e8f0">
<p style="margin:0 0 4px;font-size:16px;font-weight:bold">${escapeHtml(p.dealTitle)}</p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(p.merchantName)}, ${escapeHtml(p.city)}, ${escapeHtml(p.state)} · ${formatCents(p.priceCents)}</p>
<p style="margin:0 0 8px;font-size:14px">Redemption code: <strong style="font-family:monospace;font-size:16px;letter-spacing:1px">${escapeHtml(p.redemptionCode)}</strong></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">Purchased ${day(p.purchaseDate)} · valid until ${day(p.expirationDate)}</p>
<img src="cid:${cid}" width="160" height="160" alt="QR code for ${escapeHtml(p.redemptionCode)}" style="display:block;border:0">
</td></tr>`);
  }
  const intro = `Thank you for your order, ${opts.name}. Show a code or its QR image at the merchant to redeem your deal. Tip: redeem within two weeks.`;
  const purchasesUrl = `${appUrl}${paths.purchases}`;
  const text = [
    'Your LocalPerks purchase',
    '',
    intro,
    '',
    ...lines,
    `Order total (incl. ${formatPercent(TAX_PERCENT)} tax): ${formatCents(opts.orderTotalCents)}`,
    `Your purchases: ${purchasesUrl}`,
    '',
    '—',
    'LocalPerks · Discover local deals in your city',
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-weight:bold;color:#047857;font-size:18px">LocalPerks</p>
<h1 style="font-size:22px;margin:0 0 16px">Your LocalPerks purchase</h1>
<p style="font-size:15px;line-height:1.5;margin:0 0 14px">${escapeHtml(intro)}</p></td></tr>
${blocks.join('\n')}
<tr><td style="padding-top:16px;border-top:1px solid #e2e8f0"><p style="font-size:15px;margin:0 0 16px">Order total (incl. ${formatPercent(TAX_PERCENT)} tax): <strong>${formatCents(opts.orderTotalCents)}</strong></p>
<p style="margin:16px 0"><a href="${escapeHtml(purchasesUrl)}" style="background:#047857;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">View My Purchases</a></p>
<p style="font-size:12px;color:#475569;margin-top:24px">LocalPerks · Discover local deals in your city</p></td></tr></table></td></tr></table></body></html>`;
  const subject = purchases.length === 1 ? `Your voucher: ${purchases[0]!.dealTitle}` : `Your ${purchases.length} LocalPerks vouchers`;
  return { to: opts.to, subject, text, html, kind: 'purchase_confirmation', attachments };
}

/**
 * Sent once the provider accepted the refund of lines whose deal was withdrawn (paused, deleted,
 * taken down or expired) before the payment was confirmed: no voucher, the money back.
 */
export function withdrawnDealRefundEmail(opts: {
  to: string;
  name: string;
  appUrl: string;
  refunds: { dealTitle: string; quantity: number; amountCents: number }[];
}): MailMessage {
  const lines = opts.refunds.map((r) => REFUND_MESSAGES.withdrawnRefunded(r, formatCents(r.amountCents)));
  const intro = `Hello ${opts.name}, a deal you paid for was withdrawn by the business or by LocalPerks before your payment completed, so no voucher was issued for it and your money is on its way back. Refunds usually reach your card within 5-10 business days.`;
  const { text, html } = composeMail({
    heading: 'Your LocalPerks refund',
    paragraphs: [intro, ...lines],
    action: { label: 'View My Purchases', url: `${opts.appUrl}${paths.purchases}` },
  });
  const subject =
    opts.refunds.length === 1 ? `Refunded: ${opts.refunds[0]!.dealTitle}` : `Refunded: ${opts.refunds.length} deals of your order`;
  return { to: opts.to, subject, text, html, kind: 'order_refund' };
}
