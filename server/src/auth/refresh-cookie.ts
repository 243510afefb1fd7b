/**
 * The refresh token of a browser session lives only in an HttpOnly cookie (issue #19 item 1, decisions SC1–SC6):
 * page script — the partner page's included — can neither read it nor send it anywhere but the refresh call.
 * A request with an `Origin` header comes from a browser; one without (scripts, other servers) keeps the
 * spec's refresh token in the body. Beside it, the session's mark (`session-mark.ts`, SEC9) goes only to the
 * sign-in call, so that signing in again in this browser ends the session it held; the two cookies are set,
 * renewed and cleared together.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Login, Refresh } from '../../../src/core/contract/auth';
import { serverUrl } from '../../../src/core/contract/endpoint';
import { cookieValue } from '../http/cookies';
import { SESSION_TTL_MS } from './sessions';

/** Name of the refresh cookie. */
export const REFRESH_COOKIE = 'tk_rt';
/** The only path the cookie is sent to: the refresh call. */
export const REFRESH_COOKIE_PATH = serverUrl(Refresh.service, Refresh.path);
/** Name of the session-mark cookie. */
export const MARK_COOKIE = 'tk_sm';
/** The only path the mark is sent to: the sign-in call. */
export const MARK_COOKIE_PATH = serverUrl(Login.service, Login.path);

/** The page origin of a browser request, or null for a client that sends none (not a browser). */
export function browserOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  // "null" is what sandboxed frames and file pages send: a browser, but no origin a session can be bound to.
  return typeof origin === 'string' && origin !== '' ? origin : null;
}

/**
 * Embedded on another site, a cookie is a third-party cookie: `SameSite=None` so that it travels at all, and
 * `Partitioned` so that it is kept per top-level site (CHIPS) and no other site's page can make it travel.
 * On the platform's own site `SameSite=Strict`. `Secure` always (browsers accept it on http://localhost).
 */
function attributes(path: string, partitioned: boolean): string {
  const site = partitioned ? 'SameSite=None; Partitioned' : 'SameSite=Strict';
  return `Path=${path}; HttpOnly; Secure; ${site}`;
}

function crossSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** What a browser session keeps in its cookies. */
export interface SessionCookies {
  refreshToken: string;
  /** The session's mark (`sessionMark`). */
  mark: string;
}

/** Puts the refresh token and the mark into their cookies (sign-in and refresh: both live as long as a session). */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: SessionCookies,
): void {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  const partitioned = crossSite(request);
  reply.header('set-cookie', [
    `${REFRESH_COOKIE}=${cookies.refreshToken}; ${attributes(REFRESH_COOKIE_PATH, partitioned)}; Max-Age=${maxAge}`,
    `${MARK_COOKIE}=${cookies.mark}; ${attributes(MARK_COOKIE_PATH, partitioned)}; Max-Age=${maxAge}`,
  ]);
}

/** Clears both cookies, each in both forms (a partitioned cookie can only be cleared as partitioned). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const cleared = (name: string, path: string) => [
    `${name}=; ${attributes(path, false)}; Max-Age=0`,
    `${name}=; ${attributes(path, true)}; Max-Age=0`,
  ];
  reply.header('set-cookie', [
    ...cleared(REFRESH_COOKIE, REFRESH_COOKIE_PATH),
    ...cleared(MARK_COOKIE, MARK_COOKIE_PATH),
  ]);
}

/** The refresh token the cookie carries, or null. */
export function refreshCookie(request: FastifyRequest): string | null {
  return cookieValue(request.headers.cookie, REFRESH_COOKIE);
}

/** The session mark the cookie carries (unchecked), or null. */
export function markCookie(request: FastifyRequest): string | null {
  return cookieValue(request.headers.cookie, MARK_COOKIE);
}
