/**
 * The API fuzz run (issue #9 item 6, issue #10): builds the app in memory, signs a user in through the app's
 * own routes, then sends every operation of the generated OpenAPI document valid and invalid inputs, each
 * without a token and with one, through `app.inject`. Every answer is checked:
 *
 * - HTTP status never 5xx;
 * - an operation declaring the `{ code, msg, data }` envelope answers the envelope; code 0 answers are valid
 *   against the declared 200 schema (Ajv); other codes belong to the catalogue (400 only with HTTP 401);
 * - operations without a declared JSON answer (pages, files) are checked for "no 5xx" only.
 *
 * After the run the ledger conservation check must pass. Used by `tests/integration/api-fuzz.test.ts` and
 * `bench/api-fuzz.ts`.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Code, SERVER_CODES } from '../../src/core/contract/codes';
import { buildApp } from '../../server/src/app';
import { openApiDocumentOf } from '../../server/src/docs/openapi';
import { invalidRequestArb, validRequestArb, type FuzzRequest, type Hints } from './arbitraries';
import { everyMalformedMultipart, withMultipartBodies } from './multipart';
import { operationsOf, type Operation } from './operations';

export const FUZZ_ADMIN_TOKEN = 'api-fuzz-admin-token';
/** The seed of `npm test`; FUZZ_SEED overrides it to replay or explore. */
export const DEFAULT_SEED = 20_260_311;

export interface FuzzOptions {
  /** Calls to make in total (each generated input is sent without and with a token). */
  calls: number;
  seed: number;
  /** Progress lines (the bench prints them). */
  log?: (line: string) => void;
}

/** One failed check. */
export interface FuzzFailure {
  operation: string;
  check: '5xx' | 'envelope' | 'schema' | 'code';
  kind: string;
  token: string;
  request: string;
  status: number;
  answer: string;
  detail?: string;
}

export interface OperationFigures {
  calls: number;
  fiveXx: number;
  schemaInvalid: number;
  /** Answers of other failed checks (not an envelope, code outside the catalogue). */
  otherFailures: number;
  /** Code-0 answers (so a run shows how much got past validation). */
  successes: number;
  /** 'envelope' (schema-checked), 'undeclared' (no JSON answer declared: checked for no 5xx only). */
  checked: 'envelope' | 'undeclared';
  /** Answers by HTTP status and envelope code ("200/0", "401/400", "404/-"). */
  answers: Record<string, number>;
}

export interface FuzzReport {
  seed: number;
  calls: number;
  fiveXx: number;
  schemaInvalid: number;
  otherFailures: number;
  durationMs: number;
  callsPerSec: number;
  operations: Record<string, OperationFigures>;
  /** The first failures (at most 50). */
  failures: FuzzFailure[];
  ledgerOk: boolean;
}

/** The §8 catalogue, plus -1: the check-token answer of spec §9 ("code -1 means invalid"). */
const catalogue = new Set([...Object.keys(SERVER_CODES).map(Number), Code.TOKEN_INVALID]);

/** A user of the run, signed in through the app's routes. */
export interface Session {
  email: string;
  password: string;
  uid: string;
  token: string;
  demoToken: string;
}

let ipCounter = 0;
/** A fresh client address per setup call, so the suite's own rate-limited fuzz calls never block it. */
const setupAddress = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

async function post(app: FastifyInstance, url: string, body: object, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: setupAddress(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.json<{ code: number; msg: string; data: unknown; token?: string }>();
}

/** Registers (sendMail, the dev outbox, register), credits through the admin API and signs in. */
export async function newSession(app: FastifyInstance, n: number): Promise<Session> {
  const email = `fuzz${n}@example.test`;
  const password = `Fuzz-pass-${n}-x9`;
  const sent = await post(app, '/v1/wa-na/sendMail', { email, type: '1', locale: 'en' });
  if (sent.code !== 0) throw new Error(`setup: sendMail answered ${sent.code}`);
  const outbox = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(email)}` });
  const code = outbox.json<{ data: Array<{ code: string | null }> }>().data.find((m) => m.code)?.code;
  if (!code) throw new Error('setup: no code in the dev outbox');
  const registered = await post(app, '/v1/wa-na/register', { username: email, type: 'E', password, code });
  if (registered.code !== 0) throw new Error(`setup: register answered ${registered.code}`);
  const uid = (registered.data as { uid: string }).uid;
  const credit = await app.inject({
    method: 'POST',
    url: `/admin/v1/users/${uid}/credit`,
    payload: { amount: '250000', account: 'real', note: 'fuzz' },
    headers: { authorization: `Bearer ${FUZZ_ADMIN_TOKEN}` },
  });
  if (credit.json<{ code: number }>().code !== 0) throw new Error(`setup: credit answered ${credit.body}`);
  return signIn(app, { email, password, uid });
}

async function signIn(
  app: FastifyInstance,
  user: Pick<Session, 'email' | 'password' | 'uid'>,
): Promise<Session> {
  const login = await post(app, '/v1/wa-na/login', {
    username: user.email,
    type: 'E',
    password: user.password,
  });
  if (login.code !== 0) throw new Error(`setup: login answered ${login.code}`);
  const token = (login.data as { token: string }).token;
  const switched = await post(app, '/v1/waa/user/info/switch', {}, token);
  if (switched.code !== 0) throw new Error(`setup: switch answered ${switched.code}`);
  const demoToken = (switched.data as { token: string }).token;
  // The switch answers a demo token; the real one stays valid (each is its own session).
  return { ...user, token, demoToken };
}

const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

function describe(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? ` ${excerpt(JSON.stringify(request.payload), 200)}`
        : ` <${request.payload.length} bytes>`;
  return `${request.method} ${excerpt(request.url, 200)}${payload}`;
}

/** Checks one answer; returns the failed check or null. */
function check(
  operation: Operation,
  res: LightMyRequestResponse,
  validate: ValidateFunction | null,
): { check: FuzzFailure['check']; detail?: string } | 'ok' | 'success' {
  if (res.statusCode >= 500) return { check: '5xx' };
  const type = String(res.headers['content-type'] ?? '');
  if (!operation.envelope) return 'ok';
  if (!type.startsWith('application/json')) return { check: 'envelope', detail: `content-type ${type}` };
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return { check: 'envelope', detail: 'not JSON' };
  }
  const envelope = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (
    body === null ||
    typeof body !== 'object' ||
    typeof envelope.code !== 'number' ||
    typeof envelope.msg !== 'string' ||
    !('data' in envelope)
  ) {
    return { check: 'envelope' };
  }
  if (envelope.code === 0) {
    if (res.statusCode !== 200) return { check: 'code', detail: `code 0 with HTTP ${res.statusCode}` };
    if (validate && !validate(body)) {
      return { check: 'schema', detail: excerpt(JSON.stringify(validate.errors?.slice(0, 3))) };
    }
    return 'success';
  }
  if (!catalogue.has(envelope.code)) return { check: 'code', detail: `code ${envelope.code}` };
  if ((envelope.code === 400) !== (res.statusCode === 401)) {
    return { check: 'code', detail: `code ${envelope.code} with HTTP ${res.statusCode}` };
  }
  return 'ok';
}

/** The whole app in memory (market not started, a few minutes of history), admin token FUZZ_ADMIN_TOKEN. */
export async function fuzzApp(): Promise<FastifyInstance> {
  const app = await buildApp({
    dataDir: 'memory://',
    adminToken: FUZZ_ADMIN_TOKEN,
    market: { seed: 7, autostart: false, backfillDays: 0.01 },
    // The suite registers its traders with codes read from the dev outbox.
    auth: { devOutbox: true },
    logger: false,
  });
  await app.ready();
  return app;
}

/** Runs the fuzz suite against a fresh in-memory app. */
export async function runApiFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const app = await fuzzApp();
  try {
    const operations = withMultipartBodies(operationsOf(openApiDocumentOf(app)));
    const ajv = new Ajv({ strict: false, allErrors: false });
    const validators = new Map<string, ValidateFunction | null>(
      operations.map((op) => [op.id, op.envelope && op.response ? ajv.compile(op.response) : null]),
    );
    let sessions = 0;
    let session = await newSession(app, ++sessions);
    const products = await app.inject({ method: 'POST', url: '/v1/wa-na/forex/product/list', payload: {} });
    const productCodes = (products.json<{ data?: Array<{ productCode: string }> }>().data ?? []).map(
      (p) => p.productCode,
    );
    const hints: Hints = {
      symbol: () => productCodes,
      tradePair: () => productCodes,
      productCode: () => productCodes,
      token: () => [session.token, session.demoToken],
    };

    const figures: Record<string, OperationFigures> = {};
    const failures: FuzzFailure[] = [];
    const totals = { calls: 0, fiveXx: 0, schemaInvalid: 0, otherFailures: 0 };
    const perOperation = Math.max(1, Math.ceil(options.calls / (2 * operations.length)));
    const started = performance.now();
    log(`api fuzz: ${operations.length} operations, ${perOperation} inputs each, seed ${options.seed}`);

    for (const [index, operation] of operations.entries()) {
      const stats: OperationFigures = {
        calls: 0,
        fiveXx: 0,
        schemaInvalid: 0,
        otherFailures: 0,
        successes: 0,
        checked: operation.envelope ? 'envelope' : 'undeclared',
        answers: {},
      };
      figures[operation.id] = stats;
      const arbitrary = fc.oneof(validRequestArb(operation, hints), invalidRequestArb(operation, hints));
      const requests = [
        ...fc.sample(arbitrary, { seed: options.seed + index, numRuns: perOperation }),
        // Every malformed multipart kind once (issue #19), besides those the sample drew.
        ...everyMalformedMultipart(operation, options.seed + index),
      ];
      for (const [n, request] of requests.entries()) {
        for (const withToken of [false, true]) {
          const tokenKind = !withToken
            ? 'none'
            : operation.security === 'admin'
              ? 'admin'
              : n % 2 === 0
                ? 'real'
                : 'demo';
          const token =
            tokenKind === 'admin'
              ? FUZZ_ADMIN_TOKEN
              : tokenKind === 'real'
                ? session.token
                : tokenKind === 'demo'
                  ? session.demoToken
                  : null;
          const res = await app.inject({
            method: request.method,
            url: request.url,
            headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          stats.calls += 1;
          totals.calls += 1;
          const answer = `${res.statusCode}/${/^\{"code":(-?\d+)/.exec(res.body)?.[1] ?? '-'}`;
          stats.answers[answer] = (stats.answers[answer] ?? 0) + 1;
          const result = check(operation, res, validators.get(operation.id) ?? null);
          if (result === 'success') stats.successes += 1;
          else if (result !== 'ok') {
            const counter =
              result.check === '5xx'
                ? 'fiveXx'
                : result.check === 'schema'
                  ? 'schemaInvalid'
                  : 'otherFailures';
            stats[counter] += 1;
            totals[counter] += 1;
            if (failures.length < 50) {
              failures.push({
                operation: operation.id,
                check: result.check,
                kind: request.kind,
                token: tokenKind,
                request: describe(request),
                status: res.statusCode,
                answer: excerpt(res.body),
                ...(result.detail ? { detail: result.detail } : {}),
              });
            }
          }
          // A session the fuzz ended (logout, a password change…) is replaced before the next call.
          if (
            token &&
            tokenKind !== 'admin' &&
            (res.statusCode === 401 || res.body.includes('"code":23519'))
          ) {
            session = await signIn(app, session).catch(() => newSession(app, ++sessions));
          }
        }
      }
      if ((index + 1) % 10 === 0)
        log(`  ${index + 1}/${operations.length} operations, ${totals.calls} calls`);
    }
    const durationMs = performance.now() - started;
    const ledger = await app.inject({
      method: 'GET',
      url: '/admin/v1/ledger/check',
      headers: { authorization: `Bearer ${FUZZ_ADMIN_TOKEN}` },
    });
    const ledgerOk = ledger.json<{ code: number; data?: { ok?: boolean } }>().data?.ok === true;
    return {
      seed: options.seed,
      ...totals,
      durationMs,
      callsPerSec: totals.calls / (durationMs / 1000),
      operations: figures,
      failures,
      ledgerOk,
    };
  } finally {
    await app.close();
  }
}

/** The figures as a table, one line per operation. */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `api fuzz seed ${report.seed}: ${report.calls} calls in ${(report.durationMs / 1000).toFixed(1)} s ` +
      `(${report.callsPerSec.toFixed(0)}/s); 5xx ${report.fiveXx}; schema-invalid ${report.schemaInvalid}; ` +
      `other failures ${report.otherFailures}; ledger ${report.ledgerOk ? 'ok' : 'FAILS'}`,
  ];
  const width = Math.max(...Object.keys(report.operations).map((id) => id.length));
  for (const [id, f] of Object.entries(report.operations)) {
    lines.push(
      `  ${id.padEnd(width)}  ${String(f.calls).padStart(5)} calls  ${String(f.successes).padStart(4)} ok  ` +
        `5xx ${f.fiveXx}  schema ${f.schemaInvalid}  other ${f.otherFailures}  (${f.checked})  ` +
        Object.entries(f.answers)
          .sort(([, a], [, b]) => b - a)
          .map(([answer, n]) => `${answer}×${n}`)
          .join(' '),
    );
  }
  return lines.join('\n');
}
