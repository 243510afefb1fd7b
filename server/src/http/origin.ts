import type { FastifyRequest } from 'fastify';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The origin clients reach this server on: the configured public origin, else the request's protocol and
 * Host header (X-Forwarded-* only when trustProxy is on). A malformed Host falls back to localhost so that
 * a forged header cannot inject text into the URLs we hand out.
 */
export function requestOrigin(request: FastifyRequest, publicOrigin?: string): string {
  if (publicOrigin) return publicOrigin;
  const host = HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** The WebSocket origin (`ws:` / `wss:`) that matches an http(s) origin. */
export function toWsOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/** Makes a root-relative URL (`/brand-assets/…`) absolute on `origin`; absolute URLs pass unchanged. */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

/** Normalises a configured origin (`https://x.example/` → `https://x.example`); throws when it is not one. */
export function parseOrigin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`not an http(s) origin: ${value}`);
  return url.origin;
}
