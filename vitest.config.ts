import { defineConfig } from 'vitest/config';

const PURE_SERVER_TESTS = [
  'apps/server/src/config.test.ts',
  'apps/server/src/lib/micro-cache.test.ts',
  'apps/server/src/lib/sse.test.ts',
  'apps/server/src/lib/escape-html.test.ts',
  'apps/server/src/lib/html-head.test.ts',
  // The Stripe provider against a fake Stripe server: no database.
  'apps/server/src/payments/stripe.test.ts',
  // Reads the server's source with the TypeScript compiler.
  'apps/server/test/service-shape.test.ts',
  // Tracing off: the span helpers without the SDK.
  'apps/server/src/ops/trace-context.test.ts',
  // A listing against a database that fails: a stand-in, no database.
  'apps/server/src/modules/catalog/deals/browse-failure.test.ts',
];

/** Unit tests that import modules fresh (zod's settings applied before the shared schemas are first evaluated). */
const FRESH_MODULE_TESTS = ['apps/web/src/lib/zod-config.test.ts'];

/** Tests that need several connections at once (several instances on one database): PostgreSQL only. */
const POSTGRES_ONLY_TESTS = 'apps/server/**/*.pg.test.ts';
/** Tests of the embedded database itself (its data directory on a full disk): PGlite only. */
const PGLITE_ONLY_TESTS = 'apps/server/**/*.pglite.test.ts';

const apiProject = (name: 'api-pglite' | 'api-postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // Pure server modules need no database: they run once, in the unit project.
    exclude: name === 'api-postgres' ? [...PURE_SERVER_TESTS, PGLITE_ONLY_TESTS] : [...PURE_SERVER_TESTS, POSTGRES_ONLY_TESTS],
    environment: 'node',
    env: { TEST_DB: name === 'api-postgres' ? 'postgres' : 'pglite' },
    // Migrates one database (a PGlite snapshot, a PostgreSQL template) that every test file's own database is copied from.
    globalSetup: [name === 'api-postgres' ? 'apps/server/test/global-postgres.ts' : 'apps/server/test/global-pglite.ts'],
    // One worker process runs many files in turn instead of a new process per file: each file already
    // builds its own app on its own database and closes both (build.ts), so nothing is shared but the
    // loaded modules, and a new process's start-up and module loading (~2 s of CPU per file) is paid
    // once per worker (docs/decisions/0027-fast-suite.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // The run's results as JSON beside the console's: scripts/print-failures.mjs lists the failed tests again at the
    // very end of `npm test`, where CI's shortened log still shows them after the journeys' longer output.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // Three workers on CI's 2 cores (vitest's default is one fewer than the cores: a single worker). Many API
    // files wait as much as they compute (a server process starting, a retry's backoff, SMTP, S3, a second
    // instance), and a third worker computes meanwhile: on the idle machine the whole run takes 182 s with
    // 3 workers, 208 s with 2 and 196 s with 4 (docs/decisions/0035-less-work-per-run.md).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'test/**/*.test.ts', ...PURE_SERVER_TESTS],
          exclude: FRESH_MODULE_TESTS,
          environment: 'node',
          // Pure functions and their own objects: the files of a worker share its loaded modules (the shared
          // package, zod, sharp are evaluated once per worker, not once per file; docs/decisions/0033-faster-suite.md).
          isolate: false,
        },
      },
      // A test of what happens when a module is first evaluated needs a module graph of its own.
      { test: { name: 'unit-isolated', include: FRESH_MODULE_TESTS, environment: 'node' } },
      apiProject('api-pglite'),
      apiProject('api-postgres'),
    ],
  },
});
