// Each line marked `expect:` breaks the type-aware rule it names; test/type-aware-lint.test.ts runs oxlint with
// the rules and options of .oxlintrc.json (without its ignore patterns and per-folder overrides) on this file
// and wants exactly these findings. The two options (known-safe navigate(), JSX handlers) are proven by the
// whole tree, which would report 9 and 35 findings without them.
// Not linted or type-checked with the project (ignored in .oxlintrc.json, eslint.config.js and tsconfig.json).

async function load(): Promise<number> {
  return 1;
}
const enum Size {
  Small = 'small',
}
interface Navigate {
  (to: string): Promise<void>;
}

export async function probe(input: unknown, list: number[], loose: any, size: Size, go: Navigate): Promise<unknown> {
  load(); // expect: no-floating-promises
  [1, 2].forEach(async () => {}); // expect: no-misused-promises
  const pending = load();
  if (pending) console.log(await pending); // expect: no-misused-promises
  await 5; // expect: await-thenable
  delete list[0]; // expect: no-array-delete
  const plain = {};
  const text = `${plain}`; // expect: no-base-to-string restrict-template-expressions
  for (const i in list) console.log(i); // expect: no-for-in-array
  setTimeout('alert(1)', 1); // expect: no-implied-eval
  const same = input as unknown; // expect: no-unnecessary-type-assertion
  const copy = loose; // expect: no-unsafe-assignment
  Math.abs(loose.field); // expect: no-unsafe-argument no-unsafe-member-access
  loose(); // expect: no-unsafe-call
  if (size === 'small') return text; // expect: no-unsafe-enum-comparison
  const negative = -(input as string); // expect: no-unsafe-unary-minus
  if (!same) throw 'bad'; // expect: only-throw-error
  await Promise.reject(new Error('no')).catch(() => Promise.reject('bad')); // expect: prefer-promise-reject-errors
  const sum = 'sizes: ' + (plain as Record<string, never>); // expect: restrict-plus-operands no-base-to-string
  const { toFixed } = 5; // expect: unbound-method
  void go('/'); // a known-safe call left alone here, as everywhere: voided
  // oxlint-disable-next-line typescript/no-floating-promises -- expect: unused directive
  console.log(same);
  return [copy, negative, sum, toFixed];
}
export type Duplicate = string | string; // expect: no-duplicate-type-constituents
export type Redundant = unknown | string; // expect: no-redundant-type-constituents

export function raw(): string {
  return JSON.parse('"1"'); // expect: no-unsafe-return
}
