import { z } from 'zod';
import { CUSTOMER_MESSAGE_STATUSES } from '../customer-messages';
import { count, isoDate, pageFields } from './common';

/** A customer's message and the merchant's reply, as both sides see it. */
const messageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  response: z.string().nullable(),
  status: z.enum(CUSTOMER_MESSAGE_STATUSES),
  dealId: z.string().nullable(),
  dealTitle: z.string().nullable(),
  createdAt: isoDate(),
  respondedAt: isoDate().nullable(),
});

/** A message in the merchant's inbox (docs/product/merchant-admin-spec.md §3 Customer message). */
export const inboxMessageSchema = messageSchema.extend({
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  purchaseId: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxMessageSchema),
  counts: z.object({ all: count(), unread: count(), read: count(), responded: count() }),
  ...pageFields,
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** A customer's own message with the merchant's reply (account → Messages). */
export const sentMessageSchema = messageSchema.extend({ merchantName: z.string() });
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const sentMessagesPageSchema = z.object({ messages: z.array(sentMessageSchema), ...pageFields });
export type SentMessagesPage = z.infer<typeof sentMessagesPageSchema>;

/** A customer's message was sent. */
export const customerMessageSentSchema = z.object({ id: z.string(), status: z.enum(CUSTOMER_MESSAGE_STATUSES), createdAt: isoDate() });
export type CustomerMessageSent = z.infer<typeof customerMessageSentSchema>;
