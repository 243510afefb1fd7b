/**
 * The back office (issue #13): operator accounts (created through the admin API by the CLI, account-routes.ts),
 * their sign-in with password and TOTP, the session cookie, the choice of their own password after a first one
 * (password-routes.ts), the side-panel reads beside a review queue item, and the audit log.
 * The admin guard that admits operators lives in the admin module (server/src/admin/require-admin.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  OPERATOR_COOKIE,
  OperatorLogin,
  OperatorLogout,
  OperatorMe,
} from '../../../src/core/contract/backoffice';
import { Code } from '../../../src/core/contract/codes';
import { reserveWithin } from '../auth';
import { makeDummyHash, passwordHasher } from '../auth';
import { createRateLimiter, type RateLimiter, type RateRule, type Reservation } from '../auth';
import { sweepUnderLease } from '../auth';
import type { Queryable } from '../db/types';
import { matchTotp } from '../auth';
import { recordAudit } from '../cashier';
import { BusinessError, fail, ok } from '../http/envelope';
import { route } from '../http/route';
import { accountRoutes } from './account-routes';
import {
  acceptOperatorStep,
  findOperator,
  findOperatorByEmail,
  passwordUnexpired,
  toOperator,
} from './operators';
import { lookupRoutes } from './lookup-routes';
import { passwordRoutes } from './password-routes';
import { readRoutes } from './read-routes';
import {
  checkOperatorSession,
  cookieValue,
  endOperatorSession,
  issueOperatorSession,
  SESSION_MS,
  sweepOperatorSessions,
} from './sessions';

/**
 * Failed operator sign-ins (decisions HA4–HA6): per (email, client address) pair and per address, so whoever
 * knows an operator's email can exhaust only their own address's tries, never the operator's. The email's own
 * window across addresses never refuses by itself: once it is full (the email is under attack), each address
 * that already failed on it has one try left per window, while a clean address is checked as always.
 */
export const OPERATOR_RATE_RULES = {
  pair: { bucket: 'operator.login.pair', max: 5, windowMs: 15 * 60_000 },
  /** The pair's rule while the email is under attack (same window, one try). */
  pairUnderAttack: { bucket: 'operator.login.pair', max: 1, windowMs: 15 * 60_000 },
  address: { bucket: 'operator.login.ip', max: 20, windowMs: 15 * 60_000 },
  /** Failures on one email from any address that put it under attack. */
  account: { bucket: 'operator.login.account', max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateRule>;

const SWEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells who follows operator sessions (the operators' live socket) that an operator's sessions changed. */
    operatorSessions: {
      /** `listener(operatorId)` after a sign-out or a disable committed; answers the unsubscribe. */
      onChange(listener: (operatorId: string) => void): () => void;
    };
  }
}

/** The Set-Cookie value of a session (empty token and Max-Age 0 clear it). */
function sessionCookie(request: FastifyRequest, token: string, maxAgeSec: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${OPERATOR_COOKIE}=${token}; Path=/admin/v1; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSec}${secure}`;
}

const OPERATOR_SESSIONS = 'backoffice:operator-sessions';

/**
 * Decorates `app.operatorSessions`; answers the function that tells its listeners an operator's sessions changed
 * and the one that tells the other processes of the database, inside the changing transaction (MP12).
 */
function decorateSessionEvents(app: FastifyInstance): {
  sessionsChanged(operatorId: string): void;
  share(tx: Queryable, operatorId: string): Promise<void>;
} {
  const listeners = new Set<(operatorId: string) => void>();
  app.decorate('operatorSessions', {
    onChange(listener: (operatorId: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
  const sessionsChanged = (operatorId: string) => {
    for (const listener of [...listeners]) {
      try {
        listener(operatorId);
      } catch (error) {
        app.log.error({ err: error }, 'operator session listener failed');
      }
    }
  };
  const { bus } = app.cluster;
  const stop = bus.subscribe(OPERATOR_SESSIONS, (body) => {
    const operatorId = (body as { operatorId?: unknown } | null)?.operatorId;
    if (typeof operatorId === 'string') sessionsChanged(operatorId);
  });
  app.addHook('onClose', async () => stop());
  return { sessionsChanged, share: (tx, operatorId) => bus.publish(OPERATOR_SESSIONS, { operatorId }, tx) };
}

export const backofficePlugin = fp(
  async (app) => {
    // Sign-in codes, windows and sessions run on the server's clock (tests move it).
    const now = () => app.clock.now();
    const limits = createRateLimiter(app.db, now);
    const dummyHash = await makeDummyHash();
    const sealer = app.cashier.sealer;
    const { sessionsChanged, share } = decorateSessionEvents(app);

    accountRoutes(app, { now, share, sessionsChanged });

    route(app, OperatorLogin, async (input, { request, reply }) => {
      const email = input.email.trim().toLowerCase();
      const attempt = await reserveSignIn(limits, email, request.ip);
      const row = await findOperatorByEmail(app.db, email);
      const matches = await passwordHasher.verify(row?.password_hash ?? dummyHash, input.password);
      // Unknown email, wrong or expired first password and disabled operator answer 1108 (nothing to probe).
      // Only someone who knows the password of an active operator learns that the code was the wrong part
      // (1020, KB5).
      let accepted = false;
      const codeJudged = row !== null && matches && passwordUnexpired(row, now()) && row.active;
      if (row && codeJudged) {
        const last = row.totp_last_step === null ? null : Number(row.totp_last_step);
        const step = matchTotp(sealer.open(row.totp_sealed), input.code, now(), last);
        accepted = step !== null && (await acceptOperatorStep(app.db, row.id, step));
      }
      if (!row || !accepted) {
        if (row) {
          await recordAudit(app.db, {
            actor: `operator:${row.id}`,
            action: 'operator.sign_in_failed',
            objectKind: 'operator',
            objectId: row.id,
          });
        }
        throw new BusinessError(codeJudged ? Code.INVALID_VERIFICATION_CODE : Code.WRONG_CREDENTIALS);
      }
      const session = await app.db.transaction(async (tx) => {
        const issued = await issueOperatorSession(tx, row.id, now());
        await tx.query('update operators set last_sign_in_at = $2 where id = $1', [row.id, new Date(now())]);
        await recordAudit(tx, {
          actor: `operator:${row.id}`,
          action: 'operator.sign_in',
          objectKind: 'operator',
          objectId: row.id,
        });
        return issued;
      });
      await attempt.release();
      await limits.reset(OPERATOR_RATE_RULES.pair, `${email}|${request.ip}`);
      request.log.info({ operator: row.id }, 'operator signed in');
      reply.header('set-cookie', sessionCookie(request, session.token, Math.floor(SESSION_MS / 1000)));
      return ok({
        operator: toOperator({ ...row, last_sign_in_at: new Date(now()) }),
        expiresAt: session.expiresAt,
        mustChangePassword: row.password_must_change,
      });
    });

    /** The caller's operator session; null for the admin token, which is no operator. */
    const currentSession = async (request: FastifyRequest) => {
      const token = cookieValue(request.headers.cookie, OPERATOR_COOKIE);
      const session = request.operator && token ? await checkOperatorSession(app.db, token, now()) : null;
      return session && token ? { token, session } : null;
    };
    /** HTTP 401 `{ code: 400 }`, as the guard answers a request without a session. */
    const noSession = (reply: FastifyReply) =>
      reply
        .code(401)
        .send(fail(Code.NOT_LOGGED_IN, 'operator session required')) as unknown as Promise<never>;

    route(app, OperatorMe, async (_input, { request, reply }) => {
      const current = await currentSession(request);
      const row = current ? await findOperator(app.db, current.session.id) : null;
      if (!current || !row) return noSession(reply);
      return ok({
        operator: toOperator(row),
        expiresAt: current.session.expiresAt,
        mustChangePassword: current.session.mustChangePassword,
      });
    });

    route(app, OperatorLogout, async (_input, { request, reply, audit }) => {
      const current = await currentSession(request);
      if (!current) return noSession(reply);
      const { token, session } = current;
      await audit.transaction(async (tx, record) => {
        await endOperatorSession(tx, token);
        await share(tx, session.id);
        await record({
          action: 'operator.sign_out',
          objectKind: 'operator',
          objectId: session.id,
        });
      });
      sessionsChanged(session.id);
      clearCookie(request, reply);
      return ok({});
    });

    passwordRoutes(app, { limits, currentSession, noSession, share, sessionsChanged });
    readRoutes(app);
    lookupRoutes(app);

    // One process sweeps for all (MP15).
    sweepUnderLease(app, 'operator-sweep', SWEEP_MS, () =>
      sweepOperatorSessions(app.db, now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'operator session sweep failed'),
      ),
    );
  },
  { name: 'backoffice', fastify: '5.x', dependencies: ['db', 'cluster', 'http', 'admin', 'auth', 'cashier'] },
);

/**
 * Counts a sign-in attempt in its windows (given back when it succeeds); 1110 when the pair or the address
 * has no try left. The email's window is counted too: when it is full, the pair's rule tightens to one try.
 */
async function reserveSignIn(limits: RateLimiter, email: string, address: string): Promise<Reservation> {
  const account = await limits.reserve(OPERATOR_RATE_RULES.account, email);
  const pairRule = account ? OPERATOR_RATE_RULES.pair : OPERATOR_RATE_RULES.pairUnderAttack;
  try {
    const attempt = await reserveWithin(
      limits,
      [
        [pairRule, `${email}|${address}`],
        [OPERATOR_RATE_RULES.address, address],
      ],
      Code.TOO_FREQUENT,
    );
    return {
      release: async () => {
        await attempt.release();
        await account?.release();
      },
    };
  } catch (error) {
    // Refused before any check: not a failure of the email.
    await account?.release();
    throw error;
  }
}

function clearCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', sessionCookie(request, '', 0));
}

export default backofficePlugin;
