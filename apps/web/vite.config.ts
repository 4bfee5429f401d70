import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { imageVariants } from './vite/image-variants';
import { loopbackRedirect } from '../../packages/shared/src/domain/loopback-host';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// React 19 (react-dom) in development, in the build and in every test (docs/decisions/0014-react-ssr.md).
// In development Vite serves the app on 3000 and forwards /api to the API server on 3001.
// The packages every page runs before it can hydrate: one long-cached file instead of a dozen requests.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

/**
 * zod and the shared schemas: only forms need them. The entry reaches them through the shared
 * package's index, which re-exports everything, so the walk below would take them along.
 */
const FORMS_ONLY =
  /[\\/](node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/]schemas[\\/]|apps[\\/]web[\\/]src[\\/]lib[\\/]zod(-config)?\.ts$)/;

/** The browser entry: whatever it imports statically, every page runs first (see `chunkOf`). */
const ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx');

/**
 * The chunk a module goes in. Two are fixed: `framework` (above) and `app`, every other module the
 * entry imports statically (layout, home page, shared helpers), so the first load is three files
 * whatever the pages share among themselves. The rest is left to Rollup: a page and what only pages
 * share load when a page needs them (docs/decisions/0028-first-load-and-hydration.md).
 */
function chunkOf(id: string, getModuleInfo: (id: string) => { importers: readonly string[] } | null, memo: Map<string, boolean>) {
  // Rollup's CommonJS helpers go with React (CommonJS), or `framework` would import from `app`: a cycle.
  if (FRAMEWORK.test(id) || id.startsWith('\0commonjsHelpers')) return 'framework';
  // Chunks of their own, so that `app` cannot take them along (each loads where a form uses it).
  const formsOnly = FORMS_ONLY.exec(id);
  if (formsOnly) return !formsOnly[1]!.includes('schemas') ? 'zod' : `schema-${path.basename(id).replace(/\.ts$/, '')}`;
  return isStaticallyFromEntry(id, getModuleInfo, memo) && id !== ENTRY ? 'app' : undefined;
}

/** Whether the entry reaches `id` through static imports only (dynamic `import()` starts a new chunk). */
function isStaticallyFromEntry(
  id: string,
  getModuleInfo: (id: string) => { importers: readonly string[] } | null,
  memo: Map<string, boolean>,
): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // an import cycle does not prove anything
  const found =
    id === ENTRY || (getModuleInfo(id)?.importers ?? []).some((importer) => isStaticallyFromEntry(importer, getModuleInfo, memo));
  memo.set(id, found);
  return found;
}

/**
 * Fails the browser build when the framework chunk imports another chunk: the app imports the
 * framework, so that would be a cycle, and the page would stop at start-up (an import read before
 * it is set). Rollup's helpers and any module a framework package needs must go with the framework.
 */
/**
 * `npm run dev`: pages come from Vite, so Vite sends a page opened under another loopback name than
 * APP_URL's to APP_URL's, as the server does (plugins/dev-host.ts), before anyone signs in there.
 */
const oneLoopbackName: Plugin = {
  name: 'localperks:one-loopback-name',
  apply: 'serve',
  configureServer(server) {
    const appUrl = process.env.APP_URL ?? `http://localhost:${process.env.WEB_PORT ?? 3000}`;
    server.middlewares.use((req, res, next) => {
      const to = req.method === 'GET' || req.method === 'HEAD' ? loopbackRedirect(req.headers.host, req.url ?? '/', appUrl) : null;
      if (!to) return next();
      res.writeHead(302, { location: to }).end();
    });
  },
};

const frameworkStandsAlone: Plugin = {
  name: 'localperks:framework-stands-alone',
  apply: (_config, { isSsrBuild }) => !isSsrBuild,
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.name === 'framework' && chunk.imports.length)
        this.error(`The framework chunk imports ${chunk.imports.join(', ')}: move what it needs into it (chunkOf in vite.config.ts).`);
  },
};

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Responsive sizes of raster images, then .br and .gz beside every text file (HTML, JS, CSS, JSON,
    // SVG) for the server to send as they are (docs/decisions/0015-serving-and-web-performance.md). Not
    // for the server-rendering build, which the server imports and never sends.
    ...(isSsrBuild ? [] : [imageVariants()]),
    // The installable app: its manifest and the service worker that keeps the signed-in customer's vouchers for offline
    // use (src/sw.ts, Workbox; docs/decisions/0067-installable-app-and-offline-vouchers.md). Registered by the app
    // itself once a customer signs in (lib/offline.ts); the app code and styles are precached, no images.
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src',
            filename: 'sw.ts',
            injectRegister: false,
            manifestFilename: 'manifest.webmanifest',
            injectManifest: { globPatterns: ['**/*.{js,css}'], maximumFileSizeToCacheInBytes: 3 * 1024 * 1024 },
            devOptions: { enabled: false },
            manifest: {
              name: 'LocalPerks: Discover Local Deals',
              short_name: 'LocalPerks',
              description: 'Discounted local deals on food, fun, fitness and more, with your vouchers at hand even offline.',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              theme_color: '#047857',
              background_color: '#f8fafc',
              icons: [
                { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
                { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
                { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
              ],
              shortcuts: [{ name: 'My Purchases', url: '/purchases', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }],
            },
          }),
        ]),
    frameworkStandsAlone,
    oneLoopbackName,
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })]),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    // xfwd: the API sees the browser's address, so its loopback-only helpers stay loopback-only.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false, xfwd: true } },
  },
  resolve: {
    alias: [
      // React Router's package exports its development build to bundlers; the production build has no
      // dev-only warnings and checks (about 15 kB less before compression).
      ...(mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
            },
            // Its DOM provider too, so both share one router context.
            {
              find: /^react-router\/dom$/,
              replacement: path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/dom-export.mjs'),
            },
          ]
        : []),
      // zod with its browser settings applied first (src/lib/zod-config.ts), loaded only where a form needs it.
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') }]),
    ],
  },
  build: {
    // The server-rendering build needs the code only: the public files are served from the client build.
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        manualChunks: (() => {
          const memo = new Map<string, boolean>();
          return (id, { getModuleInfo }) => chunkOf(id, getModuleInfo, memo);
        })(),
        // Merges the many tiny chunks (an icon, a helper) into their importers: fewer requests on a phone.
        experimentalMinChunkSize: 4_000,
      },
    },
  },
}));
