import type { RegistrationThreadMessage } from '@localperks/shared';
import type { adminMerchantMessages } from '../../../db/schema';

/** An admin_merchant_messages row as both sides of the registration thread (admin and merchant) receive it. */
export const toThreadMessage = (m: typeof adminMerchantMessages.$inferSelect): RegistrationThreadMessage => ({
  id: m.id,
  senderType: m.senderType,
  message: m.message,
  messageType: m.messageType,
  isRead: m.isRead,
  createdAt: m.createdAt.toISOString(),
});
