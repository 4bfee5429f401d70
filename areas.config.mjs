// The business areas and the arrows allowed between them (docs/decisions/0038-business-areas.md; the map
// for a newcomer is docs/architecture.md). The server groups its modules as apps/server/src/modules/<area>/
// and the web its features as apps/web/src/features/<area>/, with the same names. Read by eslint.config.js
// (import-x/no-restricted-paths) and test/architecture.test.ts, so the rules and this record cannot drift.

/**
 * Each area, bottom layer first, with the areas it may import: only through their `index.ts`, and only
 * downwards, so the arrows form no loop. An area not named may not be imported at all.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const AREAS = {
  accounts: [],
  platform: ['accounts'],
  money: ['platform', 'accounts'],
  catalog: ['money', 'platform', 'accounts'],
  orders: ['catalog', 'money', 'platform', 'accounts'],
  engagement: ['orders', 'catalog', 'money', 'platform', 'accounts'],
  support: ['orders', 'catalog', 'money', 'platform', 'accounts'],
  merchant: ['engagement', 'support', 'orders', 'catalog', 'money', 'platform', 'accounts'],
};

/** Where the areas live, relative to the repository root. */
export const SERVER_AREAS_DIR = 'apps/server/src/modules';
export const WEB_AREAS_DIR = 'apps/web/src/features';

/** Server code below the areas: it imports no area. */
export const SERVER_BELOW_AREAS = [
  'apps/server/src/config.ts',
  'apps/server/src/db',
  'apps/server/src/lib',
  'apps/server/src/mail',
  'apps/server/src/payments',
  'apps/server/src/plugins',
  'apps/server/src/ops',
  'apps/server/src/jobs/queue.ts',
  'apps/server/src/jobs/failures.ts',
];

/** Server code above the areas, that composes them: it imports an area only through its index.ts, and no area imports it. */
export const SERVER_ABOVE_AREAS = [
  'apps/server/src/app.ts',
  'apps/server/src/server.ts',
  'apps/server/src/start.ts',
  'apps/server/src/entry.ts',
  'apps/server/src/jobs/index.ts',
  'apps/server/src/jobs/test-clock.ts',
  'apps/server/src/webhooks',
  'apps/server/src/ssr',
  'apps/server/src/demo',
  'apps/server/src/cli',
  'apps/server/test',
  'apps/server/bench',
];
