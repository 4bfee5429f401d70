// ESLint flat config: typescript-eslint's recommended rules, React hooks, accessibility and the import
// boundaries of docs/style.md. The type-aware rules of typescript-eslint's recommendedTypeChecked run in oxlint
// (.oxlintrc.json; `npm run lint` runs both): its typescript-go port of them takes a tenth of the time
// (docs/decisions/0036-type-aware-lint-in-oxlint.md). Formatting is Prettier's (eslint-config-prettier turns
// the overlapping rules off). Why these rules and not others: docs/decisions/0008-lint-and-format.md.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { AREAS, SERVER_ABOVE_AREAS, SERVER_AREAS_DIR, SERVER_BELOW_AREAS } from './areas.config.mjs';

const WEB = 'apps/web/src';
const areaNames = Object.keys(AREAS);

/*
 * Imports flow one way (docs/style.md): packages/shared → web lib/, components/, config/ → features/ →
 * app/. The features are grouped into business areas, the same as the server's modules, and one area
 * imports another only along an arrow recorded in areas.config.mjs, and only through that area's
 * index.ts (docs/decisions/0038-business-areas.md); what two areas share moves down to lib/,
 * components/ or packages/shared, and what composes several lives in app/.
 * The zones are resolved paths, so a relative import (`../../cart/cart-store`) is caught as surely
 * as any other spelling. test/architecture.test.ts holds the same rules against the whole import graph,
 * cycles included.
 */
const areaZones = (dir, side) =>
  areaNames.flatMap((area) =>
    areaNames
      .filter((other) => other !== area)
      .map((other) =>
        AREAS[area].includes(other)
          ? {
              target: `${dir}/${area}`,
              from: `${dir}/${other}`,
              except: ['./index.ts'],
              message: `The ${area} area imports the ${other} area only through ${dir}/${other}/index.ts, its public face.`,
            }
          : {
              target: `${dir}/${area}`,
              from: `${dir}/${other}`,
              message: `The ${area} area may not import the ${other} area (${side}): the allowed arrows are in areas.config.mjs (docs/decisions/0038-business-areas.md).`,
            },
      ),
  );

const boundaryZones = [
  ...areaZones(`${WEB}/features`, 'web'),
  {
    target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/config`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'lib/, components/ and config/ sit below the features and app/: they import neither.',
  },
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import app/: app/ composes the features.' },

  // The server: areas as above; code below them imports none, code above them only their faces.
  ...areaZones(SERVER_AREAS_DIR, 'server'),
  ...areaNames.map((area) => ({
    target: SERVER_ABOVE_AREAS,
    from: `${SERVER_AREAS_DIR}/${area}`,
    except: ['./index.ts'],
    message: `Code that composes the areas imports the ${area} area only through ${SERVER_AREAS_DIR}/${area}/index.ts.`,
  })),
  {
    target: SERVER_BELOW_AREAS,
    from: SERVER_AREAS_DIR,
    message: 'config, db/, lib/, mail/, payments/, plugins/ and the job queue sit below the areas: they import none.',
  },

  { target: 'apps/web', from: 'apps/server', message: 'The web app does not import server code (share it through packages/shared).' },
  { target: 'apps/server', from: 'apps/web', message: 'The server does not import web code (share it through packages/shared).' },
  { target: 'packages/shared', from: 'apps', message: 'packages/shared imports nothing from the apps.' },
];

/** The areas' code does not import what composes them; their tests may (a test of a job runs the job list). */
const compositionZone = {
  target: SERVER_AREAS_DIR,
  from: SERVER_ABOVE_AREAS.filter((p) => p.startsWith('apps/server/src/')),
  message: 'The areas do not import the code that composes them (app.ts, jobs/index.ts, ssr/, demo/, cli/).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-ssr/',
      'test-results/',
      'data/',
      'screenshots/',
      'coverage/',
      // Scratch space of scripts (the previous release unpacked by scripts/previous-release-check.mjs).
      '**/.tmp/',
      'apps/server/src/db/migrations/',
      // Breaks the type-aware rules on purpose (test/type-aware-lint.test.ts).
      'test/lint-fixtures/',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.node,
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...boundaryZones, compositionZone] }],
      // `_name` is how a destructuring leaves a field out (`const { password: _p, ...rest } = user`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read responses as `any` (`res.json()`, light-my-request's payloads) and assert on them
    // straight away: `expect` is the type check there. Test doubles of third-party SDKs (Stripe)
    // mimic only the surface a test uses. The fuzzer walks arbitrary OpenAPI/JSON Schema documents and
    // builds malformed values on purpose. Production code keeps no-explicit-any and the full
    // no-unsafe-* set (.oxlintrc.json turns the same no-unsafe-* rules off for the same files).
    files: ['**/*.test.ts', 'apps/server/test/**', 'test/**', 'e2e/**', 'apps/server/bench/fuzz.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }] },
  },

  // The web app: browser globals, hooks, accessibility.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // The two classic hook rules, both errors: a missing dependency is a stale-closure bug.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Not plugin v7's React Compiler rules (refs, purity, immutability, set-state-in-effect…):
      // they check that code is safe for the compiler's automatic memoisation, and this app does
      // not use the compiler. Their findings here are deliberate patterns: the latest-callback ref,
      // state reset when a URL param changes.
      // A radio card's label text sits in nested <span>s (title and hint): look one level deeper.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },

  // packages/shared runs on both sides: nothing of Node, the database or React (docs/style.md).
  {
    files: ['packages/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'packages/shared runs in the browser too: no Node modules.' },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'drizzle-kit', 'pg', 'pg-*', '@electric-sql/*', 'postgres'],
              message: 'packages/shared knows no database: keep queries in apps/server.',
            },
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'packages/shared knows no React.' },
            { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'packages/shared knows no server framework.' },
          ],
        },
      ],
    },
  },

  prettier,
);
