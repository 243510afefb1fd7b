import { randomBytes } from 'node:crypto';
import { NO_CONTROL_CHARS } from '../../src/core/contract/schema';
import { DEFAULT_POOL_MAX } from './db/postgres';
import { IDEMPOTENCY_LEASE_MAX_MS, IDEMPOTENCY_LEASE_MIN_MS } from './http/idempotency';
import { parseOrigin } from './http/origin';
import { parsePushOrigins } from './webpush';
import { checkTrustedProxies, trustedProxies, type TrustProxy } from './http/client-address';

/** One environment variable of the server, as documented in the README. */
export interface EnvVar {
  name: string;
  description: string;
  default: string;
}

/** Every environment variable the server reads. */
export const ENV_VARS: readonly EnvVar[] = [
  { name: 'PORT', description: 'HTTP port.', default: '8080' },
  { name: 'HOST', description: 'Interface to listen on.', default: '0.0.0.0' },
  {
    name: 'DATA_DIR',
    description: 'Data directory; the embedded database lives in DATA_DIR/pglite.',
    default: './data',
  },
  {
    name: 'DATABASE_URL',
    description:
      'PostgreSQL connection string (postgres://…); when set, PostgreSQL is used instead of PGlite.',
    default: '(unset: embedded PGlite)',
  },
  {
    name: 'DATABASE_POOL_MAX',
    description: 'Most PostgreSQL connections the server opens at once (with DATABASE_URL).',
    default: '20',
  },
  {
    name: 'ADMIN_TOKEN',
    description:
      'Bearer token of the admin API /admin/v1/*. Required in production; otherwise generated and printed at start.',
    default: '(generated outside production)',
  },
  {
    name: 'PUBLIC_ORIGIN',
    description: 'Origin clients use, e.g. https://trade.example; service URLs in /config.json use it.',
    default: '(unset: the origin of each request)',
  },
  {
    name: 'ALLOWED_ORIGINS',
    description: 'Comma-separated origins allowed to call the APIs from browsers (CORS).',
    default: '(unset: any origin)',
  },
  {
    name: 'TRUST_PROXY',
    description:
      'Behind reverse proxies, their addresses or CIDR ranges (e.g. 10.0.0.0/8,loopback): X-Forwarded-* is ' +
      'believed only from them. 1 or true believes every hop (only when the proxy replaces X-Forwarded-For).',
    default: '0',
  },
  {
    name: 'MARKET_WS_MAX_PER_IP',
    description: 'Most market sockets (/market-ws) one client address may hold open; 0 for no limit.',
    default: '20',
  },
  {
    name: 'EXCHANGE_WS_MAX_PER_IP',
    description: 'Most account sockets (/exchange-ws) one client address may hold open; 0 for no limit.',
    default: '20',
  },
  {
    name: 'MARKET_BROKER_URL',
    description:
      "RabbitMQ mode: the Web-STOMP URL the server publishes market data to, with the publisher's credentials (ws://user:pass@host:15674/ws); browsers then use RabbitMQ instead of /market-ws (see docs/deploy.md).",
    default: '(unset: the embedded broker on /market-ws)',
  },
  {
    name: 'MARKET_BROKER_PUBLIC_URL',
    description:
      'RabbitMQ mode: the market socket /config.json gives browsers, an absolute ws(s):// URL or a path on PUBLIC_ORIGIN proxied to Web-STOMP (e.g. /market-ws); no credentials.',
    default: '(MARKET_BROKER_URL without its credentials)',
  },
  {
    name: 'BRAND',
    description: 'Brand of requests that name none (tradekit, aurora, meridian).',
    default: 'tradekit',
  },
  {
    name: 'MARKET_SEED',
    description: 'Seed of the market simulator (same seed, same prices).',
    default: '(module default)',
  },
  {
    name: 'MARKET_BACKFILL_DAYS',
    description:
      'Days of 1-minute market history simulated at first start, and the longest gap filled at a restart.',
    default: '30',
  },
  {
    name: 'TOKEN_SECRET',
    description:
      'Access-token signing secret (at least 32 characters); unset: generated once and stored in the database.',
    default: '(generated)',
  },
  {
    name: 'CASHIER_KEY',
    description:
      'Key sealing bank card and withdrawal address data at rest (base64 of 32 bytes); unset: generated once and stored in the database.',
    default: '(generated)',
  },
  {
    name: 'SMTP_URL',
    description:
      'SMTP server for mail (smtp:// or smtps://); unset: the dev outbox when DEV_OUTBOX=1, else no mail.',
    default: '(unset)',
  },
  {
    name: 'DEV_OUTBOX',
    description:
      "1: keep mail (without SMTP_URL) and SMS in the dev outbox and serve everyone's codes at `/dev/outbox` (`npm start` sets it for its demo). Refused with NODE_ENV=production.",
    default: '0',
  },
  {
    name: 'DEV_CLOCK_OFFSET_MS',
    description:
      'Set (0 to 31536000000): the server runs that many milliseconds ahead of real time on a clock `POST /admin/v1/clock/advance` may move forward (chaos runs, scripts). Refused with NODE_ENV=production and with several processes.',
    default: '(unset: real time)',
  },
  {
    name: 'IDEMPOTENCY_LEASE_MS',
    description:
      'Milliseconds a money submit holds its Idempotency-Key before a repeat may take over a request that died (100 to 600000; test runs shorten it).',
    default: '15000',
  },
  {
    name: 'WEB_PUSH_ORIGINS',
    description:
      'Comma-separated origins of push services to send Web Push to besides the browser vendors’ (a self-hosted push service; tests). Endpoints on other hosts are refused.',
    default: '(unset: the vendors’ only)',
  },
  {
    name: 'WEB_PUSH_SUBJECT',
    description:
      'Contact (mailto: or https:) the VAPID tokens of Web Push name, so a push service can reach the operator.',
    default: '(PUBLIC_ORIGIN, else mailto:push@localhost)',
  },
  {
    name: 'WORKERS',
    description:
      'Several server processes behind one port (as `npm start -- --workers N`, which wins over it): 1 to 64 worker processes forked by a primary that restarts them; needs DATABASE_URL (see docs/deploy.md).',
    default: '(unset: one process)',
  },
  {
    name: 'CLUSTER',
    description:
      '1: this process is one of several on the same DATABASE_URL (one process per host behind a proxy, see docs/deploy.md); `--workers` sets it for its workers.',
    default: '0',
  },
  { name: 'SMTP_FROM', description: 'Sender address of mail.', default: 'no-reply@localhost' },
  { name: 'NODE_ENV', description: 'production makes ADMIN_TOKEN mandatory.', default: 'development' },
  { name: 'LOG_LEVEL', description: 'fatal, error, warn, info, debug, trace or silent.', default: 'info' },
];

/** The server settings read from the environment. */
export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Size of the PostgreSQL connection pool. */
  databasePoolMax: number;
  adminToken: string;
  /** True when ADMIN_TOKEN was not set and a random one was made for this run. */
  adminTokenGenerated: boolean;
  publicOrigin: string | undefined;
  allowedOrigins: string[];
  trustProxy: TrustProxy;
  /** Most market sockets per client address (0: no limit). */
  marketWsMaxPerIp: number;
  /** RabbitMQ mode (MARKET_BROKER_URL / MARKET_BROKER_PUBLIC_URL); undefined: the embedded broker. */
  marketBroker: { url: string; publicUrl: string | undefined } | undefined;
  /** Most account sockets per client address (0: no limit). */
  exchangeWsMaxPerIp: number;
  brand: string;
  marketSeed: number | undefined;
  production: boolean;
  /** IDEMPOTENCY_LEASE_MS: the lease of an Idempotency-Key reservation; unset: the default (15 s). */
  idempotencyLeaseMs: number | undefined;
  /** DEV_OUTBOX=1: the dev outbox and `/dev/outbox` (never in production). */
  devOutbox: boolean;
  /** DEV_CLOCK_OFFSET_MS: a movable clock that far ahead of real time (CH4); undefined: real time. */
  devClockOffsetMs: number | undefined;
  logLevel: string;
  /** WEB_PUSH_ORIGINS and WEB_PUSH_SUBJECT (webpush/). */
  webPush: { origins: string[]; subject: string | undefined };
  /** CLUSTER=1 (or a worker of `--workers`): one of several processes on this database. */
  cluster: boolean;
}

/** A bad environment: the message names the variable and what is expected. */
export class EnvError extends Error {
  override name = 'EnvError';
}

const DEFAULT_WS_MAX_PER_IP = 20;
/** The furthest ahead a movable clock may start: a year. */
const MAX_DEV_CLOCK_OFFSET_MS = 31_536_000_000;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new EnvError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * TRUST_PROXY: unset, 0 or false for none; the proxies' addresses (comma-separated addresses, CIDR ranges,
 * `loopback`, `linklocal`, `uniquelocal`); 1 or true to trust every hop.
 */
function trustProxyOf(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  try {
    checkTrustedProxies(value);
  } catch {
    throw new EnvError(
      `TRUST_PROXY must be 0, the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8,loopback) or true, got "${raw}"`,
    );
  }
  return trustedProxies(value).join(',');
}

/** CLUSTER: 0 or 1, like DEV_OUTBOX. */
export function clusterOf(raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new EnvError(`CLUSTER must be 0 or 1, got "${raw}"`);
}

/** DEV_OUTBOX: on only when it says 1 (an explicit opt-in, never a default). */
function devOutboxOf(raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new EnvError(`DEV_OUTBOX must be 0 or 1, got "${raw}"`);
}

function origin(name: string, value: string): string {
  try {
    return parseOrigin(value);
  } catch {
    throw new EnvError(`${name} must be an http(s) origin such as https://trade.example, got "${value}"`);
  }
}

/** Text with a control character (the contract's NO_CONTROL_CHARS, negated). */
const CONTROL = { test: (value: string) => !new RegExp(NO_CONTROL_CHARS).test(value) };
const MAX_URL_LENGTH = 2048;

/** A ws:// or wss:// URL of at most 2 KB without control characters, or an EnvError naming `name`. */
function socketUrl(name: string, raw: string): URL {
  let url: URL | undefined;
  if (raw.length <= MAX_URL_LENGTH && !CONTROL.test(raw)) {
    try {
      url = new URL(raw);
    } catch {
      // reported below
    }
  }
  if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.hash) {
    throw new EnvError(
      `${name} must be a ws:// or wss:// URL such as wss://mq.example/ws, got "${raw.slice(0, 200)}"`,
    );
  }
  return url;
}

/**
 * MARKET_BROKER_URL and MARKET_BROKER_PUBLIC_URL (RQ1): the server's URL must carry the publisher's user and
 * password (without them RabbitMQ would take it for a browser, which may not publish); the browsers' must not
 * carry any, and is an absolute ws(s) URL or a path on the public origin.
 */
function marketBrokerOf(env: NodeJS.ProcessEnv): ServerEnv['marketBroker'] {
  const raw = env.MARKET_BROKER_URL?.trim();
  const rawPublic = env.MARKET_BROKER_PUBLIC_URL?.trim() || undefined;
  if (!raw) {
    if (rawPublic) throw new EnvError('MARKET_BROKER_PUBLIC_URL is set without MARKET_BROKER_URL');
    return undefined;
  }
  const url = socketUrl('MARKET_BROKER_URL', raw);
  if (!url.username || !url.password) {
    throw new EnvError(
      "MARKET_BROKER_URL must carry the publisher's user and password: ws://user:pass@host:15674/ws",
    );
  }
  if (rawPublic?.startsWith('/')) {
    if (rawPublic.startsWith('//') || CONTROL.test(rawPublic) || rawPublic.length > MAX_URL_LENGTH) {
      throw new EnvError(
        `MARKET_BROKER_PUBLIC_URL must be a ws(s):// URL or a path such as /market-ws, got "${rawPublic.slice(0, 200)}"`,
      );
    }
  } else if (rawPublic) {
    const publicUrl = socketUrl('MARKET_BROKER_PUBLIC_URL', rawPublic);
    if (publicUrl.username || publicUrl.password) {
      throw new EnvError('MARKET_BROKER_PUBLIC_URL must not carry credentials: every browser would see them');
    }
  }
  return { url: url.toString(), publicUrl: rawPublic };
}

/** Reads and checks the environment; throws `EnvError` with a clear message when a value is wrong. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new EnvError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const givenToken = env.ADMIN_TOKEN?.trim();
  if (!givenToken && production) throw new EnvError('ADMIN_TOKEN is required when NODE_ENV=production');
  if (givenToken && givenToken.length < 16) throw new EnvError('ADMIN_TOKEN must be at least 16 characters');
  const devOutbox = devOutboxOf(env.DEV_OUTBOX);
  // The outbox serves any address's sign-up and reset codes: one stray variable must not open it in production.
  if (devOutbox && production) throw new EnvError('DEV_OUTBOX=1 is refused when NODE_ENV=production');
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new EnvError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const publicOrigin = env.PUBLIC_ORIGIN?.trim();
  const cluster = clusterOf(env.CLUSTER);
  if (cluster && !databaseUrl) {
    throw new EnvError('CLUSTER=1 needs PostgreSQL: set DATABASE_URL (PGlite belongs to one process)');
  }
  const devClockOffsetMs = integer(env, 'DEV_CLOCK_OFFSET_MS', 0, MAX_DEV_CLOCK_OFFSET_MS);
  // A clock anyone with the admin token can move would let an operator's script settle options early.
  if (devClockOffsetMs !== undefined && production) {
    throw new EnvError('DEV_CLOCK_OFFSET_MS is refused when NODE_ENV=production');
  }
  // Each process would move its own clock: their business times would part.
  if (devClockOffsetMs !== undefined && cluster) {
    throw new EnvError('DEV_CLOCK_OFFSET_MS is refused with several processes (CLUSTER=1, --workers)');
  }
  return {
    port: integer(env, 'PORT', 0, 65535) ?? 8080,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl,
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', 1, 1000) ?? DEFAULT_POOL_MAX,
    adminToken: givenToken || randomBytes(24).toString('base64url'),
    adminTokenGenerated: !givenToken,
    publicOrigin: publicOrigin ? origin('PUBLIC_ORIGIN', publicOrigin) : undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => origin('ALLOWED_ORIGINS', value)),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    marketWsMaxPerIp: integer(env, 'MARKET_WS_MAX_PER_IP', 0, 100_000) ?? DEFAULT_WS_MAX_PER_IP,
    marketBroker: marketBrokerOf(env),
    exchangeWsMaxPerIp: integer(env, 'EXCHANGE_WS_MAX_PER_IP', 0, 100_000) ?? DEFAULT_WS_MAX_PER_IP,
    brand: env.BRAND?.trim().toLowerCase() || 'tradekit',
    marketSeed: integer(env, 'MARKET_SEED', 0, 2 ** 31 - 1),
    production,
    idempotencyLeaseMs: integer(
      env,
      'IDEMPOTENCY_LEASE_MS',
      IDEMPOTENCY_LEASE_MIN_MS,
      IDEMPOTENCY_LEASE_MAX_MS,
    ),
    devOutbox,
    devClockOffsetMs,
    logLevel,
    webPush: {
      origins: webPushOriginsOf(env.WEB_PUSH_ORIGINS),
      subject: webPushSubjectOf(env.WEB_PUSH_SUBJECT),
    },
    cluster,
  };
}

/** WEB_PUSH_ORIGINS: bare http(s) origins. */
function webPushOriginsOf(raw: string | undefined): string[] {
  try {
    return parsePushOrigins(raw);
  } catch (error) {
    throw new EnvError((error as Error).message);
  }
}

/** WEB_PUSH_SUBJECT: a mailto: or https: URL (RFC 8292 §2.1). */
function webPushSubjectOf(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/.test(value))
    throw new EnvError(`WEB_PUSH_SUBJECT must be a mailto: or https: URL, got "${value}"`);
  return value;
}

/** The environment variables as a Markdown table (for the README). */
export function describeEnv(): string {
  const rows = ENV_VARS.map((v) => `| \`${v.name}\` | ${v.description} | ${v.default} |`);
  return ['| Variable | Meaning | Default |', '| --- | --- | --- |', ...rows].join('\n');
}
