/**
 * Order placement on PostgreSQL: CLIENTS closed-loop clients place market orders through the real server
 * (HTTP, token auth, every rule, one ledger transaction per order), side by side with a pgbench-style
 * baseline — the same number of clients each running the minimal placement transaction straight on the
 * same database (see order-placement/baseline.ts). Each client has an account of its own. The two sides
 * alternate for ROUNDS rounds of SECONDS each; the load runs in a child process so that it does not share
 * the server's event loop. Then the same server as real processes behind one port (`--workers 1` and
 * `--workers 3`, MP20), each side for ROUNDS rounds, at the 2× leverage real servers allow crypto (retail
 * protection on): the figure with 1 and 3 processes.
 *
 *   npx tsx bench/order-placement.ts
 *   env: BENCH_DATABASE_URL (else a throw-away cluster) BENCH_CLIENTS (16) BENCH_SECONDS (5) BENCH_ROUNDS (2)
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createUser, signIn } from '../server/src/accounts/test-app';
import { buildApp } from '../server/src/app';
import { checkLedger, findUserAccount, houseAccount } from '../server/src/ledger';
import { HOUSE_STRIPES, tradingHouseKind } from '../server/src/trading/ledger-ops';
import { LIVE_ORDERS_HEADROOM } from '../server/src/trading/place-fast';
import { MAX_LIVE_ORDERS } from '../server/src/trading/rules';
import { refusalProblem } from './refusals';
import type { BaselineAccount } from './order-placement/baseline';
import type { Job, JobResult } from './order-placement/clients';
import { benchDatabase } from './order-placement/database';
import { startWorkers } from './order-placement/processes';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_MS = 1000;
/** Accounts of each server client per round; fresh ones every round, as positions stay open. */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 4);
/** Orders per account: as far below the live-orders cap as an ordinary account (the fast path). */
const PER_ACCOUNT = MAX_LIVE_ORDERS - LIVE_ORDERS_HEADROOM;
const FUNDS = '100000000';
const ORDER = {
  tradePair: 'BTCUSDT',
  price: '0',
  stopPrice: '',
  takeProfitPprice: '',
  orderQuantity: '0.01',
  multiple: 100,
  orderType: 0,
  buyPoint: 2,
};

/** Runs one job in a fresh child process. */
async function runJob(job: Job): Promise<JobResult> {
  const child = fork(new URL('./order-placement/clients.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
  });
  child.send(job);
  const [message] = (await once(child, 'message')) as [{ type: string; result?: JobResult; error?: string }];
  if (message.type !== 'done' || !message.result) throw new Error(`load generator: ${message.error}`);
  return message.result;
}

/** Adds up rounds: orders over time, the worst p99 and the mean p50. */
function total(runs: JobResult[]) {
  const orders = runs.reduce((n, r) => n + r.orders, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    ordersPerSec: orders / seconds,
    orders,
    failures: runs.reduce((n, r) => n + r.failures, 0),
    firstFailure: runs.find((r) => r.firstFailure)?.firstFailure ?? null,
    p50Ms: runs.reduce((n, r) => n + r.p50Ms, 0) / runs.length,
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
  };
}

const database = await benchDatabase();
const ADMIN_TOKEN = 'order-placement-bench-admin-token';
const app = await buildApp({
  adminToken: ADMIN_TOKEN,
  databaseUrl: database.url,
  market: { autostart: false, backfillDays: 0.01 },
  // Orders at the catalogue's 1:100 leverage: retail protections (PR12) are tested in server/src/trading.
  trading: { settings: { tradekit: { retailProtection: false } } },
});
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/exchange/order/addOrder`;
  const funded = async () => {
    const user = await createUser(app);
    await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', FUNDS, { ref: 'bench' }));
    return user;
  };
  const pools = async () => {
    const result: string[][] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const pool: string[] = [];
      for (let k = 0; k < ACCOUNTS; k += 1) pool.push(await signIn(app, (await funded()).id));
      result.push(pool);
    }
    return result;
  };
  const accounts: BaselineAccount[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const user = await funded();
    const account = await findUserAccount(app.db, user.id, 'real');
    accounts.push({ userId: user.id, accountId: account?.id ?? '', brandId: 'tradekit' });
  }
  const timing = { warmupMs: WARMUP_MS, durationMs: SECONDS * 1000 };
  const serverRuns: JobResult[] = [];
  const baselineRuns: JobResult[] = [];
  const noFeeRuns: JobResult[] = [];
  const sharedRowRuns: JobResult[] = [];
  // The baseline does what the engine must do for a market order: margin locked and the fee paid to the
  // user's house stripe (as the engine stripes it), each account on its own stripe.
  const withOwnStripe = await Promise.all(
    accounts.map(async (account) => {
      const stripe = Number(BigInt(account.userId) % BigInt(HOUSE_STRIPES));
      return {
        ...account,
        feeAccountId: (await houseAccount(app.db, tradingHouseKind('fees', false, stripe))).id,
      };
    }),
  );
  const feeAccountId = (await houseAccount(app.db, 'house_trading_fees_real')).id;
  const withSharedFee = accounts.map((account) => ({ ...account, feeAccountId }));
  let serverCpuMs = 0;
  let serverWallMs = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const job = { kind: 'http', url, pools: await pools(), perAccount: PER_ACCOUNT, body: ORDER } as const;
    serverRuns.push(await runJob({ ...job, ...timing }));
    const used = process.cpuUsage(cpu);
    serverCpuMs += (used.user + used.system) / 1000;
    serverWallMs += performance.now() - wall;
    baselineRuns.push(
      await runJob({ kind: 'sql', databaseUrl: database.url, accounts: withOwnStripe, ...timing }),
    );
    noFeeRuns.push(await runJob({ kind: 'sql', databaseUrl: database.url, accounts, ...timing }));
    sharedRowRuns.push(
      await runJob({ kind: 'sql', databaseUrl: database.url, accounts: withSharedFee, ...timing }),
    );
  }
  // The real server as 1 and 3 worker processes on the same database (fresh accounts each round).
  const processRuns: Record<1 | 3, JobResult[]> = { 1: [], 3: [] };
  for (const workers of [1, 3] as const) {
    const started = await startWorkers(database.url, workers, ADMIN_TOKEN);
    try {
      const at = `http://127.0.0.1:${started.port}/exchange/order/addOrder`;
      for (let round = 0; round < ROUNDS; round += 1) {
        const job = { kind: 'http', url: at, pools: await pools(), perAccount: PER_ACCOUNT } as const;
        processRuns[workers].push(await runJob({ ...job, body: { ...ORDER, multiple: 2 }, ...timing }));
      }
    } finally {
      await started.stop();
    }
  }
  const processes = { one: total(processRuns[1]), three: total(processRuns[3]) };
  // How busy the server's one thread was while it served: near 100 % means Node, not PostgreSQL, is the limit.
  const server = { ...total(serverRuns), processCpuPercent: (100 * serverCpuMs) / serverWallMs };
  const baseline = total(baselineRuns);
  const noFee = total(noFeeRuns);
  const sharedRow = total(sharedRowRuns);
  const ledgerOk = (await checkLedger(app.db)).ok;
  const ratio = server.ordersPerSec / baseline.ordersPerSec;
  const line = (name: string, r: typeof baseline) =>
    `  ${name}: ${r.ordersPerSec.toFixed(0).padStart(6)} orders/s  p50 ${r.p50Ms.toFixed(1)} ms  ` +
    `p99 ${r.p99Ms.toFixed(1)} ms  (${r.orders} orders, ${r.failures} failed${r.firstFailure ? `: ${r.firstFailure}` : ''})`;
  console.log(`order placement, ${CLIENTS} clients, ${ROUNDS} × ${SECONDS} s per side`);
  console.log(line('server', server));
  console.log(line('baseline (margin + fee to the own house stripe)', baseline));
  console.log(line('baseline without the fee leg (diagnostic)', noFee));
  console.log(line('baseline + fee to one shared house row (diagnostic)', sharedRow));
  console.log(`  server process CPU while serving: ${server.processCpuPercent.toFixed(0)} % of one core`);
  console.log(line('server, 1 worker process (--workers 1)', processes.one));
  console.log(line('server, 3 worker processes (--workers 3)', processes.three));
  console.log(
    `  3 processes / 1: ${(processes.three.ordersPerSec / processes.one.ordersPerSec).toFixed(2)}×; ` +
      `3 processes / baseline ${(processes.three.ordersPerSec / baseline.ordersPerSec).toFixed(2)}×`,
  );
  console.log(`  server / baseline ${ratio.toFixed(2)}×; ledger check ${ledgerOk ? 'passes' : 'FAILS'}`);
  console.log(
    JSON.stringify({
      clients: CLIENTS,
      secondsPerSide: ROUNDS * SECONDS,
      server,
      baseline,
      baselineWithoutFee: noFee,
      baselineSharedFeeRow: sharedRow,
      ratio,
      processes: {
        ...processes,
        threeToOne: processes.three.ordersPerSec / processes.one.ordersPerSec,
        oneToBaseline: processes.one.ordersPerSec / baseline.ordersPerSec,
        threeToBaseline: processes.three.ordersPerSec / baseline.ordersPerSec,
      },
      goalRatio: 1,
      withinGoal: ratio >= 1,
      ledgerOk,
    }),
  );
  const problems = [
    refusalProblem('server orders', server.orders, server.failures, server.firstFailure),
    refusalProblem('baseline orders', baseline.orders, baseline.failures, baseline.firstFailure),
    refusalProblem(
      '1-process orders',
      processes.one.orders,
      processes.one.failures,
      processes.one.firstFailure,
    ),
    refusalProblem(
      '3-process orders',
      processes.three.orders,
      processes.three.failures,
      processes.three.firstFailure,
    ),
  ].filter((problem) => problem !== null);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await app.close();
  await database.release();
}
