/** The benchmark's PostgreSQL: BENCH_DATABASE_URL, else a throw-away cluster started like `npm test` does. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

interface TempPostgres {
  url: string;
  socketUrl: string;
  stop(): void;
}

/** A database URL pointing at a new schema, and a function that drops it (and the cluster, if ours). */
export async function benchDatabase(): Promise<{ url: string; release(): Promise<void> }> {
  let baseUrl = process.env.BENCH_DATABASE_URL;
  let cluster: TempPostgres | null = null;
  if (!baseUrl) {
    // Plain JavaScript helpers of the scripts; imported by URL so that the type checker does not need them typed.
    const tools = new URL('../../scripts/lib/find-tools.mjs', import.meta.url).href;
    const temp = new URL('../../scripts/lib/temp-postgres.mjs', import.meta.url).href;
    const { findPostgresBin } = (await import(tools)) as { findPostgresBin(): string | null };
    const { startTempPostgres } = (await import(temp)) as {
      startTempPostgres(binDir: string): Promise<TempPostgres>;
    };
    const binDir = findPostgresBin();
    if (!binDir) throw new Error('The order-placement benchmark needs PostgreSQL (or BENCH_DATABASE_URL).');
    cluster = await startTempPostgres(binDir);
    // As a server next to its database connects: both sides of the benchmark use the Unix socket.
    baseUrl = process.env.BENCH_PG_TCP ? cluster.url : cluster.socketUrl;
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const stopCluster = () => cluster?.stop();
  process.once('exit', stopCluster);
  return {
    url: url.toString(),
    async release() {
      await admin.query(`drop schema ${schema} cascade`).catch(() => undefined);
      await admin.end();
      stopCluster();
      cluster = null;
    },
  };
}
