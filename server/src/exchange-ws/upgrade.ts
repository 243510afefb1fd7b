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

/** Who may open the operators' live socket, as the session cookie of the upgrade request says. */
export type OperatorAdmission<O> = { ok: true; operator: O } | { ok: false; status: 401 | 403 };

interface OperatorUpgradeOptions<O> {
  /** The socket's path (the query is ignored). */
  path: string;
  /** The configured public origin, if any; else the request's Host is the server's own (SO1). */
  publicOrigin: string | undefined;
  wss: WebSocketServer;
  accepting: () => boolean;
  maxPerAddress: number;
  trustProxy: TrustProxy;
  connectionsFrom: (address: string) => number;
  /** Reads the operator session of the upgrade request (its cookie). */
  admit: (request: IncomingMessage) => Promise<OperatorAdmission<O>>;
  accept: (ws: WebSocket, operator: O, address: string) => void;
  log: { error(obj: unknown, msg: string): void };
}

/**
 * Whether a browser page of `origin` is of this server: the configured public origin, else the same host as the
 * request's Host header (behind a TLS proxy the request cannot tell the scheme). No Origin: refused, since only
 * a browser page opens this socket and a browser always sends one.
 */
export function isOwnOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string | undefined,
): boolean {
  if (!origin) return false;
  if (publicOrigin) return normalizeOrigin(origin) === normalizeOrigin(publicOrigin);
  try {
    return host !== undefined && new URL(origin).host === host.trim().toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The `upgrade` listener of the operators' live socket: same-origin only (cross-site WebSocket hijacking), the
 * per-address limit of the exchange socket, then the operator's session cookie (HTTP 401 without a live one, 403
 * without the role); authenticated before the upgrade, since the cookie comes with the request.
 */
export function createOperatorUpgradeListener<O>(options: OperatorUpgradeOptions<O>) {
  const { path, wss, accepting, maxPerAddress, trustProxy, connectionsFrom, admit, accept, log } = options;
  return (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = request.url ?? '';
    const query = url.indexOf('?');
    if ((query === -1 ? url : url.slice(0, query)) !== path) return;
    const address = clientAddress(request, trustProxy);
    if (!accepting()) return reject(socket, 503, 'Service Unavailable');
    if (!isOwnOrigin(request.headers.origin, request.headers.host, options.publicOrigin)) {
      return reject(socket, 403, 'Forbidden');
    }
    if (maxPerAddress > 0 && connectionsFrom(address) >= maxPerAddress) {
      return reject(socket, 429, 'Too Many Requests', `At most ${maxPerAddress} sockets per address.`);
    }
    socket.on('error', () => socket.destroy());
    admit(request).then(
      (admission) => {
        if (socket.destroyed) return;
        if (!admission.ok) {
          return reject(socket, admission.status, admission.status === 401 ? 'Unauthorized' : 'Forbidden');
        }
        if (!accepting()) return reject(socket, 503, 'Service Unavailable');
        wss.handleUpgrade(request, socket, head, (ws) => accept(ws, admission.operator, address));
      },
      (error: unknown) => {
        log.error({ err: error }, 'operator socket admission failed');
        reject(socket, 503, 'Service Unavailable');
      },
    );
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
