/**
 * The cluster module (MP1): what lets several server processes share one PostgreSQL. `app.cluster.bus` carries
 * what one process must tell the others (order changes, pushes, prices); `app.cluster.leases` runs each
 * background job in exactly one process. Off (the default, and always on PGlite), the bus tells nobody and every
 * lease is this process's: a single process behaves as it did before the module existed.
 */
import fp from 'fastify-plugin';
import { createLocalBus, createPostgresBus, type Bus } from './bus';
import { createLocalLeases, createPostgresLeases, type Leases } from './leases';

export interface Cluster {
  bus: Bus;
  leases: Leases;
  /** True when this process is one of several on its database (`--workers`, CLUSTER=1). */
  shared: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: Cluster;
  }
}

export interface ClusterPluginOptions {
  /** Several processes on this database (needs PostgreSQL). */
  enabled?: boolean;
  databaseUrl?: string;
  /** How often a process looks for free leases (default 1000 ms; tests shorten it). */
  leaseRoundMs?: number;
}

export const clusterPlugin = fp<ClusterPluginOptions>(
  async (app, options) => {
    const onError = (error: unknown, what = 'cluster bus') => app.log.error({ err: error }, what);
    if (!options.enabled) {
      const cluster: Cluster = { bus: createLocalBus(), leases: createLocalLeases(onError), shared: false };
      // Each module stops its own jobs at close, as a single process always did.
      app.decorate('cluster', cluster);
      return;
    }
    if (!options.databaseUrl || app.db.kind !== 'postgres') {
      throw new Error('several server processes need PostgreSQL (DATABASE_URL)');
    }
    const { rows } = await app.db.query<{ schema: string }>('select current_schema() as schema');
    const bus = await createPostgresBus({ databaseUrl: options.databaseUrl, db: app.db, onError });
    const leases = createPostgresLeases({
      databaseUrl: options.databaseUrl,
      schema: rows[0]?.schema ?? 'public',
      onError,
      // A process that died may have committed changes it never announced: every copy is reloaded (MP21).
      onPeerLost: () => bus.gap(),
      ...(options.leaseRoundMs ? { roundMs: options.leaseRoundMs } : {}),
    });
    app.decorate('cluster', { bus, leases, shared: true } satisfies Cluster);
    // Every module has registered its jobs once the app is ready.
    app.addHook('onReady', async () => leases.start());
    // preClose: jobs stop while the database is still open; the bus goes last.
    app.addHook('preClose', async () => {
      await leases.close();
      await bus.close();
    });
  },
  { name: 'cluster', fastify: '5.x', dependencies: ['db'] },
);
