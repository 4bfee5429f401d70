import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const RealFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('zod under the strict Content-Security-Policy', () => {
  it('parses the shared schemas without ever constructing a Function (no eval, so no CSP violation)', async () => {
    const constructed: unknown[][] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        constructed.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, thisArg, args) {
        constructed.push(args);
        return Reflect.apply(target, thisArg, args);
      },
    });
    // As in main.tsx: the settings first, then the schemas.
    await import('./zod-config');
    const { loginSchema, merchantRegistrationSchema } = await import('@localperks/shared');
    for (let i = 0; i < 3; i++) {
      expect(loginSchema.safeParse({ email: 'a@b.example', password: 'Passw0rdX' }).success).toBe(true);
      expect(merchantRegistrationSchema.safeParse({ email: 'x' }).success).toBe(false);
    }
    await loginSchema.parseAsync({ email: 'a@b.example', password: 'Passw0rdX' });
    expect(constructed).toEqual([]);
  });

  it('the browser build imports zod through lib/zod.ts, which applies the settings before zod is used', async () => {
    const { default: viteConfig } = await import('../../vite.config');
    const config = typeof viteConfig === 'function' ? viteConfig({ mode: 'production', command: 'build', isSsrBuild: false }) : viteConfig;
    const aliases = (config.resolve?.alias ?? []) as { find: string | RegExp; replacement: string }[];
    const zodAlias = aliases.find((a) => (typeof a.find === 'string' ? a.find === 'zod' : a.find.test('zod')));
    expect(zodAlias?.replacement).toBe(path.resolve(import.meta.dirname, 'zod.ts'));
    // Nothing else matches: zod's own subpaths (zod/v4, used by the wrapper) stay zod.
    expect(aliases.filter((a) => (typeof a.find === 'string' ? a.find === 'zod/v4' : a.find.test('zod/v4')))).toEqual([]);
    const wrapper = fs.readFileSync(path.resolve(import.meta.dirname, 'zod.ts'), 'utf8');
    const firstImport = wrapper.split('\n').find((l) => /^(import|export) /.test(l));
    expect(firstImport).toBe("import './zod-config';");
  });
});
