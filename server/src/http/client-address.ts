import proxyaddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/**
 * Which proxies in front of the server are trusted to name the client (TRUST_PROXY): none (`false`: the
 * socket's peer is the client); the proxies at these addresses (a comma-separated list of addresses, CIDR
 * ranges or the names `loopback`, `linklocal`, `uniquelocal`: from the peer outwards, X-Forwarded-For entries
 * are followed while they come from a trusted proxy, so a client cannot write its own address); or every hop
 * (`true`: the leftmost X-Forwarded-For entry, which the client itself writes unless the proxy replaces the
 * header).
 */
export type TrustProxy = boolean | string;

/** The entries of a TRUST_PROXY address list. */
export const trustedProxies = (list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Throws unless `list` is a valid TRUST_PROXY address list. */
export function checkTrustedProxies(list: string): void {
  const entries = trustedProxies(list);
  if (entries.length === 0) throw new Error('no address');
  proxyaddr.compile(entries);
}

const compiled = new Map<string, (address: string, hop: number) => boolean>();

/**
 * The client address of a raw request (a WebSocket upgrade, which Fastify never sees), by the rule of
 * Fastify's `request.ip` for the same `trustProxy` (the same proxy-addr walk), so limits keyed on it count the
 * same address as the HTTP limits do.
 */
export function clientAddress(request: IncomingMessage, trustProxy: TrustProxy): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustProxy === false) return peer;
  if (trustProxy === true) {
    const header = request.headers['x-forwarded-for'];
    const first = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')[0]?.trim();
    return first || peer;
  }
  let trust = compiled.get(trustProxy);
  if (!trust) {
    trust = proxyaddr.compile(trustedProxies(trustProxy));
    compiled.set(trustProxy, trust);
  }
  return proxyaddr(request, trust);
}

/** Open sockets per client address, each counted from its upgrade until its close event. */
export class AddressCounts {
  private readonly counts = new Map<string, number>();

  /** Sockets open from `address`. */
  of(address: string): number {
    return this.counts.get(address) ?? 0;
  }

  /** Counts `ws` for `address` until it closes. */
  track(ws: { once(event: 'close', listener: () => void): unknown }, address: string): void {
    this.counts.set(address, this.of(address) + 1);
    ws.once('close', () => {
      const left = this.of(address) - 1;
      if (left > 0) this.counts.set(address, left);
      else this.counts.delete(address);
    });
  }
}
