import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { imageVariants } from './vite/image-variants';

/*
 * Which renderer runs the React code. The production build uses Preact through `preact/compat`:
 * react-dom alone is ~65 kB of JavaScript (gzip) and the first load of home and browse must stay
 * under 100 kB (DESIGN.md); Preact is ~7 kB. The code is written against React's API and types as
 * before; lib/preact-react19.ts adds the React behaviours it relies on (ref as a prop, <title>/<meta>
 * hoisting, effect order). The dev server keeps React (Fast Refresh, React DevTools) unless
 * WEB_RUNTIME=preact; WEB_RUNTIME=react builds with React (to compare a behaviour, or if Preact must
 * be dropped). The e2e journeys run on the build, so on Preact.
 */
const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/lib/preact-client.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// In development Vite serves the app on 3000 and forwards /api to the API server on 3001.
export default defineConfig(({ command }) => {
  const runtime = process.env.WEB_RUNTIME ?? (command === 'build' ? 'preact' : 'react');
  if (runtime !== 'preact' && runtime !== 'react') throw new Error(`WEB_RUNTIME must be preact or react, not "${runtime}"`);
  return {
    plugins: [
      react(),
      tailwindcss(),
      // Responsive sizes of raster images, then .br and .gz beside every text file (HTML, JS, CSS, JSON,
      // SVG) for the server to send as they are (docs/decisions/0015-serving-and-web-performance.md).
      imageVariants(),
      compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    ],
    resolve: { alias: runtime === 'preact' ? preactAliases : [] },
    server: {
      port: Number(process.env.WEB_PORT ?? 3000),
      // xfwd: the API sees the browser's address, so its loopback-only helpers stay loopback-only.
      proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false, xfwd: true } },
    },
    build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
  };
});
