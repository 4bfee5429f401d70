import type { Tx } from '../../db/client';
import { webhookEvents } from '../../db/schema';

/**
 * Records a provider event as handled, in the transaction that acts on it: false when it was already (a
 * redelivery), and the caller then changes nothing.
 */
export async function isNewProviderEvent(tx: Tx, provider: 'sandbox' | 'stripe', event: { id: string; type: string }): Promise<boolean> {
  const [fresh] = await tx
    .insert(webhookEvents)
    .values({ provider, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return Boolean(fresh);
}
