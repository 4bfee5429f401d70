import { z } from 'zod';

/**
 * zod v4 compiles fast object parsers with `new Function` and first probes whether it may; under
 * our Content-Security-Policy (script-src 'self', no 'unsafe-eval') even the caught probe is
 * reported as a violation on every page with a form. jitless parsing needs no eval. zod decides
 * when a schema is created, so this module is the first import of main.tsx, before any schema
 * (the policy stays strict: docs/decisions/0003-csrf-and-csp.md).
 */
z.config({ jitless: true });
