import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../../../test/postgres-server';
import { openDatabase } from '../src/db/client';

/**
 * One throwaway PostgreSQL server for the api-postgres project, and on it one database migrated once;
 * each test file gets its own database cloned from that template (`freshDatabase()` in build.ts).
 */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  const template = `t_template_${randomUUID().replace(/-/g, '')}`;
  try {
    await admin(server.url, `create database ${template}`);
    const database = await openDatabase({ url: withDatabase(server.url, template) });
    await database.close();
    // Nobody may be connected to a template while it is cloned: forbid connections from here on.
    await admin(server.url, `alter database ${template} with is_template true allow_connections false`);
  } catch (err) {
    await server.stop();
    throw err;
  }
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', template);
  return async () => {
    // On a server of one's own (TEST_DATABASE_URL) the template is removed; a throwaway server just stops.
    await admin(server.url, `alter database ${template} with is_template false`).catch(() => {});
    await admin(server.url, `drop database if exists ${template}`).catch(() => {});
    await server.stop();
  };
}

/** Runs one statement on a connection of its own to the server at `url` (creating or dropping a database). */
export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database with every migration applied, to clone with `create database … template …`. */
    postgresTemplate: string;
  }
}
