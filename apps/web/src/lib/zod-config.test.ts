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

  it('main.tsx applies the settings before anything else is imported', () => {
    const main = fs.readFileSync(path.resolve(import.meta.dirname, '../main.tsx'), 'utf8');
    const firstImport = main.split('\n').find((l) => l.startsWith('import '));
    expect(firstImport).toBe("import './lib/zod-config';");
  });
});
