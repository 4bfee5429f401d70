import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgresServer, type PostgresServer } from './postgres-server';

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

// With TEST_DATABASE_URL set and no local binaries there is nothing to start.
const skipRealServer = !findPostgresBin() && !!process.env.TEST_DATABASE_URL;

describe('startPostgresServer', () => {
  it.skipIf(skipRealServer)(
    'starts a throwaway server, serves queries, and stops it',
    async () => {
      const savedUrl = process.env.TEST_DATABASE_URL;
      delete process.env.TEST_DATABASE_URL;
      let server: PostgresServer;
      try {
        server = await startPostgresServer();
      } finally {
        if (savedUrl !== undefined) process.env.TEST_DATABASE_URL = savedUrl;
      }

      const url = new URL(server.url);
      expect(url.protocol).toBe('postgres:');
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.pathname).toBe('/postgres');
      const port = Number(url.port);
      expect(port).toBeGreaterThan(0);

      try {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ version: string }>('select version()');
          expect(rows[0]?.version).toContain('PostgreSQL');
          expect(rows[0]?.version).toMatch(/PostgreSQL 1[5-9]/);

          await client.query('create table perks (id serial primary key, name text not null)');
          await client.query('insert into perks (name) values ($1)', ['free coffee']);
          const res = await client.query<{ id: number; name: string }>('select id, name from perks');
          expect(res.rows).toEqual([{ id: 1, name: 'free coffee' }]);

          const settings = await client.query<{ fsync: string }>('show fsync');
          expect(settings.rows[0]?.fsync).toBe('off');
        } finally {
          await client.end();
        }
      } finally {
        await server.stop();
      }

      expect(await canConnect(port)).toBe(false);
      // stop() is idempotent
      await server.stop();
    },
    90_000,
  );

  it('returns TEST_DATABASE_URL without starting anything when it is set', async () => {
    const savedUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = 'postgres://someone@db.example:5432/app';
    try {
      const server = await startPostgresServer();
      expect(server.url).toBe('postgres://someone@db.example:5432/app');
      await expect(server.stop()).resolves.toBeUndefined();
    } finally {
      if (savedUrl === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = savedUrl;
    }
  });

  it('findPostgresBin returns a directory with initdb and pg_ctl, or null', () => {
    const dir = findPostgresBin();
    if (dir !== null) expect(dir).toMatch(/bin$/);
  });
});
