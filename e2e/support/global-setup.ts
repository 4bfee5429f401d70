import { randomBytes } from 'node:crypto';
import { startBuiltServer } from '../../scripts/built-server';

/**
 * Starts the built product the way `npm start` does (bundled server + built web app) on a fresh
 * embedded database with the demo data, on a free port. The address reaches the workers through
 * the environment (they are started after this runs).
 */
export default async function globalSetup() {
  // Known to the journeys, so they can sign what the payment provider would send (a chargeback).
  const sandboxSecret = randomBytes(24).toString('hex');
  const { url: baseUrl, stop } = await startBuiltServer({
    dataDirPrefix: 'localperks-e2e-',
    // Passkey journeys need a domain name: WebAuthn refuses an IP address as the relying party (docs/decisions/0055).
    hostName: 'localhost',
    // Migrations and the demo seed on a fresh PGlite: minutes when the 2 cores are shared.
    timeoutMs: 240_000,
    env: {
      NODE_ENV: 'development',
      // Every journey signs up its own accounts from this one address; the hourly limit is proven by the API tests.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      // Every sign-in page asks for a passkey challenge (autofill); the per-address limit is proven by the API tests.
      PASSKEY_REQUESTS_PER_ADDRESS_PER_10_MIN: '100000',
      // Journeys sign up and sign in hundreds of accounts; argon2 at the production cost is ~20 ms of CPU
      // each time. The cost itself is proven by the API tests (docs/decisions/0027-fast-suite.md).
      PASSWORD_HASH_COST: 'low',
      // The scheduled-deal journey moves the app clock and runs the deal-schedule job (never in production).
      TEST_CLOCK_CONTROL: 'true',
      SANDBOX_WEBHOOK_SECRET: sandboxSecret,
    },
  });
  try {
    const demoPassword = process.env.DEMO_PASSWORD ?? 'LocalPerks2025!';
    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_DEMO_PASSWORD = demoPassword;
    process.env.E2E_SANDBOX_SECRET = sandboxSecret;
    // One admin session made before any journey starts: journeys that need admin rights through the
    // API (or an admin of their own) use it, so none of them issues a demo-admin access code that
    // would cancel the one another journey is typing.
    process.env.E2E_ADMIN_COOKIE = await adminSession(baseUrl, demoPassword);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

async function adminSession(baseUrl: string, password: string): Promise<string> {
  const post = async (path: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('lp_session='));
  };
  const pending = await post('/api/admin-auth/login', { email: 'admin@localperks.example', password });
  const list = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=admin%40localperks.example`)).json()) as {
    mails: { id: string; kind: string }[];
  };
  const id = list.mails.find((m) => m.kind === 'admin_access_code')!.id;
  const mail = (await (await fetch(`${baseUrl}/api/dev/mailbox/${id}`)).json()) as { mail: { text: string } };
  const code = mail.mail.text.match(/\b(\d{6})\b/)![1];
  return (await post('/api/admin-auth/code', { code }, pending)) ?? pending!;
}
