import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../../../test/postgres-server';

/** One throwaway PostgreSQL server for the api-postgres project; each test file gets its own database. */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
  return async () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
