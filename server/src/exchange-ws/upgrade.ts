import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { clientAddress, type TrustProxy } from '../http/client-address';

/** Path prefix of the exchange socket; the rest of the path is the account's public uid. */
export const EXCHANGE_WS_PREFIX = '/exchange-ws/';

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The account id of an `/exchange-ws/{id}` URL (query ignored), or null for any other path. */
export function accountIdOf(url: string): string | null {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(EXCHANGE_WS_PREFIX)) return null;
  const id = path.slice(EXCHANGE_WS_PREFIX.length);
  return ACCOUNT_ID.test(id) ? id : null;
}

interface UpgradeOptions {
  allowedOrigins: readonly string[] | '*';
  wss: WebSocketServer;
  /** False while the server closes: the upgrade is refused with 503. */
  accepting: () => boolean;
  /** Most sockets one client address may hold open; 0 for no limit. */
  maxPerAddress: number;
  /** Whether the address comes from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
  connectionsFrom: (address: string) => number;
  accept: (ws: WebSocket, accountId: string, address: string) => void;
}

const normalizeOrigin = (origin: string) => origin.trim().replace(/\/+$/, '').toLowerCase();

/**
 * An `upgrade` listener for `/exchange-ws/{id}` only (other paths are left to other listeners, such as the
 * market broker's). A request without an Origin header is not from a browser page, so the origin list does
 * not apply to it. The token is checked after the upgrade, in the first message, so it never sits in a URL.
 */
export function createUpgradeListener(options: UpgradeOptions) {
  const { allowedOrigins, wss, accepting, accept, maxPerAddress, trustProxy, connectionsFrom } = options;
  const origins = allowedOrigins === '*' ? undefined : new Set(allowedOrigins.map(normalizeOrigin));
  return (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = request.url ?? '';
    if (!url.startsWith(EXCHANGE_WS_PREFIX)) return;
    const accountId = accountIdOf(url);
    const origin = request.headers.origin;
    if (!accountId) reject(socket, 404, 'Not Found');
    else if (!accepting()) reject(socket, 503, 'Service Unavailable');
    else if (origins && origin !== undefined && !origins.has(normalizeOrigin(origin))) {
      reject(socket, 403, 'Forbidden');
    } else if (maxPerAddress > 0 && connectionsFrom(clientAddress(request, trustProxy)) >= maxPerAddress) {
      reject(socket, 429, 'Too Many Requests', `At most ${maxPerAddress} account sockets per address.`);
    } else {
      const address = clientAddress(request, trustProxy);
      wss.handleUpgrade(request, socket, head, (ws) => accept(ws, accountId, address));
    }
  };
}

function reject(socket: Duplex, status: number, text: string, body = text): void {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
