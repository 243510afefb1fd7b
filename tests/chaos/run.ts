/**
 * The chaos run (issue #24, "Faults, with nothing lost"): a throw-away PostgreSQL cluster of its own, the real
 * server as a child process (`node server/dist/main.mjs`, the bundle of TR64), and N clients that reach it only through
 * the fault proxy (lost answers, cut requests, delays). Each client runs a seeded sequence of money operations
 * and retries every unanswered one until it gets an answer. In the middle the server is SIGKILLed and started
 * again on the same database, and PostgreSQL is stopped and started again under the running server.
 *
 * Afterwards, from the database itself:
 * - lost: an acknowledged operation whose effect is not in the database;
 * - duplicated: an operation applied more than once (rows per operation, per key, per client);
 * - the ledger check of the admin API and the sum of every account per currency (zero to the cent);
 * - drift: a client's view (balance, USDT wallet, open positions, order history, cash records, wallet
 *   records) read through the API after the run that differs from what the database holds for that user.
 *
 * Money operations: deposit submit (multipart, Idempotency-Key) and its admin review, wallet transfers both
 * ways (Idempotency-Key), withdrawal submit (Idempotency-Key) and its admin review, loan repayments
 * (Idempotency-Key; each client's loan is applied for and approved at set-up) and their admin review, market
 * orders and up/down options (Idempotency-Key, IK6, IK7), and manual closes of the orders' positions (CH4).
 * A close is refused for 3 minutes after its position opened: the server runs on a movable clock
 * (DEV_CLOCK_OFFSET_MS), which the run moves on by 3 minutes once in the middle of the orders and once after the
 * last operation, when every client closes what it still holds. A restarted server goes on from the time the
 * run moved it to.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { OptionProduct } from '../../src/core/contract/options';
import { add, compare, sub, toFixed } from '../../src/core/domain/decimal';
import { encodeField } from '../../server/src/cashier/field-codec';
import { createRandom } from '../../server/src/market/prng';
import { spawnServer } from '../../server/src/spawn-server';
import { startFaultProxy, type FaultCounts, type FaultSchedule } from './fault-proxy';
import { NetworkError, send, type HttpAnswer } from './http-client';

const ADMIN_TOKEN = `chaos-admin-${randomBytes(8).toString('hex')}`;
/** A USDT TRC20 address (the withdrawal destination of every client). */
const USDT_ADDRESS = 'TXYZabcdefghijkmnopqrstuvwxyz12345';
/** A real 1×1 PNG: the deposit proof. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** What each client starts with on its real account (admin credit: set-up, not one of the operations). */
const START_USD = '5000';
/** The loan each client gets at set-up (the smallest a loan may be), paid into its real account. */
const LOAN_USD = '50000';
/** One repayment (the repayment step). */
const REPAY_USD = '100';
/** How far the run moves the server's clock at a time: past the 3-minute rule of a manual close (CH4). */
const CLOCK_STEP_MS = 181_000;
/** How long after the clock's last move the server's settler may take to settle every option (a ceiling). */
const SETTLE_WITHIN_MS = 10_000;
/** The share of all operations answered at which the clock moves on in the middle of the orders. */
const CLOCK_STEP_AT = 0.85;
/** "Not closable" (404): the position is closed already, e.g. by this close whose first answer was lost. */
const NOT_CLOSABLE = 404;
/** A client gives an operation up after this long without an answer (it is then counted as unresolved). */
const OPERATION_DEADLINE_MS = 90_000;
/** "Still processing" (23552): not known yet, ask again with the same key. */
const STILL_PROCESSING = 23_552;
/**
 * The lease of an Idempotency-Key reservation in the run's server (env IDEMPOTENCY_LEASE_MS; 15 s by default).
 * A request that died (the server killed, PostgreSQL gone) after reserving its key leaves it pending until the
 * lease ends; then a repeat takes it over (IK2). Short here, so the run's retries get through in a second.
 */
const LEASE_MS = 1_000;
/**
 * A key still "processing" this long after its first such answer is stuck: with the answer stored in the
 * effect's transaction and the lease taken over (IK1, IK2) none should be (CH3 counted 7 of 1,393 before).
 * The client stops asking; the run counts it as stuck, checks it in the database, and the suite expects none.
 */
const STUCK_AFTER_MS = 5 * LEASE_MS;

export interface ChaosOptions {
  clients: number;
  operations: number;
  seed: number;
  /** Fault chances per request through the proxy. */
  faults?: Partial<Omit<FaultSchedule, 'seed'>>;
  log?: (line: string) => void;
}

export type OperationKind =
  | 'deposit'
  | 'depositReview'
  | 'transferIn'
  | 'transferOut'
  | 'withdraw'
  | 'withdrawReview'
  | 'repay'
  | 'repayReview'
  | 'order'
  | 'close'
  | 'option';
/**
 * Operations without an Idempotency-Key, idempotent by state: the admin decisions (keyed `<id>:<decision>` in
 * the run's records) and the closes (`<order>:close`).
 */
const UNKEYED: readonly OperationKind[] = ['depositReview', 'withdrawReview', 'repayReview', 'close'];

export interface ChaosReport {
  seed: number;
  clients: number;
  /** Acknowledged operations (answered, success or refusal). */
  operations: number;
  succeeded: number;
  byKind: Record<OperationKind, number>;
  /** Answer codes per kind ("withdraw 0": 12). */
  codes: Record<string, number>;
  /** Requests sent again after a network failure, a 5xx or "still processing". */
  retries: number;
  /** Operations never answered before the deadline. */
  unresolved: number;
  /** Keyed operations left "processing" (see STUCK_AFTER_MS): none since IK1/IK2 (CH3 counted them before). */
  stuck: number;
  faults: FaultCounts;
  restarts: { server: number; postgres: number };
  /** Moves of the server's clock (CH4) and the closes sent after the last operation (beyond `operations`). */
  clock: { steps: number; offsetMs: number };
  finalCloses: number;
  lost: number;
  duplicated: number;
  /** Views that differ from the database after the resync, one entry per (client, view). */
  drift: number;
  ledgerOk: boolean;
  /** Sum of all accounts per currency (every one must be zero). */
  ledgerSums: Record<string, string>;
  durationMs: number;
  problems: string[];
}

// ── The server as a child process ───────────────────────────────────────────────────────────────────────

interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<unknown>;
}

/** Starts the server and resolves once it prints its address (no polling: its own output is the signal). */
async function startServer(
  databaseUrl: string,
  clockOffsetMs: number,
  onExit: (code: number | null, output: string) => void,
): Promise<ServerProcess> {
  const server = spawnServer([], {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '10',
    ADMIN_TOKEN,
    DEV_OUTBOX: '1',
    // Set-up calls say which client they are for (X-Forwarded-For), so the sign-up limits per address hold
    // per client; the proxy adds no header, so its requests stay 127.0.0.1.
    TRUST_PROXY: 'loopback',
    MARKET_SEED: '7',
    IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
    // The movable clock (CH4), as far ahead as the run has moved it: a restart goes on from there.
    DEV_CLOCK_OFFSET_MS: String(clockOffsetMs),
  });
  // Registered first, so it runs before anyone awaiting `exited` (the run's kill sets `killing` around it).
  const exited = server.exited.then((code) => onExit(code, server.output()));
  const { port } = await server.listening();
  return { child: server.child, port, output: server.output, exited };
}

// ── Small helpers ───────────────────────────────────────────────────────────────────────────────────────

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function envelopeOf(answer: HttpAnswer): Envelope | null {
  if (answer.status >= 500) return null;
  try {
    const body = JSON.parse(answer.body) as Envelope;
    return typeof body.code === 'number' ? body : null;
  } catch {
    return null;
  }
}

function multipartBody(meta: object): { body: Buffer; type: string } {
  const boundary = `----chaos${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="metaData"\r\n\r\n${JSON.stringify(meta)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="depositProof"; filename="proof.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Resolves when `condition()` holds, checked each time `signal` fires (no timers). */
function when(condition: () => boolean, signal: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (condition()) {
        signal.delete(check);
        resolve();
      }
    };
    signal.add(check);
    check();
  });
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────────

interface Acked {
  kind: OperationKind;
  key: string | null;
  code: number;
  /** The id the server answered (ticket id, transfer uid, order number). */
  ref: string | null;
}

interface Client {
  n: number;
  uid: string;
  userId: string;
  token: string;
  aesKey: string;
  /** The client's approved loan (set-up), which its repayments pay back. */
  loanId: string | null;
  acked: Acked[];
  /** The positions the client holds: its acknowledged orders not closed yet, with the clock's steps when sent. */
  open: Array<{ uid: string; step: number }>;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = performance.now();
  const log = (line: string) =>
    options.log?.(`${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s ${line}`);
  const problems: string[] = [];
  // Plain JavaScript helpers of the scripts, imported by URL so that the type checker does not need them typed.
  const { findPostgresBin } = (await import(
    new URL('../../scripts/lib/find-tools.mjs', import.meta.url).href
  )) as { findPostgresBin(): string | null };
  const { startTempPostgres } = (await import(
    new URL('../../scripts/lib/temp-postgres.mjs', import.meta.url).href
  )) as {
    startTempPostgres(binDir: string): Promise<{
      url: string;
      stop(): void;
      pause(): Promise<void>;
      resume(): Promise<void>;
    }>;
  };
  const binDir = findPostgresBin();
  if (!binDir) throw new Error('The chaos run needs PostgreSQL (initdb, pg_ctl): install it.');
  const cluster = await startTempPostgres(binDir);
  const stopCluster = () => cluster.stop();
  process.once('exit', stopCluster);
  let server: ServerProcess | null = null;
  let killing = false;
  const proxyClose: Array<() => Promise<void>> = [];
  try {
    /** A server that exits unless the run killed it is a finding: its output says why. */
    const onExit = (code: number | null, output: string) => {
      if (killing) return;
      problems.push(`the server exited by itself (code ${code}):\n${output.slice(-3000)}`);
      log(`chaos: the server exited by itself (code ${code}):\n${output.slice(-3000)}`);
    };
    /** How far the run has moved the server's clock (CH4). */
    const clock = { steps: 0, offsetMs: 0 };
    server = await startServer(cluster.url, clock.offsetMs, onExit);
    const direct = () => `http://127.0.0.1:${(server as ServerProcess).port}`;
    const proxy = await startFaultProxy(server.port, {
      seed: options.seed,
      drop: options.faults?.drop ?? 0.12,
      cut: options.faults?.cut ?? 0.08,
      delay: options.faults?.delay ?? 0.1,
      maxDelayMs: options.faults?.maxDelayMs ?? 60,
    });
    proxyClose.push(() => proxy.close());
    log(`chaos: PostgreSQL ${cluster.url}, server :${server.port}, proxy :${proxy.port}`);

    // ── Set-up (directly, not through the proxy): sign up, credit, sign in ──
    const setupPost = async (path: string, body: object, ip: string, token?: string, key?: string) => {
      const answer = await send(direct(), {
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': ip,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
      });
      const envelope = envelopeOf(answer);
      if (!envelope || envelope.code !== 0)
        throw new Error(`set-up ${path} answered ${answer.status} ${answer.body}`);
      return envelope.data as Record<string, unknown>;
    };
    const signUp = async (n: number): Promise<Client> => {
      const ip = `10.24.${Math.floor(n / 200)}.${(n % 200) + 1}`;
      const email = `chaos${n}-${options.seed}@example.test`;
      const password = `Chaos-pass-${n}-x9`;
      await setupPost('/v1/wa-na/sendMail', { email, type: '1', locale: 'en' }, ip);
      const outbox = await send(direct(), {
        method: 'GET',
        path: `/dev/outbox?to=${encodeURIComponent(email)}`,
      });
      const code = (JSON.parse(outbox.body) as { data: Array<{ code: string | null }> }).data.find(
        (m) => m.code,
      )?.code;
      if (!code) throw new Error(`set-up: no code in the dev outbox for ${email}`);
      const registered = await setupPost(
        '/v1/wa-na/register',
        { username: email, type: 'E', password, code },
        ip,
      );
      const uid = String(registered.uid);
      const credit = await send(direct(), {
        method: 'POST',
        path: `/admin/v1/users/${uid}/credit`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({ amount: START_USD, account: 'real', note: 'chaos' }),
      });
      if (envelopeOf(credit)?.code !== 0) throw new Error(`set-up: credit answered ${credit.body}`);
      const login = await setupPost('/v1/wa-na/login', { username: email, type: 'E', password }, ip);
      const token = String(login.token);
      // The session's field key is in the access token's payload (as the browser reads it).
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
        aesKey?: string;
      };
      if (!payload.aesKey) throw new Error('set-up: the access token carries no aesKey');
      return { n, uid, userId: '', token, aesKey: payload.aesKey, loanId: null, acked: [], open: [] };
    };
    const clients: Client[] = [];
    for (let n = 0; n < options.clients; n++) clients.push(await signUp(n));
    // The database ids of the clients and their verification (one short connection: the cluster restarts later).
    const lookup = new pg.Client({ connectionString: cluster.url });
    await lookup.connect();
    try {
      for (const client of clients) {
        const { rows } = await lookup.query<{ id: string }>('select id::text from users where uid = $1', [
          client.uid,
        ]);
        client.userId = rows[0]?.id ?? '';
        // The brand asks for a verified identity before a withdrawal (1014): the set-up records an approved
        // advanced verification, as an operator's approval would (the verification flow is not under test).
        await lookup.query(
          `insert into kyc_submissions (user_id, level, status, real_name, id_card, reviewed_at, reviewed_by)
           values ($1, 'advanced', 2, 'Chaos Client', $2, now(), 'chaos')`,
          [client.userId, `CH${client.uid}`],
        );
      }
    } finally {
      await lookup.end();
    }
    // Each client's loan, vouched for by the next client (a guarantor is another user), approved by the admin API.
    if (clients.length > 1) {
      for (const client of clients) {
        const guarantor = clients[(client.n + 1) % clients.length] as Client;
        const applied = await setupPost(
          '/v1/waa/userLoan/insert',
          { amount: Number(LOAN_USD), days: 30, guarantor: guarantor.uid, remark: 'Chaos' },
          `10.25.0.${client.n + 1}`,
          client.token,
          `chaos-${options.seed}-${client.n}-loan`,
        );
        const loanId = String((applied.dto as { id: string }).id);
        const approved = await send(direct(), {
          method: 'POST',
          path: `/admin/v1/loans/${loanId}/approve`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
          body: '{}',
        });
        if (envelopeOf(approved)?.code !== 0)
          throw new Error(`set-up: loan approval answered ${approved.body}`);
        client.loanId = loanId;
      }
    }

    // ── The clients ──
    const total = options.clients * options.operations;
    let answered = 0;
    let failures = 0;
    let retries = 0;
    let unresolved = 0;
    /** Operations whose key stayed "processing" (see STUCK_AFTER_MS). */
    const stuck: Array<{ client: string; key: string; path: string }> = [];
    const progress = new Set<() => void>();
    const tick = () => {
      for (const listener of [...progress]) listener();
    };

    /**
     * Sends one request through the proxy until it is answered: a network failure, a 5xx or "still processing"
     * sends the same request again (same key, same body) after a short backoff. `reconcile`, for a request
     * without a key, decides after a failure whether the server acted (then no second send).
     */
    type Request = { path: string; body: Buffer | string; type: string; token: string; key: string | null };
    /** The calls under way and their last failure: what a run that takes too long reports. */
    const underWay = new Map<Request, string>();
    const call = async (request: Request, reconcile?: () => Promise<Envelope | null>) => {
      underWay.set(request, 'first attempt');
      try {
        return await callUntilAnswered(request, reconcile);
      } finally {
        underWay.delete(request);
      }
    };
    const callUntilAnswered = async (
      request: Request,
      reconcile?: () => Promise<Envelope | null>,
    ): Promise<Envelope | null> => {
      const deadline = performance.now() + OPERATION_DEADLINE_MS;
      let lastFailure = '';
      let processingSince: number | null = null;
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) {
          retries += 1;
          failures += 1;
          tick();
          // The client's own retry backoff (a client waiting, not the test): 20 ms doubling to 500 ms.
          await new Promise((resolve) => setTimeout(resolve, Math.min(500, 20 * 2 ** Math.min(attempt, 5))));
          if (performance.now() > deadline) {
            problems.push(`${request.path} (key ${request.key ?? '-'}) unanswered; last: ${lastFailure}`);
            return null;
          }
          if (reconcile) {
            const found = await reconcile().catch(() => undefined);
            if (found === undefined) continue;
            if (found) return found;
          }
        }
        let answer: HttpAnswer;
        try {
          answer = await send(proxy.url, {
            method: 'POST',
            path: request.path,
            headers: {
              'content-type': request.type,
              authorization: `Bearer ${request.token}`,
              ...(request.key ? { 'idempotency-key': request.key } : {}),
            },
            body: request.body,
            timeoutMs: 20_000,
          });
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          lastFailure = error.message;
          underWay.set(request, lastFailure);
          continue;
        }
        const envelope = envelopeOf(answer);
        if (envelope?.code === STILL_PROCESSING && request.key) {
          processingSince ??= performance.now();
          if (performance.now() - processingSince >= STUCK_AFTER_MS) {
            stuck.push({ client: request.token, key: request.key, path: request.path });
            log(`chaos: ${request.path} key ${request.key} stuck "processing"`);
            return null;
          }
        } else processingSince = null;
        if (!envelope || envelope.code === STILL_PROCESSING) {
          lastFailure = `${answer.status} ${answer.body.slice(0, 200)}`;
          underWay.set(request, lastFailure);
          continue;
        }
        return envelope;
      }
    };

    const json = (body: object) => ({ body: JSON.stringify(body), type: 'application/json' });
    const recordFor = (client: Client, acked: Acked) => {
      client.acked.push(acked);
      answered += 1;
      tick();
    };
    /** Moves the server's clock on by CLOCK_STEP_MS (directly, as an operator's script would: not a fault target). */
    const moveClock = async () => {
      const answer = await send(direct(), {
        method: 'POST',
        path: '/admin/v1/clock/advance',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({ ms: CLOCK_STEP_MS }),
      });
      if (envelopeOf(answer)?.code !== 0) throw new Error(`the clock did not move: ${answer.body}`);
      clock.steps += 1;
      clock.offsetMs += CLOCK_STEP_MS;
      log(`chaos: the server's clock moved on to +${clock.offsetMs / 1000} s after ${answered} operations`);
    };
    /**
     * A manual close of one of the client's positions. No Idempotency-Key: a repeat whose first answer was lost
     * finds the position closed (404), so the close stands (the run checks the order's state and its one ledger
     * close afterwards).
     */
    const closePosition = async (client: Client, uid: string) => {
      const answer = await call({
        path: '/exchange/order/closeOrder',
        ...json({ orderId: uid }),
        token: client.token,
        key: null,
      });
      if (!answer) return void (unresolved += 1);
      const closed = answer.code === 0 || answer.code === NOT_CLOSABLE;
      recordFor(client, { kind: 'close', key: `${uid}:close`, code: closed ? 0 : answer.code, ref: uid });
      if (closed) client.open = client.open.filter((position) => position.uid !== uid);
    };
    /**
     * A read the option needs, through the proxy like any call and retried until answered: the server and
     * PostgreSQL restart in the middle of the run. Null when it stays unanswered or refused.
     */
    const readFor = async (client: Client, path: string, body: object) => {
      const answer = await call({ path, ...json(body), token: client.token, key: null });
      return answer?.code === 0 ? answer.data : null;
    };
    let product: OptionProduct | undefined;
    const optionProduct = async (client: Client) => {
      const data =
        product ?? (await readFor(client, '/v1/wa-na/option/findOptionsProduct', { productCode: 'BTCUSDT' }));
      product ??= (data as { optionsProducts?: OptionProduct[] } | null)?.optionsProducts?.[0];
      return product ?? null;
    };
    const lastPrice = async (client: Client, symbol: string) => {
      const thumb = (await readFor(client, `/market/thumb/${symbol}`, {})) as {
        points: Array<{ price: string }>;
      } | null;
      return thumb?.points.at(-1)?.price ?? null;
    };
    const runClient = async (client: Client) => {
      const { next } = createRandom(options.seed * 1000 + client.n);
      let usd = client.loanId ? add(START_USD, LOAN_USD) : START_USD;
      let usdt = '0';
      let withdrawalsAllowed = true;
      const record = (acked: Acked) => recordFor(client, acked);
      const keyOf = (i: number, kind: string) => `chaos-${options.seed}-${client.n}-${i}-${kind}`;
      const admin = (path: string, body: object) => ({ path, ...json(body), token: ADMIN_TOKEN, key: null });
      /** A wallet transfer of `num` USD → USDT (`in`) or USDT → USD (`out`); answers whether it was applied. */
      const transfer = async (direction: 'in' | 'out', num: string, key: string): Promise<boolean> => {
        const into = direction === 'in';
        const body = {
          curr: 'USDT',
          currId: 1,
          type: into ? 0 : 1,
          num,
          fee: '0.0000',
          practical: toFixed(num, 4),
          unit: into ? 'USDT' : 'USD',
        };
        const answer = await call({
          path: '/v1/waa/user/crypto/transform',
          ...json(body),
          token: client.token,
          key,
        });
        if (!answer) {
          unresolved += 1;
          return false;
        }
        record({
          kind: into ? 'transferIn' : 'transferOut',
          key,
          code: answer.code,
          ref: answer.code === 0 ? String((answer.data as { uid: string }).uid) : null,
        });
        return answer.code === 0;
      };
      /**
       * A deposit, withdrawal or repayment submit: its ticket's (repayment's) id, null when refused, undefined
       * when never answered.
       */
      const submitTicket = async (
        kind: 'deposit' | 'withdraw' | 'repay',
        request: { path: string; body: string | Buffer; type: string },
        key: string,
      ): Promise<string | null | undefined> => {
        const answer = await call({ ...request, token: client.token, key });
        if (!answer) {
          unresolved += 1;
          return undefined;
        }
        const data = answer.data as { id?: string | number; dto?: { id: string } };
        const id = answer.code === 0 ? String(kind === 'repay' ? data.dto?.id : data.id) : null;
        record({ kind, key, code: answer.code, ref: id });
        return id;
      };
      /** A decision of the admin API: a repeat after a lost answer is refused as "already decided". */
      const review = async (
        kind: 'depositReview' | 'withdrawReview' | 'repayReview',
        id: string,
        approve: boolean,
      ) => {
        const base = {
          depositReview: 'deposits',
          withdrawReview: 'withdrawals',
          repayReview: 'loan-repayments',
        }[kind];
        const answer = await call(
          admin(
            `/admin/v1/${base}/${id}/${approve ? 'approve' : 'reject'}`,
            approve ? {} : { reason: 'Chaos run refusal' },
          ),
        );
        if (!answer) return void (unresolved += 1);
        const decided = kind === 'depositReview' ? 1041 : 1038;
        // A repeat whose first answer was lost finds the ticket decided: the decision stands (checked below).
        record({
          kind,
          key: `${id}:${approve ? 'approve' : 'reject'}`,
          code: answer.code === decided ? 0 : answer.code,
          ref: id,
        });
        return answer.code === 0 || answer.code === decided;
      };

      for (let i = 0; i < options.operations;) {
        const late = i >= Math.floor(options.operations * 0.75);
        const roll = next();
        const amount = String(10 + Math.floor(next() * 90));
        if (late && roll < 0.15) {
          // An up/down option on BTCUSDT (keyed, IK6), at the price of the server's mini chart (within its 5 %).
          const product = await optionProduct(client);
          const price = await lastPrice(client, 'BTCUSDT');
          const delivery = product?.deliveryTimes[0];
          // The product or the price could not be read: another operation instead.
          if (!product || !price || !delivery) continue;
          const key = keyOf(i, 'option');
          const body = {
            tradePair: 'BTCUSDT',
            optionsProductId: product.id,
            price,
            timeLong: delivery.time,
            rate: delivery.rate,
            amount: delivery.min === '0' ? '10' : toFixed(delivery.min, 0, 'up'),
            orderType: next() < 0.5 ? 0 : 1,
          };
          const answer = await call({
            path: '/exchange/order/addOrderOption',
            ...json(body),
            token: client.token,
            key,
          });
          if (!answer) unresolved += 1;
          else
            record({
              kind: 'option',
              key,
              code: answer.code,
              ref: answer.code === 0 ? String((answer.data as { uid: string }).uid) : null,
            });
          withdrawalsAllowed = false;
          i += 1;
        } else if (late && roll < 0.4) {
          // A market buy of 0.01 BTC at 2×, the retail cap for crypto (PR1): margin about 500 USD, fee about 2 USD.
          const order = {
            tradePair: 'BTCUSDT',
            price: '0',
            stopPrice: '',
            takeProfitPprice: '',
            orderQuantity: '0.01',
            multiple: 2,
            orderType: 0,
            buyPoint: 2,
          };
          // Keyed (IK6): a retry of an unanswered placement with the same key places at most one order.
          const key = keyOf(i, 'order');
          const step = clock.steps;
          const answer = await call({
            path: '/exchange/order/addOrder',
            ...json(order),
            token: client.token,
            key,
          });
          if (!answer) unresolved += 1;
          else
            record({
              kind: 'order',
              key,
              code: answer.code,
              ref: answer.code === 0 ? String(answer.data) : null,
            });
          if (answer?.code === 0) client.open.push({ uid: String(answer.data), step });
          withdrawalsAllowed = false;
          i += 1;
        } else if (late && roll < 0.55 && client.open.some((position) => position.step < clock.steps)) {
          // A manual close of a position the clock has moved past since its order was sent (3-minute rule).
          const position = client.open.find((held) => held.step < clock.steps) as { uid: string };
          await closePosition(client, position.uid);
          i += 1;
        } else if (roll < 0.3 && i + 1 < options.operations) {
          const deposit = multipartBody({
            type: 'crypto',
            coinId: 1,
            amt: String(Number(amount) + 100),
            locale: 'en',
            agreement: true,
          });
          const id = await submitTicket(
            'deposit',
            { path: '/v1/waa/user/deposit', ...deposit },
            keyOf(i, 'deposit'),
          );
          i += 1;
          if (id) {
            const approve = next() < 0.8;
            if ((await review('depositReview', id, approve)) && approve)
              usd = add(usd, String(Number(amount) + 100));
            i += 1;
          }
        } else if (roll < 0.55) {
          if (await transfer('in', amount, keyOf(i, 'in'))) {
            usd = sub(usd, amount);
            usdt = add(usdt, amount);
          }
          i += 1;
        } else if (roll < 0.75 && compare(usdt, '1') >= 0) {
          const num = toFixed(usdt, 0, 'down');
          if (await transfer('out', num, keyOf(i, 'out'))) {
            usdt = sub(usdt, num);
            usd = add(usd, num);
          }
          i += 1;
        } else if (client.loanId && roll >= 0.88 && i + 1 < options.operations && compare(usd, '200') >= 0) {
          // A repayment of the loan (held from the real balance), then its review.
          const body = { loanId: client.loanId, amount: REPAY_USD };
          const id = await submitTicket(
            'repay',
            { path: '/v1/waa/userLoan/insertRepayment', ...json(body) },
            keyOf(i, 'repay'),
          );
          i += 1;
          if (id) {
            usd = sub(usd, REPAY_USD);
            const approve = next() < 0.7;
            if ((await review('repayReview', id, approve)) && !approve) usd = add(usd, REPAY_USD);
            i += 1;
          }
        } else if (withdrawalsAllowed && i + 1 < options.operations && compare(usd, '200') >= 0) {
          const body = {
            num: '100',
            practicalNum: '75.00000',
            currencyId: 1,
            paymentAddress: encodeField(USDT_ADDRESS, client.aesKey),
            locale: 'en',
          };
          const id = await submitTicket(
            'withdraw',
            { path: '/v1/waa/user/withdraw', ...json(body) },
            keyOf(i, 'withdraw'),
          );
          i += 1;
          if (id) {
            usd = sub(usd, '100');
            const approve = next() < 0.7;
            if ((await review('withdrawReview', id, approve)) && !approve) usd = add(usd, '100');
            i += 1;
          }
        } else {
          // Nothing else fits: a small transfer in.
          if (await transfer('in', '5', keyOf(i, 'in'))) {
            usd = sub(usd, '5');
            usdt = add(usdt, '5');
          }
          i += 1;
        }
      }
    };

    // ── The faults of the middle: SIGKILL and restart the server, then restart PostgreSQL ──
    const restarts = { server: 0, postgres: 0 };
    const chaos = (async () => {
      await when(() => answered >= Math.floor(total / 3), progress);
      const killed = server as ServerProcess;
      killing = true;
      killed.child.kill('SIGKILL');
      await killed.exited;
      killing = false;
      log(`chaos: server SIGKILLed after ${answered} operations`);
      server = await startServer(cluster.url, clock.offsetMs, onExit);
      proxy.setTarget(server.port);
      restarts.server += 1;
      log(`chaos: server started again on :${server.port}`);
      await when(() => answered >= Math.floor((2 * total) / 3), progress);
      const failedBefore = failures;
      await cluster.pause();
      log(`chaos: PostgreSQL stopped after ${answered} operations`);
      // Down until the clients have met it: a failed attempt per client, or every operation answered.
      await when(() => failures >= failedBefore + options.clients || answered >= total, progress);
      await cluster.resume();
      restarts.postgres += 1;
      log(`chaos: PostgreSQL started again (${failures - failedBefore} failed attempts meanwhile)`);
      // In the middle of the orders, the clock moves past the 3-minute rule of the positions opened so far.
      await when(() => answered >= Math.floor(total * CLOCK_STEP_AT), progress);
      await moveClock();
    })();
    // Not a wait: if the clients are still busy after this long, say what each call is doing (a hung run
    // then shows where it hangs).
    const watchdog = setTimeout(() => {
      for (const [request, last] of underWay)
        log(`chaos: still under way: ${request.path} key ${request.key ?? '-'}: ${last}`);
      log(`chaos: ${answered}/${total} answered; restarts ${JSON.stringify(restarts)}`);
    }, 40_000);
    watchdog.unref();
    try {
      await Promise.all(clients.map((client) => runClient(client)));
    } finally {
      clearTimeout(watchdog);
    }
    // The faults happen in the middle; a run too short to reach them still runs them, then checks.
    answered = Math.max(answered, total);
    tick();
    await chaos;
    // After the last operation the clock moves past every position's 3 minutes, and each client closes what it
    // still holds, through the same faults.
    await moveClock();
    const beforeFinal = answered;
    await Promise.all(
      clients.map(async (client) => {
        for (const { uid } of [...client.open]) await closePosition(client, uid);
        if (client.open.length > 0)
          problems.push(`client ${client.n}: ${client.open.length} position(s) could not be closed`);
      }),
    );
    const finalCloses = answered - beforeFinal;

    // ── Afterwards: lost, duplicated, ledger, views ──
    const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
    try {
      let lost = 0;
      let duplicated = 0;
      let drift = 0;
      const byKind = Object.fromEntries(
        [
          'deposit',
          'depositReview',
          'transferIn',
          'transferOut',
          'withdraw',
          'withdrawReview',
          'repay',
          'repayReview',
          'order',
          'close',
          'option',
        ].map((k) => [k, 0]),
      ) as Record<OperationKind, number>;
      let succeeded = 0;
      const codes: Record<string, number> = {};
      const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
        (await db.query<T>(text, values)).rows;
      // The last move of the clock made every option due; the server's settler (its own timer, every 200 ms)
      // credits them. The views are compared once it has, not while it does: a payout landing between the read
      // of the database and the client's read showed as drift.
      const unsettled = async () =>
        Number(
          (
            await q<{ n: string }>(
              `select count(*)::text as n from option_orders
                where user_id = any($1) and not virtual and position_status = 0`,
              [clients.map((client) => client.userId)],
            )
          )[0]?.n,
        );
      const settleBy = performance.now() + SETTLE_WITHIN_MS;
      for (let left = await unsettled(); left > 0; left = await unsettled()) {
        if (performance.now() > settleBy) {
          problems.push(
            `${left} option(s) still unsettled ${SETTLE_WITHIN_MS} ms after the clock's last move`,
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const client of clients) {
        const ok = client.acked.filter((a) => a.code === 0);
        for (const a of client.acked) {
          byKind[a.kind] += 1;
          codes[`${a.kind} ${a.code}`] = (codes[`${a.kind} ${a.code}`] ?? 0) + 1;
        }
        succeeded += ok.length;
        const refs = (kind: OperationKind) => ok.filter((a) => a.kind === kind).map((a) => a.ref as string);
        // Cash tickets: every acknowledged one exists once; no ticket without an acknowledgement.
        const tickets = await q<{ id: string; action_type: number; state: string }>(
          'select id::text, action_type, state from cash_tickets where user_id = $1',
          [client.userId],
        );
        // A stuck submit may have made its ticket or transfer (the answer is what was never stored).
        const stuckOf = (path: string) =>
          stuck.filter((x) => x.client === client.token && x.path === path).length;
        const cash = [...refs('deposit'), ...refs('withdraw')];
        lost += cash.filter((id) => !tickets.some((t) => t.id === id)).length;
        const maybeCash = stuckOf('/v1/waa/user/deposit') + stuckOf('/v1/waa/user/withdraw');
        duplicated += Math.max(0, tickets.length - new Set(cash).size - maybeCash);
        for (const a of ok.filter((x) => x.kind === 'depositReview' || x.kind === 'withdrawReview')) {
          const [id, decision] = (a.key as string).split(':');
          const ticket = tickets.find((t) => t.id === id);
          const want = decision === 'approve' ? 'success' : 'fail';
          if (ticket?.state !== want) {
            lost += 1;
            problems.push(
              `client ${client.n}: ticket ${id} is ${ticket?.state ?? 'missing'}, acknowledged ${want}`,
            );
          }
        }
        // Repayments: every acknowledged one exists once, decided as acknowledged; none without an answer.
        const repayments = await q<{ id: string; status: number }>(
          'select id::text, status from loan_repayments where user_id = $1',
          [client.userId],
        );
        const repaid = refs('repay');
        lost += repaid.filter((id) => !repayments.some((r) => r.id === id)).length;
        duplicated += Math.max(
          0,
          repayments.length - new Set(repaid).size - stuckOf('/v1/waa/userLoan/insertRepayment'),
        );
        for (const a of ok.filter((x) => x.kind === 'repayReview')) {
          const [id, decision] = (a.key as string).split(':');
          const row = repayments.find((r) => r.id === id);
          // 1 approved, 2 rejected (RepaymentStatus).
          const want = decision === 'approve' ? 1 : 2;
          if (row?.status !== want) {
            lost += 1;
            problems.push(
              `client ${client.n}: repayment ${id} is ${row?.status ?? 'missing'}, acknowledged ${want}`,
            );
          }
        }
        // Keys: each acknowledged keyed operation has its key stored once, done.
        const keys = await q<{ key: string; state: string }>(
          'select key, state from idempotency_keys where user_id = $1',
          [client.userId],
        );
        // Transfers: one ledger transaction per acknowledged transfer (its uid is the transaction's ref).
        const transfers = [...refs('transferIn'), ...refs('transferOut')];
        const moved = await q<{ ref: string; n: string }>(
          `select t.ref, count(distinct t.id)::text as n from ledger_transactions t
             join ledger_postings p on p.txn_id = t.id join ledger_accounts a on a.id = p.account_id
            where a.user_id = $1 and a.kind = 'wallet' group by t.ref`,
          [client.userId],
        );
        lost += transfers.filter((uid) => !moved.some((m) => m.ref === uid)).length;
        duplicated +=
          moved.reduce((n, m) => n + Number(m.n) - 1, 0) +
          Math.max(0, moved.length - transfers.length - stuckOf('/v1/waa/user/crypto/transform'));
        for (const x of stuck.filter((y) => y.client === client.token)) {
          const row = keys.find((k) => k.key === x.key);
          if (row?.state !== 'pending')
            problems.push(`client ${client.n}: stuck key ${x.key} is ${row?.state ?? 'missing'}`);
        }
        for (const a of client.acked.filter((x) => x.key && !UNKEYED.includes(x.kind))) {
          const stored = keys.filter((k) => k.key === a.key);
          if (stored.length !== 1 || stored[0]?.state !== 'done') {
            lost += 1;
            problems.push(
              `client ${client.n}: key ${a.key} stored ${stored.length}× (${stored[0]?.state ?? '-'})`,
            );
          }
        }
        // Orders: every acknowledged order exists; no order the client did not get an answer for.
        const orders = await q<{ uid: string; position_status: number }>(
          'select uid, position_status from orders where user_id = $1 and not virtual',
          [client.userId],
        );
        const placed = refs('order');
        lost += placed.filter((uid) => !orders.some((o) => o.uid === uid)).length;
        duplicated += Math.max(0, orders.length - new Set(placed).size);
        // Closes: every acknowledged close left its position closed (3), by one ledger close.
        for (const uid of refs('close')) {
          const status = orders.find((o) => o.uid === uid)?.position_status;
          if (status === 3) continue;
          lost += 1;
          problems.push(`client ${client.n}: order ${uid} is ${status ?? 'missing'}, acknowledged closed`);
        }
        const closedTwice = await q<{ ref: string }>(
          `select ref from ledger_transactions where kind = 'order_close' and ref = any($1)
            group by ref having count(*) > 1`,
          [orders.map((o) => o.uid)],
        );
        duplicated += closedTwice.length;
        for (const { ref } of closedTwice) problems.push(`client ${client.n}: order ${ref} closed twice`);
        // Options: every acknowledged one exists once, none without an answer, none settled twice.
        const bought = await q<{ uid: string }>(
          'select uid from option_orders where user_id = $1 and not virtual',
          [client.userId],
        );
        const optionRefs = refs('option');
        lost += optionRefs.filter((uid) => !bought.some((o) => o.uid === uid)).length;
        duplicated += Math.max(0, bought.length - new Set(optionRefs).size);
        const settledTwice = await q<{ ref: string }>(
          `select p.ref from ledger_postings p join ledger_transactions t on t.id = p.txn_id
            where t.kind = 'option_settle' and p.ref = any($1) group by p.ref having count(distinct t.id) > 1`,
          [bought.map((o) => o.uid)],
        );
        duplicated += settledTwice.length;
        for (const { ref } of settledTwice) problems.push(`client ${client.n}: option ${ref} settled twice`);

        // Views: the client reads again (directly: the faults are over) and compares with the database.
        const read = async (path: string, body: object) => {
          const answer = await send(direct(), {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
            body: JSON.stringify(body),
          });
          const envelope = envelopeOf(answer);
          if (envelope?.code !== 0) throw new Error(`client ${client.n}: ${path} answered ${answer.body}`);
          return envelope.data as Record<string, unknown>;
        };
        const differs = (what: string, seen: unknown, held: unknown) => {
          if (JSON.stringify(seen) === JSON.stringify(held)) return;
          drift += 1;
          problems.push(
            `client ${client.n}: ${what} seen ${JSON.stringify(seen)}, held ${JSON.stringify(held)}`,
          );
        };
        const accounts = await q<{ kind: string; currency: string; balance: string; lock_margin: string }>(
          'select kind, currency, balance::text, lock_margin::text from ledger_accounts where user_id = $1',
          [client.userId],
        );
        const real = accounts.find((a) => a.kind === 'real');
        const balance = await read('/v1/waa/user/balance', {});
        differs(
          'balance',
          [toFixed(String(balance.balanceAmount), 2), toFixed(String(balance.lockMargin), 2)],
          [toFixed(real?.balance ?? '0', 2), toFixed(real?.lock_margin ?? '0', 2)],
        );
        const wallets = await read('/v1/waa/user/crypto/getBalance', {});
        const usdtSeen = (wallets.list as Array<{ currency: string; balance?: string }>).find(
          (w) => w.currency === 'USDT',
        );
        const usdtHeld = accounts.find((a) => a.kind === 'wallet' && a.currency === 'USDT');
        differs(
          'USDT wallet',
          toFixed(String(usdtSeen?.balance ?? '0'), 4),
          toFixed(usdtHeld?.balance ?? '0', 4),
        );
        const open = await read('/v1/waa/order/query', { positionStatus: 2, limit: 50 });
        differs(
          'open positions',
          (open.list as Array<{ uid: string }>).map((o) => o.uid).sort(),
          orders
            .filter((o) => o.position_status === 2)
            .map((o) => o.uid)
            .sort(),
        );
        // The history: the positions closed (by the client, or by the server).
        const history = await read('/v1/waa/order/query', { positionStatus: 3, limit: 50 });
        differs(
          'closed positions',
          (history.list as Array<{ uid: string }>).map((o) => o.uid).sort(),
          orders
            .filter((o) => o.position_status === 3)
            .map((o) => o.uid)
            .sort(),
        );
        const records = await read('/v1/waa/walletRecharge/web/rechargeStatus', {
          pageNum: 1,
          pageSize: 100,
        });
        differs(
          'cash records',
          (records.list as Array<{ id: string; payState: number | string }>)
            .map((r) => `${r.id}:${String(r.payState)}`)
            .sort(),
          tickets.map((t) => `${t.id}:${t.state}`).sort(),
        );
        const walletRecords = await read('/v1/waa/user/crypto/order', { pageNum: 1, pageSize: 100 });
        differs(
          'wallet records',
          (walletRecords.list as Array<{ uid: string }>).map((r) => r.uid).sort(),
          moved.map((m) => m.ref).sort(),
        );
      }

      const check = await send(direct(), {
        method: 'GET',
        path: '/admin/v1/ledger/check',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const ledgerOk = (envelopeOf(check)?.data as { ok?: boolean } | undefined)?.ok === true;
      if (!ledgerOk) problems.push(`ledger check: ${check.body.slice(0, 500)}`);
      const sums = await q<{ currency: string; total: string }>(
        'select currency, sum(balance + lock_margin)::text as total from ledger_accounts group by currency order by currency',
        [],
      );
      const ledgerSums = Object.fromEntries(sums.map((s) => [s.currency, toFixed(s.total, 2)]));
      for (const [currency, totalOf] of Object.entries(ledgerSums)) {
        if (compare(totalOf, '0') !== 0)
          problems.push(`ledger: ${currency} accounts sum to ${totalOf}, not 0`);
      }
      if (unresolved > stuck.length) problems.push(`${unresolved - stuck.length} operations never answered`);
      const operations = clients.reduce((n, c) => n + c.acked.length, 0);
      return {
        seed: options.seed,
        clients: options.clients,
        operations,
        succeeded,
        byKind,
        codes,
        retries,
        unresolved: unresolved - stuck.length,
        stuck: stuck.length,
        faults: proxy.counts(),
        restarts,
        clock,
        finalCloses,
        lost,
        duplicated,
        drift,
        ledgerOk,
        ledgerSums,
        durationMs: performance.now() - started,
        problems,
      };
    } finally {
      await db.end();
    }
  } finally {
    for (const close of proxyClose) await close();
    if (server) {
      killing = true;
      server.child.kill('SIGKILL');
      await server.exited;
    }
    process.off('exit', stopCluster);
    stopCluster();
  }
}

/** The one line of figures. */
export function formatChaos(report: ChaosReport): string {
  const f = report.faults;
  return (
    `chaos seed ${report.seed}: ${report.clients} clients, ${report.operations} operations ` +
    `(${report.succeeded} succeeded, ${report.retries} retries, ${report.unresolved} unresolved, ` +
    `${report.stuck} stuck processing) in ` +
    `${(report.durationMs / 1000).toFixed(1)} s; faults: ${f.drop} dropped replies, ${f.cut} cut requests, ` +
    `${f.delay} delays, ${f.refused} refused while down; restarts: server ${report.restarts.server}, ` +
    `PostgreSQL ${report.restarts.postgres}; clock moved ${report.clock.steps}× (+${report.clock.offsetMs / 1000} s), ` +
    `${report.byKind.close} closes (${report.finalCloses} after the last operation); lost ${report.lost}, duplicated ${report.duplicated}, drift ` +
    `${report.drift}; ledger ${report.ledgerOk ? 'ok' : 'FAILS'} (${Object.entries(report.ledgerSums)
      .map(([c, s]) => `${c} ${s}`)
      .join(', ')})`
  );
}
