import fp from 'fastify-plugin';
import { runMigrations } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite embedded, or PostgreSQL when a URL is given); migrated before the app is ready. */
    db: Db;
  }
}

/** Options of the `db` plugin. */
export interface DbPluginOptions {
  /** PGlite data directory (default `./data/pglite`; `memory://` for a throw-away database). */
  dataDir?: string;
  /** PostgreSQL connection string; when set PGlite is not used. */
  databaseUrl?: string;
  /** Folder of `YYYYMMDDTHHMM_name.sql` files (default `server/migrations`). */
  migrationsDir?: string;
  /** Most PostgreSQL connections at once (default in ./postgres). */
  poolMax?: number;
}

/** Opens the database, applies pending migrations and closes it with the app. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const db = options.databaseUrl
      ? await openPostgres(options.databaseUrl, {
          ...(options.poolMax ? { max: options.poolMax } : {}),
          onError: (error) => app.log.error({ err: error }, 'idle database client failed'),
        })
      : await openPglite(options.dataDir ?? './data/pglite');
    try {
      const report = await runMigrations(db, options.migrationsDir);
      if (report.applied.length > 0) app.log.info({ applied: report.applied }, 'database migrated');
    } catch (error) {
      await db.close();
      throw error;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'db', fastify: '5.x' },
);
