import { MERCHANT_ROLE_LABELS, STAFF_INVITE_TTL_MS, type StaffRole } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

const WHAT: Record<StaffRole, string> = {
  redeemer: 'As a redeemer you can redeem customers’ vouchers at the counter and see today’s redemptions.',
  manager: 'As a manager you can run the business’s deals, page, messages and refund requests (not its billing, payouts or staff).',
};

/** The invitation to a business's staff, with its one-time link (docs/decisions/0062-roles-and-staff.md). */
export function staffInviteEmail(to: string, r: { businessName: string; invitedBy: string; role: StaffRole; url: string }): MailMessage {
  return {
    to,
    kind: 'staff_invite',
    subject: `${r.businessName} invites you to its LocalPerks staff`,
    ...composeMail({
      heading: `Join ${r.businessName} on LocalPerks`,
      paragraphs: [
        `${r.invitedBy} invited you to the staff of ${r.businessName} as a ${MERCHANT_ROLE_LABELS[r.role].toLowerCase()}.`,
        WHAT[r.role],
        `Accept with the button below to make your own staff account. The link works for ${Math.round(STAFF_INVITE_TTL_MS / 86_400_000)} days.`,
      ],
      action: { label: 'Accept the invitation', url: r.url },
    }),
  };
}
