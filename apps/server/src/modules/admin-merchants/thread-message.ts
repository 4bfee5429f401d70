import type { RegistrationThreadMessage } from '@localperks/shared';
import type { adminMerchantMessages } from '../../db/schema';

/** An admin_merchant_messages row as both sides of the registration thread (admin and merchant) receive it. */
export const toThreadMessage = (m: typeof adminMerchantMessages.$inferSelect): RegistrationThreadMessage => ({
  id: m.id,
  senderType: m.senderType,
  message: m.message,
  messageType: m.messageType,
  isRead: m.isRead,
  createdAt: m.createdAt.toISOString(),
});

/** The rejection_response message the merchant sees in the thread. */
export const rejectionNotice = (reason: string) =>
  `Your merchant registration has been rejected for the following reason: ${reason}\n\nPlease address these concerns and respond to this message so we can review your application again.`;
