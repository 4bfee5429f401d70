import { REFUND_REASON_LABELS, formatBusinessDeadline, formatCents, paths, type RefundReason } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

const deadlineText = formatBusinessDeadline;

export interface RefundMailFacts {
  dealTitle: string;
  merchantName: string;
  reason: RefundReason;
  amountCents: number;
}

export function refundRequestedCustomerEmail(to: string, f: RefundMailFacts, appUrl: string): MailMessage {
  return {
    to,
    kind: 'refund_requested',
    subject: `We received your refund request for ${f.dealTitle}`,
    ...composeMail({
      heading: 'Refund requested',
      paragraphs: [
        `You asked for a refund of your ${f.dealTitle} voucher from ${f.merchantName} (${REFUND_REASON_LABELS[f.reason]}).`,
        `The merchant has 5 business days to respond. If it is not resolved, our team decides. We will e-mail you at each step.`,
      ],
      action: { label: 'Follow it on My Purchases', url: `${appUrl}${paths.purchases}` },
    }),
  };
}

export function refundRequestedMerchantEmail(
  to: string,
  f: RefundMailFacts & { note: string | null; deadlineAt: Date },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'refund_request_merchant',
    subject: `Refund request for ${f.dealTitle}: please respond by ${deadlineText(f.deadlineAt)}`,
    ...composeMail({
      heading: 'A customer asked for a refund',
      paragraphs: [
        `A customer asked for a refund of ${formatCents(f.amountCents)} for a ${f.dealTitle} voucher. Reason: ${REFUND_REASON_LABELS[f.reason]}.`,
        ...(f.note ? [`Their note: “${f.note}”`] : []),
        `Under the Merchant Refund Policy you have 5 business days to respond: accept the refund, or answer with a message for our team, by ${deadlineText(f.deadlineAt)}. After that our team decides, and a refund is deducted from your future payouts.`,
      ],
      action: { label: 'Open Refund requests', url: `${appUrl}${paths.merchantDashboardTab('refunds')}` },
    }),
  };
}

export function refundMerchantRespondedCustomerEmail(to: string, f: RefundMailFacts, appUrl: string): MailMessage {
  return {
    to,
    kind: 'refund_merchant_responded',
    subject: `The merchant responded to your refund request for ${f.dealTitle}`,
    ...composeMail({
      heading: 'Merchant responded',
      paragraphs: [
        `${f.merchantName} responded to your refund request for ${f.dealTitle}. Our team will review it and decide; we will e-mail you.`,
      ],
      action: { label: 'Follow it on My Purchases', url: `${appUrl}${paths.purchases}` },
    }),
  };
}

/** To every admin: a request waits for their decision (the merchant answered, or its deadline passed). */
export function refundAwaitingDecisionAdminEmail(
  to: string,
  f: RefundMailFacts & { why: 'answered' | 'overdue' },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'refund_due_for_decision',
    subject: `Refund request due for decision: ${f.dealTitle}`,
    ...composeMail({
      heading: 'Refund request due for decision',
      paragraphs: [
        f.why === 'answered'
          ? `${f.merchantName} answered a refund request for ${f.dealTitle} (${formatCents(f.amountCents)}) with a message for you.`
          : `${f.merchantName} did not respond within 5 business days to a refund request for ${f.dealTitle} (${formatCents(f.amountCents)}).`,
        `Reason: ${REFUND_REASON_LABELS[f.reason]}. Refund it or decline it from the Refunds tab.`,
      ],
      action: { label: 'Open the Refunds tab', url: `${appUrl}${paths.adminDashboard}?tab=refunds` },
    }),
  };
}

export function refundDeclinedCustomerEmail(to: string, f: RefundMailFacts & { decisionText: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'refund_declined',
    subject: `Your refund request for ${f.dealTitle} was declined`,
    ...composeMail({
      heading: 'Refund declined',
      paragraphs: [
        `Your refund request for ${f.dealTitle} from ${f.merchantName} was declined.`,
        `Decision: ${f.decisionText}`,
        'Decisions are final.',
      ],
      action: { label: 'Open My Purchases', url: `${appUrl}${paths.purchases}` },
    }),
  };
}

/** To the customer once the provider confirmed the refund (charge.refunded). */
export function refundIssuedCustomerEmail(to: string, f: RefundMailFacts & { decisionText: string | null }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'refund_issued',
    subject: `Refunded: ${formatCents(f.amountCents)} for ${f.dealTitle}`,
    ...composeMail({
      heading: 'Refunded',
      paragraphs: [
        `We refunded ${formatCents(f.amountCents)} for your ${f.dealTitle} voucher from ${f.merchantName} to your card. Banks usually show it within 5 to 10 days.`,
        ...(f.decisionText ? [`Decision: ${f.decisionText}`] : []),
        'The voucher can no longer be redeemed.',
      ],
      action: { label: 'Open My Purchases', url: `${appUrl}${paths.purchases}` },
    }),
  };
}

/** To the merchant when a request is decided (by them accepting, or by an admin). */
export function refundDecidedMerchantEmail(
  to: string,
  f: RefundMailFacts & { refunded: boolean; decisionText: string | null },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'refund_decided_merchant',
    subject: f.refunded ? `A voucher of ${f.dealTitle} was refunded` : `A refund request for ${f.dealTitle} was declined`,
    ...composeMail({
      heading: f.refunded ? 'Voucher refunded' : 'Refund declined',
      paragraphs: [
        f.refunded
          ? `A ${f.dealTitle} voucher was refunded to its customer (${formatCents(f.amountCents)}). It can no longer be redeemed; the amount is deducted from your future payouts.`
          : `The refund request for a ${f.dealTitle} voucher was declined. The voucher stays valid.`,
        ...(f.decisionText ? [`Decision: ${f.decisionText}`] : []),
      ],
      action: { label: 'Open Refund requests', url: `${appUrl}${paths.merchantDashboardTab('refunds')}` },
    }),
  };
}
