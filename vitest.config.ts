import { defineConfig } from 'vitest/config';

const PURE_SERVER_TESTS = ['apps/server/src/config.test.ts', 'apps/server/src/lib/micro-cache.test.ts'];

const apiProject = (name: 'api-pglite' | 'api-postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // Pure server modules need no database: they run once, in the unit project.
    exclude: PURE_SERVER_TESTS,
    environment: 'node',
    env: { TEST_DB: name === 'api-postgres' ? 'postgres' : 'pglite' },
    globalSetup: name === 'api-postgres' ? ['apps/server/test/global-postgres.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'test/**/*.test.ts', ...PURE_SERVER_TESTS],
          environment: 'node',
        },
      },
      apiProject('api-pglite'),
      apiProject('api-postgres'),
    ],
  },
});
