/**
 * Test support: run the same suite on embedded PGlite and on PostgreSQL (`TEST_DATABASE_URL`), each test
 * file on a fresh database — `memory://` for PGlite, a new schema `t_<random>` for PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';

/** A fresh database: pass `dataDir` / `databaseUrl` to `buildApp` or the openers, then `cleanup()`. */
export interface TestDatabase {
  dataDir?: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

/** One engine the suites run on. */
export interface TestBackend {
  name: 'pglite' | 'postgres';
  create(): Promise<TestDatabase>;
}

const PGLITE: TestBackend = {
  name: 'pglite',
  create: async () => ({ dataDir: 'memory://', cleanup: async () => undefined }),
};

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A backend that makes a schema per database and points `search_path` at it through the connection options. */
function postgresBackend(baseUrl: string): TestBackend {
  return {
    name: 'postgres',
    async create() {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      await withClient(baseUrl, (client) => client.query(`create schema ${schema}`));
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        databaseUrl: url.toString(),
        cleanup: () =>
          withClient(baseUrl, (client) => client.query(`drop schema ${schema} cascade`)).then(
            () => undefined,
          ),
      };
    },
  };
}

/**
 * Declares `suite` once per backend. PostgreSQL runs when TEST_DATABASE_URL is set; without it the suite is
 * skipped, or fails when TK_REQUIRE_PG=1 (CI must not pass silently without PostgreSQL).
 */
export function describeOnBackends(title: string, suite: (backend: TestBackend) => void): void {
  describe(`${title} [pglite]`, () => suite(PGLITE));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    describe(`${title} [postgres]`, () => suite(postgresBackend(url)));
  } else if (process.env.TK_REQUIRE_PG === '1') {
    describe(`${title} [postgres]`, () => {
      it('runs against the PostgreSQL given in TEST_DATABASE_URL', () => {
        throw new Error('TK_REQUIRE_PG=1 but TEST_DATABASE_URL is not set: PostgreSQL suites cannot run.');
      });
    });
  } else {
    describe.skip(`${title} [postgres] (set TEST_DATABASE_URL to run)`, () => suite(postgresBackend('')));
  }
}
