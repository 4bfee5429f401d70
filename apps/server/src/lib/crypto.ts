import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP/ASVS minimum: 19 MiB memory, 2 iterations, 1 lane. `low` is for the test suites
 * only (PASSWORD_HASH_COST=low; config.ts refuses it in production): a hash there costs under a
 * millisecond instead of ~25 ms of CPU, paid by every test that creates a user or signs in.
 */
const ARGON2 = {
  standard: { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  low: { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof ARGON2;

let cost: PasswordHashCost = 'standard';

/** Sets the cost of new password hashes for this process (buildApp applies config.PASSWORD_HASH_COST). */
export function setPasswordHashCost(next: PasswordHashCost): void {
  cost = next;
}

/** A hash records its own parameters: verifying works whatever the cost it was made with. */
export const hashPassword = (password: string) => hash(password, ARGON2[cost]);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Hash of a throw-away password, verified against when the account does not exist (equal timing). */
const dummyHashes = new Map<PasswordHashCost, Promise<string>>();
export function dummyPasswordHash(): Promise<string> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword(randomToken(16))));
  return dummy;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
