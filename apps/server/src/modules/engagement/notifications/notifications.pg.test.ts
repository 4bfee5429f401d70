import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../../db/schema';
import { composeMail } from '../../../mail/mailer';
import { build } from '../../../../test/build';
import { serverInstances } from '../../../../test/instances';
import { sendNotification } from './notifications.service';

// PostgreSQL only: three instances, each with its own pool, send to one customer at once (docs/decisions/0065-notifications.md).
const t = await build();
const { apps } = await serverInstances(t, 2);

describe('the daily cap under concurrency (PostgreSQL)', () => {
  it('twelve different alerts to one customer from three instances at once: exactly three go out', async () => {
    const customer = await t.createUser('customer');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sendNotification(apps[i % 3]!.deps, {
          userId: customer.id,
          kind: 'saved_deal_ending',
          subjectId: randomUUID(),
          mail: (unsubscribe) => ({
            to: customer.email,
            kind: 'saved_deal_ending',
            subject: `Ending soon ${i}`,
            ...composeMail({ heading: 'Ending soon', paragraphs: ['A saved deal ends soon.'], unsubscribe }),
          }),
        }),
      ),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'capped')).toHaveLength(9);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, customer.email))).toHaveLength(3);
  });
});
