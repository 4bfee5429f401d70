import { z } from 'zod';
import { CUSTOMER_MESSAGE_MAX_LENGTH, CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH } from '../constants';

/** Messages of the customer → merchant conversation (docs/product/merchant-admin-spec.md §5, §8; docs/product/design.md §10). */
export const CUSTOMER_MESSAGE_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  subjectMax: `Subject must be at most ${CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH} characters`,
  messageRequired: 'Please enter a message',
  messageMax: `Message must be at most ${CUSTOMER_MESSAGE_MAX_LENGTH} characters`,
  responseRequired: 'Please enter a response before sending',
  responseMax: `Response must be at most ${CUSTOMER_MESSAGE_MAX_LENGTH} characters`,
  targetRequired: 'Choose the deal, purchase or business you are writing about.',
  merchantNotFound: 'This merchant cannot receive messages.',
  purchaseNotFound: 'This purchase does not exist.',
  notFound: 'This message does not exist.',
  alreadyResponded: 'This message has already been answered.',
  tooMany: 'You have sent many messages in a short time. Please wait a while before sending another.',
  noAccess: 'Customer messaging needs the Deals + Messaging plan, or Advertise + Messaging with an active subscription.',
  sentTitle: 'Message Sent',
  sentDescription: 'The merchant will reply here and by email.',
  sendFailed: 'Failed to send message',
  responseSent: 'Response Sent',
  responseFailed: 'Failed to send response',
  loadFailed: 'Failed to load messages',
} as const;
const M = CUSTOMER_MESSAGE_MESSAGES;

export const CUSTOMER_MESSAGES_PAGE_SIZE = 10;
/** Customer sends: at most this many per window (per customer). */
export const CUSTOMER_MESSAGE_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

/** The dialog's own fields (the deal or purchase comes from the page). */
export const customerMessageFormSchema = z.object({
  subject: z.string({ error: M.subjectRequired }).trim().min(1, M.subjectRequired).max(CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH, M.subjectMax),
  message: z.string({ error: M.messageRequired }).trim().min(1, M.messageRequired).max(CUSTOMER_MESSAGE_MAX_LENGTH, M.messageMax),
});
export type CustomerMessageForm = z.input<typeof customerMessageFormSchema>;

/** A customer writes to the merchant of a deal, of one of their purchases, or from a business page (its slug). */
export const sendCustomerMessageSchema = customerMessageFormSchema
  .extend({ dealId: z.uuid().optional(), purchaseId: z.uuid().optional(), businessSlug: z.string().trim().min(1).max(200).optional() })
  .refine((v) => Boolean(v.dealId || v.purchaseId || v.businessSlug), { message: M.targetRequired, path: ['dealId'] });
export type SendCustomerMessage = z.input<typeof sendCustomerMessageSchema>;

export const respondCustomerMessageSchema = z.object({
  response: z.string({ error: M.responseRequired }).trim().min(1, M.responseRequired).max(CUSTOMER_MESSAGE_MAX_LENGTH, M.responseMax),
});
export type RespondCustomerMessage = z.input<typeof respondCustomerMessageSchema>;

export const CUSTOMER_MESSAGE_STATUSES = ['unread', 'read', 'responded'] as const;
export type CustomerMessageStatus = (typeof CUSTOMER_MESSAGE_STATUSES)[number];

export const customerMessagesQuerySchema = z.object({
  status: z.enum(['all', ...CUSTOMER_MESSAGE_STATUSES]).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** GET /api/customer-messages: the page of the customer's sent messages. */
export const sentMessagesQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
