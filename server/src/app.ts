import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { IDEMPOTENCY_LEASE_MS } from './http/idempotency';
import { loggerOptions } from './http/logging';
import type { AuthPluginOptions } from './auth/plugin';
import { HTTP_SERVER_OPTIONS } from './http/server-options';
import type { ExchangeWsOptions } from './exchange-ws/plugin';
import type { TradingPluginOptions } from './trading/plugin';
import type { WebPushOptions } from './webpush';
import type { OptionsPluginOptions } from './options/plugin';
import type { TrustProxy } from './http/client-address';
import type { RabbitmqBrokerOptions } from './broker';
import { systemClock, type Clock, type TestClock } from './clock';

/** Options of `buildApp`; everything is optional so that tests state only what they exercise. */
export interface AppOptions {
  /** Data directory (default `./data`); PGlite lives in `<dataDir>/pglite`. `memory://`: nothing on disk. */
  dataDir?: string;
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Most PostgreSQL connections at once (env DATABASE_POOL_MAX; default 20). */
  databasePoolMax?: number;
  /** Bearer token of `/admin/v1/*`; a random one when missing (main.ts decides what production requires). */
  adminToken?: string;
  /** The vite build (default `dist/` at the repository root). */
  distDir?: string;
  /** Fastify logger options; off when missing. Secrets are always redacted. */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  market?: { seed?: number; tickMs?: number; autostart?: boolean; backfillDays?: number };
  broker?: {
    path?: string;
    heartbeatMs?: number;
    maxConnectionsPerAddress?: number;
    maxSubscriptions?: number;
    /** RabbitMQ mode (RQ1): publish to RabbitMQ's Web-STOMP instead of serving `/market-ws` ourselves. */
    rabbitmq?: RabbitmqBrokerOptions;
  };
  /** Origin handed out in `/config.json` (e.g. `https://trade.example`); else the request's own origin. */
  publicOrigin?: string;
  /** Origins allowed by CORS; empty or missing: any. */
  allowedOrigins?: string[];
  /** Brand of requests that name none (default `tradekit`). */
  defaultBrand?: string;
  /** Trust X-Forwarded-* from a reverse proxy. */
  trustProxy?: TrustProxy;
  /** The server's time source, `app.clock` for every module (default: real time; tests pass a TestClock). */
  clock?: Clock;
  /**
   * A clock `POST /admin/v1/clock/advance` may move forward (DEV_CLOCK_OFFSET_MS, never in production; CH4); it
   * is then `app.clock` too, and `clock` must be absent.
   */
  movableClock?: TestClock;
  /** How long a reserved Idempotency-Key is its request's before a repeat may take it over (IK2; default 15 s). */
  idempotencyLeaseMs?: number;
  /** Several processes on one PostgreSQL (MP1): the bus and leases of `server/src/cluster`; off by default. */
  cluster?: { enabled?: boolean; leaseRoundMs?: number };
  /** Modules that can be left out (tests of the platform layer); all on by default. */
  modules?: { market?: boolean; broker?: boolean };
  /** Identity module: token secret, SMTP, senders (each falls back on its environment variable). */
  auth?: AuthPluginOptions;
  /** Trading engine (with the market module): per-brand setting overrides. */
  trading?: TradingPluginOptions;
  /** Option mode (with the trading engine): settler and price record periods. */
  optionMode?: OptionsPluginOptions;
  /** Exchange socket timings and limits (tests shorten them); origins come from `allowedOrigins`. */
  exchangeWs?: Omit<ExchangeWsOptions, 'allowedOrigins'>;
  /** Web Push: push services allowed besides the vendors' (`WEB_PUSH_ORIGINS`) and the VAPID contact. */
  webPush?: WebPushOptions;
  /** Sees every route as it is registered (the OpenAPI completeness test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Resolved settings other plugins may read as `app.config`. */
export interface AppConfig {
  dataDir: string;
  publicOrigin: string | undefined;
  adminToken: string;
  /** The lease of an Idempotency-Key reservation (http/idempotency.ts). */
  idempotencyLeaseMs: number;
  /**
   * The market socket `/config.json` hands out when it is not our `/market-ws`: RabbitMQ's Web-STOMP, absolute
   * (`wss://mq.example/ws`) or a path on the public origin (`/market-ws` proxied to it).
   */
  marketWs: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The server's time source (`buildApp({ clock })`); business time is read here, never from Date.now. */
    clock: Clock;
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What a module's entry sees when the app is built: the options of `buildApp` and the app so far. */
interface ModuleContext {
  options: AppOptions;
  app: FastifyInstance;
}

/**
 * One server module: its folder's plugin (loaded only when the module is on), the options it takes, and
 * whether it is on. Modules register in the order of `MODULES`; a plugin states the modules it depends on.
 */
interface ModuleEntry {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each plugin takes its own options
  load: () => Promise<FastifyPluginAsync<any> | FastifyPluginCallback<any>>;
  options?: (context: ModuleContext) => object;
  enabled?: (context: ModuleContext) => boolean;
}

const origins = ({ options }: ModuleContext) =>
  options.allowedOrigins?.length ? options.allowedOrigins : '*';
const marketOn = ({ options }: ModuleContext) => options.modules?.market !== false;

/** Every server module, in registration order. Adding a module: its folder, plus one line here. */
export const MODULES: readonly ModuleEntry[] = [
  {
    name: 'http',
    load: async () => (await import('./http/plugin')).httpPlugin,
    options: ({ options }) => ({ publicOrigin: options.publicOrigin }),
  },
  { name: 'compression', load: async () => (await import('./http/compression')).compressionPlugin },
  { name: 'docs', load: async () => (await import('./docs/plugin')).docsPlugin },
  {
    name: 'cors',
    load: async () => (await import('./http/cors')).corsPlugin,
    options: ({ options }) => ({ allowedOrigins: options.allowedOrigins }),
  },
  {
    name: 'db',
    load: async () => (await import('./db/plugin')).dbPlugin,
    options: ({ options, app }) => ({
      databaseUrl: options.databaseUrl,
      poolMax: options.databasePoolMax,
      dataDir: app.config.dataDir.startsWith('memory://')
        ? app.config.dataDir
        : join(app.config.dataDir, 'pglite'),
    }),
  },
  {
    name: 'cluster',
    load: async () => (await import('./cluster')).clusterPlugin,
    options: ({ options }) => ({ databaseUrl: options.databaseUrl, ...options.cluster }),
  },
  {
    name: 'admin',
    load: async () => (await import('./admin/plugin')).adminPlugin,
    options: ({ app, options }) => ({
      adminToken: app.config.adminToken,
      movableClock: options.movableClock,
    }),
  },
  {
    name: 'broker',
    load: async () => (await import('./broker/plugin')).default,
    options: (context) => ({
      trustProxy: context.options.trustProxy ?? false,
      ...context.options.broker,
      allowedOrigins: origins(context),
    }),
    enabled: ({ options }) => options.modules?.broker !== false && !options.broker?.rabbitmq,
  },
  {
    name: 'broker-rabbitmq',
    load: async () => (await import('./broker')).loadRabbitmqBrokerPlugin(),
    options: ({ options }) => options.broker?.rabbitmq ?? {},
    enabled: ({ options }) => options.modules?.broker !== false && Boolean(options.broker?.rabbitmq),
  },
  {
    name: 'market',
    load: async () => (await import('./market/plugin')).marketPlugin,
    options: ({ options }) => options.market ?? {},
    enabled: marketOn,
  },
  {
    name: 'brand',
    load: async () => (await import('./brand/plugin')).brandPlugin,
    options: ({ options }) => ({ defaultBrand: options.defaultBrand }),
  },
  {
    name: 'auth',
    load: async () => (await import('./auth/plugin')).authPlugin,
    options: ({ options }) => options.auth ?? {},
  },
  { name: 'ledger', load: async () => (await import('./ledger/plugin')).ledgerPlugin },
  { name: 'cashier', load: async () => (await import('./cashier/plugin')).cashierPlugin },
  { name: 'accounts', load: async () => (await import('./accounts/plugin')).accountsPlugin },
  { name: 'users', load: async () => (await import('./users/plugin')).usersPlugin },
  {
    name: 'notifications',
    load: async () => (await import('./notifications/plugin')).notificationsPlugin,
  },
  { name: 'payees', load: async () => (await import('./payees/plugin')).payeesPlugin },
  { name: 'withdrawals', load: async () => (await import('./withdrawals/plugin')).withdrawalsPlugin },
  { name: 'deposits', load: async () => (await import('./deposits/plugin')).depositsPlugin },
  { name: 'wallets', load: async () => (await import('./wallets/plugin')).walletsPlugin },
  { name: 'loans', load: async () => (await import('./loans/plugin')).loansPlugin },
  { name: 'risk', load: async () => (await import('./risk/plugin')).riskPlugin },
  { name: 'away', load: async () => (await import('./away/plugin')).awayPlugin },
  { name: 'support', load: async () => (await import('./support/plugin')).supportPlugin },
  {
    name: 'webpush',
    load: async () => (await import('./webpush/plugin')).webPushPlugin,
    options: ({ options }) => ({
      origins: options.webPush?.origins ?? [],
      subject: options.webPush?.subject ?? options.publicOrigin,
    }),
  },
  { name: 'backoffice', load: async () => (await import('./backoffice/plugin')).backofficePlugin },
  { name: 'kyc', load: async () => (await import('./kyc/plugin')).kycPlugin },
  {
    name: 'trading',
    load: async () => (await import('./trading/plugin')).tradingPlugin,
    options: ({ options }) => options.trading ?? {},
    enabled: marketOn,
  },
  {
    name: 'alerts',
    load: async () => (await import('./alerts/plugin')).alertsPlugin,
    enabled: marketOn,
  },
  {
    name: 'options',
    load: async () => (await import('./options/plugin')).optionsPlugin,
    options: ({ options }) => options.optionMode ?? {},
    enabled: ({ app }) => app.hasDecorator('tradingEngine'),
  },
  {
    name: 'exchange-ws',
    load: async () => (await import('./exchange-ws/plugin')).exchangeWsPlugin,
    options: (context) => ({
      trustProxy: context.options.trustProxy ?? false,
      ...context.options.exchangeWs,
      allowedOrigins: origins(context),
    }),
    enabled: ({ app }) => app.hasDecorator('trading'),
  },
  {
    name: 'static',
    load: async () => (await import('./static/plugin')).staticPlugin,
    options: ({ options }) => ({ distDir: options.distDir ?? join(REPO_ROOT, 'dist') }),
  },
];

/** Browsers' market socket in RabbitMQ mode: the public URL, else the server's own URL without credentials. */
function marketWsOf(rabbitmq: RabbitmqBrokerOptions | undefined): string | undefined {
  if (!rabbitmq) return undefined;
  if (rabbitmq.publicUrl) return rabbitmq.publicUrl;
  const url = new URL(rabbitmq.url);
  url.username = '';
  url.password = '';
  return url.toString();
}

/**
 * Builds the whole server from `MODULES` (http → cors → db → cluster → admin → broker → market → brand → auth → ledger →
 * cashier → accounts → users → notifications → payees → withdrawals → deposits → wallets → backoffice → trading →
 * alerts → options → exchange-ws → static). Every plugin is loaded (database open and migrated) when
 * this resolves; `listen` or `inject` make it ready.
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    trustProxy: options.trustProxy ?? false,
    // Opening PGlite (a WebAssembly Postgres) and migrating it takes seconds on a busy machine.
    pluginTimeout: 300_000,
    // Bodies validated as typed, query and path coerced and finite; a malformed URL answers 1001 (http/).
    ...HTTP_SERVER_OPTIONS,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('config', {
    dataDir: options.dataDir ?? './data',
    publicOrigin: options.publicOrigin,
    adminToken: options.adminToken ?? randomBytes(24).toString('base64url'),
    idempotencyLeaseMs: options.idempotencyLeaseMs ?? IDEMPOTENCY_LEASE_MS,
    marketWs: marketWsOf(options.broker?.rabbitmq),
  });
  if (options.clock && options.movableClock)
    throw new Error('buildApp takes clock or movableClock, not both');
  app.decorate('clock', options.movableClock ?? options.clock ?? systemClock);
  const context: ModuleContext = { options, app };
  try {
    for (const module of MODULES) {
      if (module.enabled && !module.enabled(context)) continue;
      await app.register(await module.load(), module.options?.(context) ?? {});
    }
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
