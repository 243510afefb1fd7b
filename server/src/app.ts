import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginOptions,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { accountsPlugin } from './accounts/plugin';
import { adminPlugin } from './admin/plugin';
import { authPlugin, type AuthPluginOptions } from './auth/plugin';
import { brandPlugin } from './brand/plugin';
import { dbPlugin } from './db/plugin';
import { docsPlugin } from './docs/plugin';
import { corsPlugin } from './http/cors';
import { loggerOptions } from './http/logging';
import { httpPlugin } from './http/plugin';
import { HTTP_SERVER_OPTIONS } from './http/server-options';
import { staticPlugin } from './static/plugin';
import type { ExchangeWsOptions } from './exchange-ws/plugin';
import type { TradingPluginOptions } from './trading/plugin';

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
  broker?: { path?: string; heartbeatMs?: number };
  /** Origin handed out in `/config.json` (e.g. `https://trade.example`); else the request's own origin. */
  publicOrigin?: string;
  /** Origins allowed by CORS; empty or missing: any. */
  allowedOrigins?: string[];
  /** Brand of requests that name none (default `tradekit`). */
  defaultBrand?: string;
  /** Trust X-Forwarded-* from a reverse proxy. */
  trustProxy?: boolean;
  /** Modules that can be left out (tests of the platform layer); all on by default. */
  modules?: { market?: boolean; broker?: boolean };
  /** Identity module: token secret, SMTP, senders, clock (each falls back on its environment variable). */
  auth?: AuthPluginOptions;
  /** Trading engine (with the market module): clock, per-brand setting overrides. */
  trading?: TradingPluginOptions;
  /** Exchange socket timings and limits (tests shorten them); origins come from `allowedOrigins`. */
  exchangeWs?: Omit<ExchangeWsOptions, 'allowedOrigins'>;
  /** Sees every route as it is registered (the OpenAPI completeness test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Resolved settings other plugins may read as `app.config`. */
export interface AppConfig {
  dataDir: string;
  publicOrigin: string | undefined;
  adminToken: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The plugin a module file exports (default export, or the named `<name>Plugin`). */
async function modulePlugin<O extends FastifyPluginOptions>(
  load: () => Promise<Record<string, unknown>>,
  name: string,
) {
  const module = await load();
  const plugin = module.default ?? module[`${name}Plugin`];
  if (typeof plugin !== 'function') throw new Error(`server/src/${name}/plugin.ts exports no plugin`);
  return plugin as FastifyPluginAsync<O>;
}

/**
 * Builds the whole server as plugins: http → cors → db → admin → broker → market → brand → static. Every plugin
 * is loaded (database open and migrated) when this resolves; `listen` or `inject` make it ready.
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
  const dataDir = options.dataDir ?? './data';
  app.decorate('config', {
    dataDir,
    publicOrigin: options.publicOrigin,
    adminToken: options.adminToken ?? randomBytes(24).toString('base64url'),
  });
  try {
    await app.register(httpPlugin, { publicOrigin: options.publicOrigin });
    await app.register(docsPlugin);
    await app.register(corsPlugin, { allowedOrigins: options.allowedOrigins });
    await app.register(dbPlugin, {
      databaseUrl: options.databaseUrl,
      poolMax: options.databasePoolMax,
      dataDir: dataDir.startsWith('memory://') ? dataDir : join(dataDir, 'pglite'),
    });
    await app.register(adminPlugin, { adminToken: app.config.adminToken });
    if (options.modules?.broker !== false) {
      const allowedOrigins = options.allowedOrigins?.length ? options.allowedOrigins : '*';
      await app.register(await modulePlugin(() => import('./broker/plugin'), 'broker'), {
        ...options.broker,
        allowedOrigins,
      });
    }
    if (options.modules?.market !== false) {
      await app.register(await modulePlugin(() => import('./market/plugin'), 'market'), options.market ?? {});
    }
    await app.register(brandPlugin, { defaultBrand: options.defaultBrand });
    await app.register(authPlugin, options.auth ?? {});
    await app.register(accountsPlugin);
    if (options.modules?.market !== false) {
      await app.register(
        await modulePlugin(() => import('./trading/plugin'), 'trading'),
        options.trading ?? {},
      );
    }
    if (app.hasDecorator('trading')) {
      const allowedOrigins = options.allowedOrigins?.length ? options.allowedOrigins : '*';
      const exchangeWs = await modulePlugin(() => import('./exchange-ws/plugin'), 'exchange-ws');
      await app.register(exchangeWs, { ...options.exchangeWs, allowedOrigins });
    }
    await app.register(staticPlugin, { distDir: options.distDir ?? join(REPO_ROOT, 'dist') });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
