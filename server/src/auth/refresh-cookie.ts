/**
 * The refresh token of a browser session lives only in an HttpOnly cookie (issue #19 item 1, decisions SC1–SC6):
 * page script — the partner page's included — can neither read it nor send it anywhere but the refresh call.
 * A request with an `Origin` header comes from a browser; one without (scripts, other servers) keeps the
 * spec's refresh token in the body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_ROOT } from '../../../src/core/contract/endpoint';
import { cookieValue } from '../http/cookies';
import { SESSION_TTL_MS } from './sessions';

/** Name of the refresh cookie. */
export const REFRESH_COOKIE = 'tk_rt';
/** The only path the cookie is sent to: the refresh call. */
export const REFRESH_COOKIE_PATH = `${SERVICE_ROOT.api}/wa-na/refresh`;

/** The page origin of a browser request, or null for a client that sends none (not a browser). */
export function browserOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  // "null" is what sandboxed frames and file pages send: a browser, but no origin a session can be bound to.
  return typeof origin === 'string' && origin !== '' ? origin : null;
}

/**
 * Embedded on another site, the cookie is a third-party cookie: `SameSite=None` so that it travels at all, and
 * `Partitioned` so that it is kept per top-level site (CHIPS) and no other site's page can make it travel.
 * On the platform's own site `SameSite=Strict`. `Secure` always (browsers accept it on http://localhost).
 */
function attributes(partitioned: boolean): string {
  const site = partitioned ? 'SameSite=None; Partitioned' : 'SameSite=Strict';
  return `Path=${REFRESH_COOKIE_PATH}; HttpOnly; Secure; ${site}`;
}

function crossSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** Puts `refreshToken` into the cookie. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refreshToken: string): void {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${refreshToken}; ${attributes(crossSite(request))}; Max-Age=${maxAge}`,
  );
}

/** Clears the cookie in both forms (the partitioned one can only be cleared as partitioned). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', [
    `${REFRESH_COOKIE}=; ${attributes(false)}; Max-Age=0`,
    `${REFRESH_COOKIE}=; ${attributes(true)}; Max-Age=0`,
  ]);
}

/** The refresh token the cookie carries, or null. */
export function refreshCookie(request: FastifyRequest): string | null {
  return cookieValue(request.headers.cookie, REFRESH_COOKIE);
}
