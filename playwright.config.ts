import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8 as the chromium
 * package, without the windowed browser around them) is what Playwright itself runs headless tests
 * in; here it takes about a third less CPU and wall time than the full browser
 * (docs/decisions/0033-faster-suite.md). Without it, the full Chromium; CHROMIUM_PATH overrides both.
 */
const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';

/**
 * Browser journeys (e2e/**\/*.spec.ts) in the system Chromium against the built product, started by
 * e2e/support/global-setup.ts on a fresh embedded database with the demo data. Assertions are
 * web-first (they retry until their timeout); there are no retries, so a flaky journey fails.
 */
/**
 * See the 'exclusive' project below. scheduled-deal and payout-transfers move the server's clock (the payout job on
 * it closes the current period for every merchant): they must not run while other journeys read the time.
 */
const EXCLUSIVE = ['**/admin/notifications.spec.ts', '**/merchant/scheduled-deal.spec.ts', '**/merchant/payout-transfers.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Two workers, any journey on either (docs/decisions/0031-parallel-journeys.md): every journey makes
  // its own accounts, merchants and deals, so none waits for another. E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  // The list as it runs, and the results as JSON for scripts/print-failures.mjs (the failures again at the end of `npm test`).
  reporter: [['list'], ['json', { outputFile: 'test-results/journeys.json' }]],
  // Long journeys (a checkout with the merchant redeeming, the admin's whole day) on a busy machine.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results/e2e',
  projects: [
    { name: 'journeys', testIgnore: EXCLUSIVE },
    // Journeys that count what the whole platform holds (every admin's unread notifications, the
    // platform's income) or move the server's clock: they run once the others are done, so no other
    // journey adds to their counts or sees another day, and one after another (one worker, in order):
    // the support ticket and refund answer of one were counted in the other's unread notifications when
    // both ran at once.
    { name: 'exclusive', testMatch: EXCLUSIVE, dependencies: ['journeys'], fullyParallel: false, workers: 1 },
  ],
  use: {
    actionTimeout: 20_000,
    // A page's load event waits for its images: over 30 s was seen with the load average above 20.
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
