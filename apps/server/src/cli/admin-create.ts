/**
 * `npm run admin:create -- --email you@example.com [--name "Your Name"]`: the first admin of a real
 * deployment (production never seeds the demo admin; docs/decisions/0007-production-start.md). On a
 * terminal it asks for the password (Enter alone generates one); otherwise it generates a strong
 * password and prints it once. Uses the same settings as the server (.env, DATA_DIR or DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { emailSchema, newPasswordSchema, paths } from '@localperks/shared';
import type { Db } from '../db/client';
import { ConfigError, loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { systemClock } from '../lib/deps';
import { createUser } from '../modules/accounts';
import { loadDotEnv, openConfiguredDatabase } from '../start';

/** 24 random characters from 18 bytes (144 bits), with the upper-case letter and digit the password rule asks for. */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (newPasswordSchema.safeParse(candidate).success && /[a-z]/.test(candidate)) return candidate;
  }
}

/** A verified admin account; refuses an address that already has an account. */
export async function createAdminAccount(db: Db, input: { email: string; name?: string; password: string }) {
  const email = emailSchema.parse(input.email);
  const checked = newPasswordSchema.safeParse(input.password);
  if (!checked.success) throw new AppError('VALIDATION', checked.error.issues[0]!.message);
  const user = await createUser(
    db,
    { email, password: input.password, name: input.name ?? null, role: 'admin', verified: true },
    systemClock.now(),
  );
  return { id: user.id, email: user.email };
}

/** Reads a line without echoing it (the password prompt). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    let muted = false;
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (!muted) process.stdout.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) return { password: generatePassword(), generated: true };
  for (;;) {
    const first = await askHidden('Password (at least 8 characters, an upper-case letter and a number; Enter to generate one): ');
    if (!first) return { password: generatePassword(), generated: true };
    const problem = newPasswordSchema.safeParse(first);
    if (!problem.success) {
      console.error(`  ${problem.error.issues[0]!.message}`);
      continue;
    }
    if ((await askHidden('Repeat the password: ')) === first) return { password: first, generated: false };
    console.error('  The passwords do not match.');
  }
}

/** The command; `env` and `readDotEnv` let tests run it in-process against their own database. */
export async function main(argv = process.argv.slice(2), opts: { env?: NodeJS.ProcessEnv; readDotEnv?: boolean } = {}): Promise<number> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } } }).values;
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const email = emailSchema.safeParse(args.email ?? '');
  if (!email.success) {
    console.error('Usage: npm run admin:create -- --email you@example.com [--name "Your Name"]');
    return 2;
  }
  let config;
  try {
    if (opts.readDotEnv ?? true) loadDotEnv();
    config = loadConfig(opts.env ?? process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = await openConfiguredDatabase(config);
  try {
    const { password, generated } = await choosePassword();
    const admin = await createAdminAccount(database.db, { email: email.data, name: args.name, password });
    console.log(`Admin account created: ${admin.email}`);
    if (generated) console.log(`Password (shown once, store it now): ${password}`);
    console.log(`Sign in at ${config.appUrl}${paths.adminLogin}; the 6-digit code arrives by e-mail.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
