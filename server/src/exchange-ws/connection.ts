import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { RawData } from 'ws';
import type { ExchangeNotificationMessage } from '../../../src/core/contract/notifications';
import type { ExchangeOptionSettledMessage } from '../../../src/core/contract/options';
import type { ExchangeSupportMessage } from '../../../src/core/contract/support';
import {
  EXCHANGE_HEARTBEAT_FRAME,
  ExchangeClose,
  type ExchangeOrderMessage,
} from '../../../src/core/contract/trading';
import type { AuthService } from '../auth';
import type { OrderChange, TradingService } from '../trading';
import { SocketLife } from './socket-life';
import { tokenExpiryMs, tokenOf } from './token';

/** Timing and limits of the exchange sockets (tests shorten the times). */
export interface ExchangeWsSettings {
  /** The first message must bring a token within this time (else 4401). */
  authTimeoutMs: number;
  /** At most one price-driven push per socket per this period. */
  conflateMs: number;
  /** The session is checked again (and the peer pinged) this often. */
  recheckMs: number;
  /** A signed-in socket gets the heart-beat frame this often (EXCHANGE_HEARTBEAT_MS). */
  heartbeatMs: number;
  /** A push waits while the socket holds more than this unsent. */
  maxBufferedBytes: number;
  /** Sockets one user may hold; the oldest is closed with 4409 beyond. */
  maxSocketsPerUser: number;
}

/** What a connection tells the hub that indexes it. */
export interface ConnectionHub {
  attach(connection: ExchangeConnection): void;
  detach(connection: ExchangeConnection): void;
  rebind(connection: ExchangeConnection, previousSessionId: string): void;
  reindex(connection: ExchangeConnection, symbols: ReadonlySet<string>): void;
}

/** What a connection needs of the server. */
export interface ConnectionDeps {
  auth: Pick<AuthService, 'checkToken' | 'now'>;
  trading: TradingService;
  settings: ExchangeWsSettings;
  hub: ConnectionHub;
  log: FastifyBaseLogger;
}

type OrderEvent = NonNullable<OrderChange['event']>;

const MAX_QUEUED_EVENTS = 64;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One exchange socket: waits for `{ "token" }`, then pushes the owner's open and pending orders on every
 * change of the account and, conflated, on price moves. Pushes run one at a time; a change that arrives
 * meanwhile makes one more push with the state of that moment. Every push re-checks the session first.
 */
export class ExchangeConnection extends SocketLife {
  userId = '';
  virtual = false;
  sessionId = '';
  private token = '';
  private opened = false;
  private checking = false;
  private dirty = false;
  private pushing = false;
  private lastPushAt = Number.NEGATIVE_INFINITY;
  private readonly events: OrderEvent[] = [];
  private readonly timers = new Map<'auth' | 'price' | 'retry' | 'expiry', NodeJS.Timeout>();
  private recheck: NodeJS.Timeout | undefined;
  private beat: NodeJS.Timeout | undefined;

  constructor(
    ws: WebSocket,
    /** The uid in the socket's path. */
    readonly accountId: string,
    private readonly deps: ConnectionDeps,
  ) {
    super(ws, deps.log, 'exchange');
    this.timer('auth', deps.settings.authTimeoutMs, () => this.end(ExchangeClose.unauthorized, 'no token'));
    ws.on('message', (data, isBinary) => void this.onMessage(data, isBinary));
  }

  /** The account changed: push now (with the event, if the server acted on its own). */
  change(event?: OrderEvent): void {
    if (!this.opened || this.closed) return;
    if (event && this.events.length < MAX_QUEUED_EVENTS) this.events.push(event);
    this.dirty = true;
    void this.kick();
  }

  /**
   * Options of this socket's account were settled: sent at once, as they are (a small message that never
   * repeats; a socket that cannot take it now loses it, and its client polls for the result instead).
   */
  optionsSettled(message: ExchangeOptionSettledMessage): void {
    if (!this.opened || this.closed || message.virtual !== this.virtual) return;
    if (this.ws.bufferedAmount > this.deps.settings.maxBufferedBytes) return;
    this.send(message);
  }

  /** A price of one of the account's symbols moved: push at most once per `conflateMs`. */
  price(): void {
    if (!this.opened || this.closed || this.dirty || this.timers.has('price')) return;
    const wait = this.lastPushAt + this.deps.settings.conflateMs - Date.now();
    if (wait <= 0) return this.change();
    this.timer('price', wait, () => this.change());
  }

  /** The user's unread notification count changed (a small message, sent as is). */
  notify(message: ExchangeNotificationMessage): void {
    if (!this.opened || this.closed) return;
    this.send(message);
  }

  /** A support change of the user's conversation (a small message, sent as is; after a reconnect the client
   * re-fetches the conversation after its last id, so a message this socket could not take is not lost). */
  support(message: ExchangeSupportMessage): void {
    if (!this.opened || this.closed) return;
    this.send(message);
  }

  protected release(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    clearInterval(this.recheck);
    clearInterval(this.beat);
    if (this.opened) this.deps.hub.detach(this);
  }

  private timer(name: 'auth' | 'price' | 'retry' | 'expiry', ms: number, fn: () => void): void {
    clearTimeout(this.timers.get(name));
    const timer = setTimeout(
      () => {
        this.timers.delete(name);
        fn();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.set(name, timer);
  }

  private async onMessage(data: RawData, isBinary: boolean): Promise<void> {
    if (this.closed || this.checking) return;
    const token = tokenOf(data, isBinary);
    if (token === null) {
      if (!this.opened) this.end(ExchangeClose.unauthorized, 'the first message must be { "token" }');
      return;
    }
    this.checking = true;
    try {
      await this.authenticate(token);
    } catch (error) {
      this.deps.log.error({ err: error }, 'exchange socket authentication failed');
      this.end(1011, 'internal error');
    } finally {
      this.checking = false;
    }
  }

  /** The first token opens the socket; a later one (a refreshed token) must be for the same account. */
  private async authenticate(token: string): Promise<void> {
    const check = await this.deps.auth.checkToken(token);
    if (this.closed) return;
    if (!check.ok || check.auth.uid !== this.accountId)
      return this.end(ExchangeClose.unauthorized, 'unauthorized');
    const { auth } = check;
    if (this.opened && (auth.userId !== this.userId || auth.virtual !== this.virtual)) {
      return this.end(ExchangeClose.unauthorized, 'a token of another account');
    }
    const previousSessionId = this.sessionId;
    this.token = token;
    this.sessionId = auth.sessionId;
    this.timer('expiry', (tokenExpiryMs(token) ?? 0) - this.deps.auth.now(), () =>
      this.end(ExchangeClose.sessionEnded, 'token expired'),
    );
    if (this.opened) return this.deps.hub.rebind(this, previousSessionId);
    clearTimeout(this.timers.get('auth'));
    this.timers.delete('auth');
    this.userId = auth.userId;
    this.virtual = auth.virtual;
    this.opened = true;
    this.deps.hub.attach(this);
    this.recheck = setInterval(() => void this.heartbeat(), this.deps.settings.recheckMs);
    this.recheck.unref();
    // What lets the browser see a dead link (it cannot see pings): a frame every beat, whatever else is sent.
    this.beat = setInterval(() => this.sendFrame(EXCHANGE_HEARTBEAT_FRAME), this.deps.settings.heartbeatMs);
    this.beat.unref();
    this.change();
  }

  /** Drops a peer that did not answer the last ping, and ends the socket when its session has ended. */
  private async heartbeat(): Promise<void> {
    if (!this.ping()) return;
    if (!(await this.sessionLive())) this.end(ExchangeClose.sessionEnded, 'session ended');
  }

  private async sessionLive(): Promise<boolean> {
    const check = await this.deps.auth.checkToken(this.token);
    return check.ok && check.auth.sessionId === this.sessionId && check.auth.userId === this.userId;
  }

  private async kick(): Promise<void> {
    if (this.pushing || this.closed) return;
    this.pushing = true;
    try {
      while (!this.closed && (this.dirty || this.events.length > 0)) {
        // A slow reader gets the state of when it has caught up, not every state in between.
        if (this.ws.bufferedAmount > this.deps.settings.maxBufferedBytes) {
          this.timer('retry', this.deps.settings.conflateMs, () => void this.kick());
          break;
        }
        this.dirty = false;
        await this.push(this.events.shift());
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'exchange socket push failed');
      this.end(1011, 'internal error');
    } finally {
      this.pushing = false;
    }
  }

  private async push(event: OrderEvent | undefined): Promise<void> {
    this.lastPushAt = Date.now();
    if (!(await this.sessionLive())) return this.end(ExchangeClose.sessionEnded, 'session ended');
    const { trading } = this.deps;
    const snapshot = await trading.snapshot(this.userId, this.virtual);
    if (this.closed) return;
    if (snapshot.hold.virtual !== this.virtual || snapshot.pending.virtual !== this.virtual) {
      throw new Error('the snapshot is of the other account');
    }
    // The event rides on the one list it concerns, so a client shows it once.
    const onPending = event?.kind === 'cancelled' || event?.kind === 'failed';
    this.send(event && !onPending ? { ...snapshot.hold, event } : snapshot.hold);
    this.send(event && onPending ? { ...snapshot.pending, event } : snapshot.pending);
    this.deps.hub.reindex(this, trading.symbolsOf(this.userId, this.virtual));
  }

  private send(
    message:
      | ExchangeOrderMessage
      | ExchangeNotificationMessage
      | ExchangeOptionSettledMessage
      | ExchangeSupportMessage,
  ): void {
    this.sendJson(message);
  }
}
