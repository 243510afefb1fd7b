import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FIRST_PASSWORD_ENDPOINTS,
  OPERATOR_COOKIE,
  OPERATOR_BACKGROUND_HEADER,
  OPERATOR_CSRF_HEADER,
} from '../../../src/core/contract/backoffice';
import { Code, SERVER_CODES } from '../../../src/core/contract/codes';
import { serverUrl, type OperatorRole } from '../../../src/core/contract/endpoint';
import type { Db } from '../db/types';
import { createAdminAudit } from '../http/admin-audit';
import { checkOperatorSession, cookieValue, noteOperatorActivity } from '../backoffice';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Operator roles that may call an admin route (from the contract's `roles`); none: admin token only. */
    roles?: readonly OperatorRole[];
  }
}

const NEEDS_LOGIN = { code: Code.NOT_LOGGED_IN, msg: 'admin token required', data: null };
/** An operator whose roles do not cover the endpoint (decisions BO2): HTTP 403, 1086. */
export const NOT_PERMITTED = {
  code: Code.UNKNOWN_OPERATE,
  msg: SERVER_CODES[Code.UNKNOWN_OPERATE],
  data: null,
};

const SAFE_METHODS = new Set(['GET', 'HEAD']);
/** The routes a session signed in with a first password may call (decision SEC12). */
const FIRST_PASSWORD_ROUTES = new Set(FIRST_PASSWORD_ENDPOINTS.map((e) => serverUrl(e.service, e.path)));

/** A preHandler that admits only `Authorization: Bearer <adminToken>`; others get HTTP 401. */
export function requireAdmin(adminToken: string) {
  const expected = Buffer.from(`Bearer ${adminToken}`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await reply.code(401).send(NEEDS_LOGIN);
    }
  };
}

/** Who the admin token acts as: the admin CLI says so in a header; any other caller is the admin API. */
function tokenActor(request: FastifyRequest): string {
  return request.headers['x-tk-admin-client'] === 'cli' ? 'cli' : 'admin-api';
}

/**
 * The guard of every admin route: the admin token admits every admin endpoint; without an Authorization
 * header, the operator session cookie admits the endpoints whose `roles` include one of the operator's roles
 * (HTTP 403, 1086 otherwise; a session signed in with a first password holds no role and is admitted only to
 * the password step), and a state-changing call must also carry the back-office CSRF header. An admitted
 * request is the session's activity (its inactivity timeout restarts). Sets `request.operator`, and
 * `request.adminAudit`: the audit writer bound to who acts (the route wrapper gives it to the handler and
 * checks that an action wrote its row).
 */
export function requireAdminOrOperator(adminToken: string, db: Db, now: () => number) {
  const adminOnly = requireAdmin(adminToken);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) {
      await adminOnly(request, reply);
      if (!reply.sent) request.adminAudit = createAdminAudit(db, tokenActor(request));
      return;
    }
    const token = cookieValue(request.headers.cookie, OPERATOR_COOKIE);
    const operator = token ? await checkOperatorSession(db, token, now()) : null;
    if (!token || !operator) return reply.code(401).send(NEEDS_LOGIN);
    const allowed = request.routeOptions.config.roles ?? [];
    const csrfOk = SAFE_METHODS.has(request.method) || request.headers[OPERATOR_CSRF_HEADER] === '1';
    const passwordStep =
      operator.mustChangePassword && FIRST_PASSWORD_ROUTES.has(request.routeOptions.url ?? '');
    if (!csrfOk || !(passwordStep || allowed.some((role) => operator.roles.includes(role)))) {
      return reply.code(403).send(NOT_PERMITTED);
    }
    // Only a request the session may make counts: a refused one (a forged form, say) keeps no one signed in;
    // nor does one the page made by itself (SEC13), or an open screen would keep an absent operator signed in.
    if (request.headers[OPERATOR_BACKGROUND_HEADER] !== '1')
      await noteOperatorActivity(db, token, operator, now());
    request.operator = { id: operator.id, email: operator.email, roles: operator.roles };
    request.adminAudit = createAdminAudit(db, `operator:${operator.id}`);
  };
}
