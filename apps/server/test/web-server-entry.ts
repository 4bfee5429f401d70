import path from 'node:path';
import { afterAll } from 'vitest';
import { createServer } from 'vite';
import type { ServerEntry } from '@localperks/shared';

/**
 * The web app's server entry (apps/web/src/entry-server.tsx), compiled by Vite as `vite build --ssr`
 * compiles it, so the server-render tests need no prior build. Closed after the file's tests.
 */
export async function loadWebServerEntry(): Promise<ServerEntry> {
  const vite = await createServer({
    root: path.resolve(import.meta.dirname, '../../web'),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  });
  afterAll(() => vite.close());
  return (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
}
