import { defineEvent } from '../../../lib/domain-events';

/**
 * A customer's order was paid: the provider confirmed it, its vouchers exist and its sales are in the
 * ledger (all in the transaction that publishes this). What follows, and need not hold that transaction
 * up, subscribes (orders/subscribers.ts).
 */
export const purchasePaid = defineEvent<{ orderId: string }>('purchase.paid');
