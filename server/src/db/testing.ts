/**
 * Test support: run a suite on embedded PGlite and/or on PostgreSQL (`TEST_DATABASE_URL`), each test file on
 * a fresh database — `memory://` for PGlite (a copy of the run's migrated template, see ./test-template.ts),
 * a new schema `t_<random>` for PostgreSQL.
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

/** Where `buildApp` keeps the data of a test database: its PGlite directory or its PostgreSQL URL. */
export function appStorage(database: TestDatabase): { dataDir: string; databaseUrl?: string } {
  return { dataDir: database.dataDir ?? 'memory://', databaseUrl: database.databaseUrl };
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
export function postgresBackend(baseUrl: string): TestBackend {
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
 * Where a suite runs under `npm test`, declared in each file: `postgres` for rules that only a real server
 * can break (races, row locks, advisory locks, the ledger model: PGlite is one connection, so a race on it
 * proves nothing), `both` for the db layer and SQL-dialect-sensitive code, `pglite` for what is about the
 * embedded database itself (a data directory on disk), `any` for the rest: no rule of theirs depends on the
 * engine, so they run where it costs least — PostgreSQL when the run has one (PGlite's WebAssembly costs
 * about 1.7 times the CPU for the same suites, TR24), else PGlite. `postgresOnly` is `postgres` for what
 * PGlite cannot run at all (several server processes or connections on one database, a connection the server
 * ends): `npm run test:fast` skips it by name instead of running it on PGlite (TR32).
 */
export type BackendChoice = 'pglite' | 'postgres' | 'postgresOnly' | 'both' | 'any';

/** Options of `describeOnBackends`. */
export interface BackendOptions {
  on: BackendChoice;
}

/** The environment variables that pick the backends. */
export interface BackendEnv {
  TEST_DATABASE_URL?: string;
  TK_REQUIRE_PG?: string;
  /** `pglite` (npm run test:fast): every suite runs on PGlite only, whatever it declares (`postgresOnly` none). */
  TK_TEST_BACKENDS?: string;
}

/** The backends a suite declared `on` is described on; empty only for `postgresOnly` under `test:fast`. */
export function backendsFor(on: BackendChoice, env: BackendEnv): Array<TestBackend['name']> {
  if (env.TK_TEST_BACKENDS === 'pglite') return on === 'postgresOnly' ? [] : ['pglite'];
  if (on === 'any') return env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];
  if (on === 'postgresOnly') return ['postgres'];
  return on === 'both' ? ['pglite', 'postgres'] : [on];
}

/**
 * A fresh database for a suite of choice `any` that opens its app without `describeOnBackends`: a schema of the
 * run's PostgreSQL when it has one, else a `memory://` PGlite. Call `cleanup()` when done.
 */
export function anyTestDatabase(): Promise<TestDatabase> {
  const [name] = backendsFor('any', process.env);
  return name === 'postgres'
    ? postgresBackend(process.env.TEST_DATABASE_URL ?? '').create()
    : PGLITE.create();
}

/**
 * A suite that only PostgreSQL can run, under `npm run test:fast`: counted as skipped under its name (`npm test`
 * runs it; TR12, TR32).
 */
export function describeSkippedOffPostgres(title: string, suite: () => void): void {
  describe.skip(`${title} (PostgreSQL only: npm test runs it)`, suite);
}

function describePostgres(title: string, suite: (backend: TestBackend) => void): void {
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

/**
 * Declares `suite` once per backend of `options.on`. PostgreSQL runs when TEST_DATABASE_URL is set; without
 * it the suite is skipped, or fails when TK_REQUIRE_PG=1 (CI must not pass silently without PostgreSQL).
 */
export function describeOnBackends(
  title: string,
  options: BackendOptions,
  suite: (backend: TestBackend) => void,
): void {
  const names = backendsFor(options.on, process.env);
  if (names.length === 0) describeSkippedOffPostgres(title, () => suite(PGLITE));
  for (const name of names) {
    if (name === 'pglite') describe(`${title} [pglite]`, () => suite(PGLITE));
    else describePostgres(title, suite);
  }
}
