// The browser build's `zod` (an alias in vite.config.ts): zod with our settings applied before any
// schema is created. Only forms load zod, so the settings load with it instead of with every page.
import './zod-config';

export * from 'zod/v4';
export { default } from 'zod/v4';
