/**
 * The order-placement benchmark's real server processes (MP20): `node --import tsx server/src/main.ts --workers N`
 * on the benchmark's database, N worker processes behind one port as `npm start -- --workers N` runs them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
/** Connections of the one in-process server's pool (DEFAULT_POOL_MAX): the workers share about as many. */
const POOL_TOTAL = 20;

export interface Workers {
  port: number;
  stop(): Promise<void>;
}

/** Starts `workers` worker processes and resolves once their primary prints the address. */
export function startWorkers(databaseUrl: string, workers: number, adminToken: string): Promise<Workers> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--workers', String(workers)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: String(Math.ceil(POOL_TOTAL / workers)),
      ADMIN_TOKEN: adminToken,
      MARKET_BACKFILL_DAYS: '0.01',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: unknown) => (text += String(chunk)));
    child.stdout?.on('data', (chunk: unknown) => {
      text += String(chunk);
      const match = /TradeKit is running at http:\/\/localhost:(\d+)/.exec(text);
      if (!match) return;
      resolve({
        port: Number(match[1]),
        async stop() {
          child.kill('SIGTERM');
          const code = await exited;
          if (code !== 0)
            throw new Error(`the ${workers} workers exited with ${code}:\n${text.slice(-2000)}`);
        },
      });
    });
    void exited.then((code) =>
      reject(new Error(`the ${workers} workers exited (${code}):\n${text.slice(-2000)}`)),
    );
  });
}
