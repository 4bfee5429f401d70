import type { Config } from '../config';
import type { Db } from '../db/client';
import { randomToken } from '../lib/crypto';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

export type { PaymentProvider } from './provider';

/** What the built-in sandbox does besides its own tables, given by the app that runs it. */
export interface SandboxHooks {
  /** Sends the sandbox's signed `charge.refunded` events for refunds not yet announced (as a real provider would, shortly after). */
  announceRefunds?: () => Promise<unknown>;
}

/** The configured provider; the sandbox secret is random per process unless configured. */
export function createPaymentProvider(
  config: Config,
  db: Db,
  sandbox: SandboxHooks = {},
): { provider: PaymentProvider; sandboxSecret: string } {
  const sandboxSecret = config.SANDBOX_WEBHOOK_SECRET ?? randomToken(32);
  if (config.paymentProvider === 'stripe') {
    return {
      provider: createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
        timeoutMs: config.STRIPE_TIMEOUT_MS,
      }),
      sandboxSecret,
    };
  }
  return { provider: createSandboxProvider({ db, appUrl: config.appUrl, secret: sandboxSecret, ...sandbox }), sandboxSecret };
}
