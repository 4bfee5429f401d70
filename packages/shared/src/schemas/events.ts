/**
 * Live events about conversations, fanned out to every server instance (LISTEN/NOTIFY) and to the
 * browsers that may see them over Server-Sent Events. They say only that something changed; the
 * browser refetches through the normal, access-checked API.
 */
export type MessageEvent =
  /** A message in the admin–merchant thread of a registration request (sent or read). */
  | { type: 'registration_message'; registrationId: string; merchantUserId: string }
  /** A customer message to a merchant, or the merchant's response. */
  | { type: 'customer_message'; merchantUserId: string; customerId: string }
  /** A support ticket changed (new ticket, reply, status). */
  | { type: 'support_ticket'; ticketId: string; customerId: string | null }
  /** A new in-app notification for one user (the bell's unread count changes). */
  | { type: 'notification'; userId: string }
  /** One of a customer's vouchers changed (a merchant redeemed it): My Purchases refetches. */
  | { type: 'purchase'; customerId: string }
  /**
   * An account's sessions were ended (a ban, a deactivation, a staff member removed): its open streams close at
   * once (docs/decisions/0063-suspensions-and-bans.md). Never sent to a browser.
   */
  | { type: 'session_ended'; userId: string };
