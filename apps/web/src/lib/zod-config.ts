// 'zod/v4' is zod itself (the same modules as 'zod'); 'zod' is aliased to ./zod.ts in the browser build.
import { z } from 'zod/v4';

/**
 * zod v4 compiles fast object parsers with `new Function` and first probes whether it may; under
 * our Content-Security-Policy (script-src 'self', no 'unsafe-eval') even the caught probe is
 * reported as a violation on every page with a form. jitless parsing needs no eval. zod decides
 * when a schema is created, so in the browser build every import of `zod` goes through ./zod.ts,
 * which runs this first (vite.config.ts); the policy stays strict (docs/decisions/0003-csrf-and-csp.md).
 */
z.config({ jitless: true });
