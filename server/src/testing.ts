/** Test support: the whole app on a fresh database of the run's cheapest engine. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { anyTestDatabase, appStorage } from './db/testing';

/**
 * `buildApp(options)` on `anyTestDatabase()` (a PostgreSQL schema when the run has PostgreSQL, else a `memory://`
 * PGlite, TR24); closing the app drops the database.
 */
export async function buildTestApp(
  options: Omit<AppOptions, 'dataDir' | 'databaseUrl'> = {},
): Promise<FastifyInstance> {
  const database = await anyTestDatabase();
  try {
    const app = await buildApp({ ...options, ...appStorage(database) });
    app.addHook('onClose', () => database.cleanup());
    return app;
  } catch (error) {
    await database.cleanup();
    throw error;
  }
}
