import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Deps } from '../lib/deps';
import type { Mailer } from '../mail/mailer';
import { createSandboxProvider } from '../payments/sandbox';

/**
 * What the seed hands the product's own services when it writes demo history through them (tickets, refunds, a
 * dispute): its transaction, a clock fixed at the moment the step happened, and the sandbox provider on that
 * transaction. The seed tells nobody: mail is neither written to the outbox nor sent (the demo's people did not
 * write today), so only `appUrl` of the configuration is ever read, by the mail builders whose mail is dropped.
 * A service that would log an error (a refund the sandbox refused) fails the seed instead.
 */
export type SeedDeps = Pick<Deps, 'db' | 'mailer' | 'payments' | 'clock' | 'config' | 'log'>;

export function seedDeps(tx: Db, at: Date): SeedDeps {
  return {
    db: tx,
    mailer: silentMailer,
    payments: createSandboxProvider({ db: tx, appUrl: '', secret: randomUUID() }),
    clock: { now: () => new Date(at) },
    config: { appUrl: '' } as Config,
    log: seedLog,
  };
}

const silentMailer: Mailer = {
  send: async () => {},
  queue: async () => randomUUID(),
  deliver: async () => {},
  sendNow: async () => {},
  useQueue: () => {},
  deliverPending: async () => 0,
  deliversExternally: false,
};

const fail = (obj: unknown, msg?: string) => {
  throw new Error(`demo seed: ${msg ?? String(obj)}`, { cause: obj });
};
const ignore = () => {};
const seedLog: FastifyBaseLogger = {
  level: 'error',
  fatal: fail,
  error: fail,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => seedLog,
};
