import { defineEvent } from '../../../lib/domain-events';

/**
 * A deal left sale before its time: paused or deleted by its merchant, taken down by an admin, or expired
 * (its date passed, or its crowd vote ended unmet). Published in the transaction that changed its status;
 * orders subscribes to close the payment pages still open for it.
 */
export const dealWithdrawn = defineEvent<{ dealIds: string[] }>('deal.withdrawn');
