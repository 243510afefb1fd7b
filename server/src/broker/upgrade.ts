import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { clientAddress, type TrustProxy } from '../http/client-address';
import type { BrokerCore } from './broker';

/** STOMP subprotocols in preference order (what @stomp/stompjs offers). */
export const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;

/** Picks the best STOMP subprotocol offered; false accepts a client that offered none. */
export function pickSubprotocol(offered: Set<string>): string | false {
  return STOMP_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false;
}

interface UpgradeOptions {
  path: string;
  allowedOrigins: string[] | '*';
  wss: WebSocketServer;
  core: BrokerCore;
  /** Most sockets one client address may hold open; 0 for no limit. */
  maxPerAddress: number;
  /** Whether the address comes from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
}

/**
 * An `upgrade` listener for the broker path only; other paths are left to other listeners. A request
 * without an Origin header is not from a browser page, so the origin list does not apply to it.
 */
export function createUpgradeListener(options: UpgradeOptions) {
  const { path, allowedOrigins, wss, core, maxPerAddress, trustProxy } = options;
  const origins = allowedOrigins === '*' ? undefined : new Set(allowedOrigins.map(normalizeOrigin));
  return (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (pathOf(request.url ?? '') !== path) return;
    const refusalMs = core.refusalMs();
    const origin = request.headers.origin;
    if (refusalMs > 0) {
      core.counters.refusedUpgrades++;
      reject(socket, 503, 'Service Unavailable', `Retry-After: ${Math.ceil(refusalMs / 1000)}\r\n`);
    } else if (origins && origin !== undefined && !origins.has(normalizeOrigin(origin))) {
      core.counters.refusedUpgrades++;
      reject(socket, 403, 'Forbidden');
    } else if (
      maxPerAddress > 0 &&
      core.connectionsFrom(clientAddress(request, trustProxy)) >= maxPerAddress
    ) {
      core.counters.refusedUpgrades++;
      reject(socket, 429, 'Too Many Requests', '', `At most ${maxPerAddress} market sockets per address.`);
    } else {
      const address = clientAddress(request, trustProxy);
      wss.handleUpgrade(request, socket, head, (ws) => core.accept(ws, address));
    }
  };
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

function reject(socket: Duplex, status: number, text: string, extraHeaders = '', body = text): void {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}\r\n${body}`,
  );
}
