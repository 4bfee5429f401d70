import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments';
import type { EventHub } from './events';
import type { DomainEvents } from './domain-events';
import type { Clock } from './clock';
import type { Metrics } from './metrics';
import type { FileStorage } from './storage';

export { adjustableClock, systemClock, type Clock } from './clock';

/**
 * What the server's services work with, built once by buildApp() (`app.deps`). Every exported service
 * function takes it (or a `Pick<Deps, ...>` of what it needs) as its first parameter; none takes the
 * Fastify instance.
 */
export interface Deps {
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Config;
  events: EventHub;
  /** Domain events: published in a transaction, run by the areas that subscribe (lib/domain-events.ts). */
  domainEvents: DomainEvents;
  /** Uploaded images: the S3 bucket when configured, else the local disk. */
  storage: FileStorage;
  metrics: Metrics;
  /** Signs the sandbox provider's webhooks (docs/product/design.md §5). */
  sandboxSecret: string;
  /** Sends a request through this app's own routes: the sandbox provider posts its signed webhooks this way. */
  loopback(request: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: string;
  }): Promise<{ statusCode: number; body: string }>;
}
