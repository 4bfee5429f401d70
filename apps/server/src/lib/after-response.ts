import type { ServerResponse } from 'node:http';

/**
 * Work a route starts and does not wait for, run once the response is on its way. Used where the
 * answer must not depend on what the work finds (does this e-mail have an account?): the response
 * is the same and takes the same time either way (docs/decisions/0007-production-start.md).
 * Failures are logged; `settled()` waits for everything started so far (shutdown, tests).
 */
export class AfterResponse {
  private pending = new Set<Promise<void>>();

  constructor(private log: { error(o: object, m: string): void }) {}

  /**
   * `response`: the request's raw response; the work then starts only once it has been handed to the
   * network ('finish'), so in-process work (PGlite runs on this thread) cannot delay the answer.
   */
  run(what: string, work: () => Promise<unknown>, response?: Pick<ServerResponse, 'writableFinished' | 'once'>): void {
    const sent =
      response && !response.writableFinished
        ? new Promise<void>((resolve) => {
            response.once('finish', resolve);
            response.once('close', resolve);
          })
        : Promise.resolve();
    // setImmediate: after the handler's promise settled and Fastify wrote the response.
    const task: Promise<void> = sent
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err }, `${what} failed`),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
