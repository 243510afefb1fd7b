import type WebSocket from 'ws';
import type { RawData } from 'ws';
import { SocketLife } from './socket-life';
import { ExchangeClose } from '../../../src/core/contract/trading';
import type { ExchangeSupportMessage, ExchangeSupportReady } from '../../../src/core/contract/support';
import type { ExchangeWsSettings } from './connection';

/** What a visitor's socket needs: ticket redemption and the hub's visitor index. */
export interface VisitorConnectionDeps {
  redeem(ticket: string): Promise<string | null>;
  hub: {
    attachVisitor(connection: VisitorConnection): void;
    detachVisitor(connection: VisitorConnection): void;
  };
  settings: Pick<ExchangeWsSettings, 'authTimeoutMs' | 'recheckMs' | 'maxBufferedBytes'>;
  log: { debug(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

const MAX_TICKET_LENGTH = 128;

/** The ticket of a `{ "ticket": "…" }` text message, or null. */
function ticketOf(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;
  try {
    const value = JSON.parse(bytes.toString('utf8')) as { ticket?: unknown } | null;
    const ticket = value?.ticket;
    return typeof ticket === 'string' && ticket.length > 0 && ticket.length <= MAX_TICKET_LENGTH
      ? ticket
      : null;
  } catch {
    return null;
  }
}

/**
 * A visitor's live support channel on `/exchange-ws/support-visitor`: the first message is `{ "ticket" }` (a
 * one-time ticket the visitor's cookie fetched); after it the socket carries that visitor's `support` messages
 * and nothing else (no account, no orders). A wrong, used or expired ticket closes it with 4401.
 */
export class VisitorConnection extends SocketLife {
  visitorId = '';
  private opened = false;
  private authTimer: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    ws: WebSocket,
    private readonly deps: VisitorConnectionDeps,
  ) {
    super(ws, deps.log, 'visitor');
    this.authTimer = setTimeout(
      () => this.end(ExchangeClose.unauthorized, 'no ticket'),
      deps.settings.authTimeoutMs,
    );
    this.authTimer.unref();
    ws.on('message', (data, isBinary) => void this.onMessage(data, isBinary));
  }

  /** A support change of this visitor's conversation (sent as is; a client that missed it re-fetches). */
  support(message: ExchangeSupportMessage): void {
    if (!this.opened || this.closed) return;
    if (this.ws.bufferedAmount > this.deps.settings.maxBufferedBytes) return;
    this.sendJson(message);
  }

  protected release(): void {
    clearTimeout(this.authTimer);
    clearInterval(this.recheck);
    if (this.opened) this.deps.hub.detachVisitor(this);
  }

  private async onMessage(data: RawData, isBinary: boolean): Promise<void> {
    if (this.closed || this.opened) return;
    const ticket = ticketOf(data, isBinary);
    if (ticket === null)
      return this.end(ExchangeClose.unauthorized, 'the first message must be { "ticket" }');
    let visitorId: string | null;
    try {
      visitorId = await this.deps.redeem(ticket);
    } catch (error) {
      this.deps.log.error({ err: error }, 'visitor ticket check failed');
      return this.end(1011, 'internal error');
    }
    if (this.closed) return;
    if (!visitorId) return this.end(ExchangeClose.unauthorized, 'unauthorized');
    clearTimeout(this.authTimer);
    this.visitorId = visitorId;
    this.opened = true;
    this.deps.hub.attachVisitor(this);
    this.recheck = setInterval(() => this.ping(), this.deps.settings.recheckMs);
    this.recheck.unref();
    // The client learns the channel is live (and re-fetches what it may have missed meanwhile).
    const ready: ExchangeSupportReady = { ordertype: 'supportReady' };
    this.sendJson(ready);
  }
}
