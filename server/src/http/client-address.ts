import type { IncomingMessage } from 'node:http';

/**
 * The client address of a raw request (a WebSocket upgrade, which Fastify never sees), by the rule of
 * `request.ip`: the socket's peer, or with `trustProxy` (TRUST_PROXY=1, every hop trusted) the first
 * X-Forwarded-For entry. Limits keyed on it count the same address as the HTTP limits do.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')[0]?.trim();
  return forwarded || peer;
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
