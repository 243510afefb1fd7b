/**
 * Child process of the order-placement benchmark: N closed-loop clients, each sending its next request as
 * soon as the previous one is answered, for a fixed time. `http` clients place market orders on the server;
 * `sql` clients run the baseline transaction straight on PostgreSQL, one connection each (like pgbench -c N).
 * Answers (IPC) the count of successful orders, failures and latency percentiles.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BASELINE_ORDER, placeBaselineOrder, type BaselineAccount } from './baseline';

/** A job of the parent. */
export type Job =
  | {
      kind: 'http';
      url: string;
      /** Each client's accounts (session tokens); a client moves to its next one after `perAccount` orders. */
      pools: string[][];
      perAccount: number;
      body: object;
      warmupMs: number;
      durationMs: number;
    }
  | { kind: 'sql'; databaseUrl: string; accounts: BaselineAccount[]; warmupMs: number; durationMs: number };

/** What a job measured. */
export interface JobResult {
  orders: number;
  failures: number;
  firstFailure: string | null;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);

/** Runs `clients` loops of `once` for warm-up then measurement; latencies only of the measured part. */
async function closedLoop(
  clients: Array<() => Promise<string | null>>,
  warmupMs: number,
  durationMs: number,
) {
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const end = measureFrom + durationMs;
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  await Promise.all(
    clients.map(async (once) => {
      for (let now = performance.now(); now < end; now = performance.now()) {
        const failure = await once();
        const done = performance.now();
        if (now < measureFrom) continue;
        if (failure === null) latencies.push(done - now);
        else {
          failures += 1;
          firstFailure ??= failure;
        }
      }
    }),
  );
  const seconds = (performance.now() - measureFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const result: JobResult = {
    orders: latencies.length,
    failures,
    firstFailure,
    seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
  return result;
}

/** One POST over a kept-alive connection of `agent` (undici's fetch adds tens of ms per call on loopback). */
function postJson(agent: http.Agent, url: URL, token: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(text));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function httpJob(job: Extract<Job, { kind: 'http' }>): Promise<JobResult> {
  const body = JSON.stringify(job.body);
  const url = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.pools.length });
  // An account holds at most MAX_LIVE_ORDERS open orders: a client spreads its orders over its pool so that
  // none is refused for the cap (which would measure refusals, not placements).
  const clients = job.pools.map((pool, i) => {
    let placed = 0;
    return async () => {
      const token = pool[Math.floor(placed / job.perAccount)];
      if (token === undefined)
        throw new Error(`client ${i} used all ${pool.length} of its accounts: give it more (BENCH_ACCOUNTS)`);
      placed += 1;
      const answer = JSON.parse(await postJson(agent, url, token, body)) as { code: number; msg: string };
      return answer.code === 0 ? null : `${answer.code} ${answer.msg}`;
    };
  });
  try {
    return await closedLoop(clients, job.warmupMs, job.durationMs);
  } finally {
    agent.destroy();
  }
}

async function sqlJob(job: Extract<Job, { kind: 'sql' }>): Promise<JobResult> {
  const connections = await Promise.all(
    job.accounts.map(async () => {
      const client = new pg.Client({ connectionString: job.databaseUrl });
      await client.connect();
      return client;
    }),
  );
  let seq = 0;
  try {
    const clients = job.accounts.map((account, i) => async () => {
      const client = connections[i] as pg.Client;
      try {
        await placeBaselineOrder(client, account, BASELINE_ORDER, `B${process.pid}-${i}-${(seq += 1)}`);
        return null;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        return String(error);
      }
    });
    return await closedLoop(clients, job.warmupMs, job.durationMs);
  } finally {
    await Promise.all(connections.map((client) => client.end()));
  }
}

process.once('message', (job: Job) => {
  const run = job.kind === 'http' ? httpJob(job) : sqlJob(job);
  run.then(
    (result) => process.send?.({ type: 'done', result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ type: 'error', error: String(error) }, () => process.exit(1)),
  );
});
