import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/types';
import { createSenders } from '../sender';
import type { DevOutbox, DevOutboxOptions } from '../sender';
import { outboxRoute } from '../sender';
import type { Sender } from '../sender';
import { authenticateExchangeWith, authenticateWith } from './authenticate';
import type { RequestAuth } from './types';
import { createCaptchas } from './captcha';
import { devCaptchaRoute, rememberDevCaptcha } from './dev-captcha';
import type { AuthRouteDeps } from './context';
import { createOneTimeCodes } from './one-time-codes';
import { makeDummyHash } from './passwords';
import { createRateLimiter } from './rate-limit';
import { adminTotpRoutes } from './routes/admin-totp';
import { captchaRoutes } from './routes/captcha';
import { loginRoutes } from './routes/login';
import { registerRoutes } from './routes/register';
import { sendCodeRoutes } from './routes/send-code';
import { sessionRoutes } from './routes/sessions';
import { tokenRoutes } from './routes/tokens';
import { totpRoutes } from './routes/totp';
import { deriveKeys, loadServerSecret } from './secrets';
import { createAuthService, type AuthService, type CreatedUser } from './service';
import { createSessionCache } from './session-cache';
import { createSessions, type RevokeEvent } from './sessions';
import { shareRevocations, sweepUnderLease } from './cluster';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions, passwords and revocation for other modules. */
    auth: AuthService;
    /**
     * preHandler of every `protected` endpoint: HTTP 401 `{ code: 400 }` without a valid token, 23519 when the
     * session was revoked, 1002 when the user is gone, 1044 when blocked; sets `request.auth`.
     */
    authenticate: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`. */
    auth: RequestAuth;
  }
}

/** Options of the `auth` plugin; each falls back on the environment variable named. */
export interface AuthPluginOptions {
  /** Signing secret, at least 32 characters (TOKEN_SECRET); else one generated once and kept in the database. */
  tokenSecret?: string;
  /** SMTP server for mail (SMTP_URL); without it mail goes to the dev outbox. */
  smtpUrl?: string;
  /** Sender address of mail (SMTP_FROM). */
  smtpFrom?: string;
  /** Production (NODE_ENV=production): no dev captcha; the dev outbox is refused. */
  production?: boolean;
  /**
   * The dev outbox (DEV_OUTBOX=1): mail without SMTP and SMS are kept in it and `/dev/outbox` serves anyone's
   * codes, so it is off unless switched on, and switching it on in production stops the start.
   */
  devOutbox?: boolean;
  /** Replaces the configured senders (an SMS gateway, tests); a dev outbox given here is served when `devOutbox`. */
  sender?: Sender | DevOutbox;
  /** Options of the default dev outbox. */
  outbox?: DevOutboxOptions;
}

const SWEEP_MS = 10 * 60_000;
const isOutbox = (sender: Sender): sender is DevOutbox => typeof (sender as DevOutbox).list === 'function';

/** Identity: registration, login with a second factor, tokens, codes, captchas and rate limits. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const env = process.env;
    // Codes, windows, sessions and tokens run on the server's clock (tests move it).
    const now = () => app.clock.now();
    const production = options.production ?? env.NODE_ENV === 'production';
    const devOutbox = options.devOutbox ?? env.DEV_OUTBOX?.trim() === '1';
    if (devOutbox && production) throw new Error('DEV_OUTBOX is refused when NODE_ENV=production');
    const devCaptchas = new Map<string, string>();
    const keys = deriveKeys(
      await loadServerSecret(app.db, options.tokenSecret ?? (env.TOKEN_SECRET?.trim() || undefined)),
    );
    const senders = options.sender
      ? {
          sender: options.sender,
          outbox: isOutbox(options.sender) ? options.sender : null,
          close: () => undefined,
        }
      : createSenders({
          smtpUrl: options.smtpUrl ?? (env.SMTP_URL?.trim() || undefined),
          smtpFrom: options.smtpFrom ?? (env.SMTP_FROM?.trim() || undefined),
          devOutbox,
          outbox: { now, ...options.outbox },
        });
    const listeners = new Set<(event: RevokeEvent) => void>();
    const notify = (event: RevokeEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          app.log.error({ err: error }, 'revoke listener failed');
        }
      }
    };
    const userHooks: Array<(tx: Queryable, user: CreatedUser) => Promise<void>> = [];
    const sessionChecks = createSessionCache();
    // Revocations reach every process of the database (MP12); nothing changes for a process alone.
    const share = shareRevocations(app, notify, sessionChecks);
    const sessions = createSessions({ db: app.db, keys, now, notify, ...(share ? { share } : {}) });
    const dummyHash = await makeDummyHash();
    const limits = createRateLimiter(app.db, now);
    const service = createAuthService({
      db: app.db,
      keys,
      now,
      sessions,
      limits,
      sender: senders.sender,
      dummyHash,
      brands: () => app.brand.list(),
      listeners,
      userHooks,
      sessionChecks,
    });
    app.decorate('auth', service);
    app.decorate('authenticate', authenticateWith(service.checkToken) as preHandlerAsyncHookHandler);
    app.accessGuards.protected = app.authenticate;
    app.accessGuards.exchange = authenticateExchangeWith(service.checkToken);
    app.decorateRequest('auth', null as unknown as RequestAuth);

    const deps: AuthRouteDeps = {
      app,
      db: app.db,
      now,
      keys,
      sessions,
      codes: createOneTimeCodes({ db: app.db, key: keys.codes, now }),
      captchas: createCaptchas({
        db: app.db,
        key: keys.codes,
        now,
        onIssued: production ? undefined : (uuid, text) => rememberDevCaptcha(devCaptchas, uuid, text),
      }),
      limits,
      sender: senders.sender,
      dummyHash,
      userHooks,
    };
    sendCodeRoutes(deps);
    captchaRoutes(deps);
    registerRoutes(deps);
    loginRoutes(deps);
    tokenRoutes(deps);
    totpRoutes(deps);
    sessionRoutes(deps);
    adminTotpRoutes(deps);
    if (senders.outbox && devOutbox) outboxRoute(app, senders.outbox);
    if (!production) devCaptchaRoute(app, devCaptchas);

    const sweep = () =>
      Promise.all([deps.limits.sweep(), deps.codes.sweep(), deps.captchas.sweep()]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'identity sweep failed'),
      );
    // One process sweeps for all (MP15).
    sweepUnderLease(app, 'auth-sweep', SWEEP_MS, sweep);
    app.addHook('onClose', async () => senders.close());
  },
  { name: 'auth', fastify: '5.x', dependencies: ['db', 'cluster', 'http', 'brand'] },
);
