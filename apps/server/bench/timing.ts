/** The milliseconds of `calls` calls of `once`, one after another, sorted (the benchmarks' per-call figures). */
export async function timeCalls(once: () => Promise<unknown>, calls: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await once();
    ms.push(performance.now() - t);
  }
  return ms.sort((a, b) => a - b);
}
