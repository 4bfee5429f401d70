/*
 * `react-dom/client` in the Preact build (vite.config.ts aliases it here): Preact's createRoot, with
 * the React behaviours the code relies on (ref as a prop, <title>/<meta> hoisting, effect order)
 * installed before the first render.
 */
import './preact-react19';

export { createRoot, hydrateRoot } from 'preact/compat/client';
