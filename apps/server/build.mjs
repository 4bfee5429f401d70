// Bundles the server into dist/ (node_modules stay external): server.js, the entry point, loads tracing.js when
// OTEL_EXPORTER_OTLP_ENDPOINT is set and then main.js, the server (src/entry.ts says why they are apart).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the server into `outdir` (default apps/server/dist), with the SQL migrations beside it. */
export async function buildServer(outdir = path.join(here, 'dist')) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: path.join(here, 'src/entry.ts'),
      main: path.join(here, 'src/server.ts'),
      tracing: path.join(here, 'src/ops/tracing.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    // the shared workspace package is TypeScript source: bundle it in
    external: [],
    logLevel: 'warning',
    plugins: [
      {
        name: 'bundle-shared',
        setup(b) {
          b.onResolve({ filter: /^@localperks\/shared$/ }, () => ({
            path: path.join(here, '../../packages/shared/src/index.ts'),
          }));
        },
      },
    ],
  });
  fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
  console.log('server built: dist/server.js (entry), dist/main.js, dist/tracing.js');
}
