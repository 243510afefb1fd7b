/**
 * The order-placement benchmark's real server processes (MP20): `node server/dist/main.mjs --workers N` (TR64)
 * on the benchmark's database, N worker processes behind one port as `npm start -- --workers N` runs them.
 */
import { spawnServer } from '../../server/src/spawn-server';

/** Connections of the one in-process server's pool (DEFAULT_POOL_MAX): the workers share about as many. */
const POOL_TOTAL = 20;

export interface Workers {
  port: number;
  stop(): Promise<void>;
}

/** Starts `workers` worker processes and resolves once their primary prints the address. */
export async function startWorkers(
  databaseUrl: string,
  workers: number,
  adminToken: string,
): Promise<Workers> {
  const server = spawnServer(['--workers', String(workers)], {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(Math.ceil(POOL_TOTAL / workers)),
    ADMIN_TOKEN: adminToken,
  });
  const { port } = await server.listening();
  return {
    port,
    async stop() {
      server.child.kill('SIGTERM');
      const code = await server.exited;
      if (code !== 0)
        throw new Error(`the ${workers} workers exited with ${code}:\n${server.output().slice(-2000)}`);
    },
  };
}
