import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { imageVariants } from './vite/image-variants';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// React 19 (react-dom) in development, in the build and in every test (docs/decisions/0014-react-ssr.md).
// In development Vite serves the app on 3000 and forwards /api to the API server on 3001.
// The packages every page runs before it can hydrate: one long-cached file instead of a dozen requests.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Responsive sizes of raster images, then .br and .gz beside every text file (HTML, JS, CSS, JSON,
    // SVG) for the server to send as they are (docs/decisions/0015-serving-and-web-performance.md).
    imageVariants(),
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    // xfwd: the API sees the browser's address, so its loopback-only helpers stay loopback-only.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false, xfwd: true } },
  },
  resolve: {
    // React Router's package exports its development build to bundlers; the production build has no
    // dev-only warnings and checks (about 15 kB less before compression).
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
            },
          ]
        : [],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        manualChunks: (id) => (FRAMEWORK.test(id) ? 'framework' : undefined),
        // Merges the many tiny chunks (an icon, a helper) into their importers: fewer requests on a phone.
        experimentalMinChunkSize: 12_000,
      },
    },
  },
}));
