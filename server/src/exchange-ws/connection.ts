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
  type ExchangeResyncMessage,
  type ExchangeSkippedMessage,
} from '../../../src/core/contract/trading';
import type { AuthService } from '../auth';
import type { OrderChange, TradingService } from '../trading';
import type { Journal, JournalEntry, JournalFrame, JournalSettings } from './journal';
import { SocketLife } from './socket-life';
import { authOf, tokenExpiryMs } from './token';

/** Timing and limits of the exchange sockets (tests shorten the times). */
export interface ExchangeWsSettings extends JournalSettings {
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
  /** The user's event journal (RP1). */
  journal: Pick<Journal, 'replay'>;
  /** A socket replayed its events or was told to resync: the user's unread count is pushed again after them. */
  replayed(userId: string): void;
}

type OrderEvent = NonNullable<OrderChange['event']>;

/** Something to send, in order: an event of the journal (with `seq`) or a message of the moment (without). */
interface Outgoing {
  seq?: number;
  virtual: boolean | null;
  frame: JournalFrame | ExchangeResyncMessage;
}

/** Frames a socket may hold unsent; beyond, it is closed with 4408 and replays from the journal (RP2). */
const MAX_QUEUED = 1000;
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
  /** Frames to send, in order (pushes of the lists ride here when they carry an event). */
  private readonly outbox: Outgoing[] = [];
  /** The last event number queued for this socket; null until the first (no `since`, nothing yet). */
  private queuedSeq: number | null = null;
  /** Events heard live while the journal is read: sent after the replay, those it brought skipped. */
  private held: JournalEntry[] | null = null;
  /** Another read of the journal is owed once the one under way ends (`catchUp` during a read). */
  private again = false;
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

  /**
   * The account changed: push now. With an event the journal could not take (the database failed), the event
   * rides on the lists without a number, as before the journal.
   */
  change(event?: OrderEvent): void {
    if (!this.opened || this.closed) return;
    if (event) return this.enqueue({ virtual: this.virtual, frame: { ordertype: 'orderEvent', event } });
    this.dirty = true;
    void this.kick();
  }

  /**
   * An event of the user's journal: queued in the order of its number, once (a number already queued is
   * skipped); held while this socket's replay reads the journal.
   */
  deliver(entry: JournalEntry): void {
    if (!this.opened || this.closed) return;
    if (this.held) return void this.held.push(entry);
    if (this.queuedSeq !== null && entry.seq <= this.queuedSeq) return;
    if (this.queuedSeq !== null && entry.seq > this.queuedSeq + 1) {
      // A number came before the ones under it (another process wrote those, and its message is slower, or
      // lost): they are committed, so the journal has them. Read them, this one held until they are queued.
      this.held = [entry];
      return this.fill(this.queuedSeq);
    }
    this.queuedSeq = entry.seq;
    this.enqueue(entry);
  }

  /** The last event number queued for this socket (null before its first replay). */
  lastQueued(): number | null {
    return this.queuedSeq;
  }

  /**
   * Reads the journal after the last number queued, as a reconnect would: another process wrote events whose
   * entries did not come whole (too big for the bus), or the bus was cut and its messages of the gap are lost.
   */
  catchUp(): void {
    if (!this.opened || this.closed) return;
    // A read is under way: it may have begun before the newest commit, so one more follows it.
    if (this.held) return void (this.again = true);
    if (this.queuedSeq === null) return;
    this.held = [];
    this.fill(this.queuedSeq);
  }

  private fill(since: number): void {
    this.replay(since).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'exchange journal read failed');
      this.end(1011, 'internal error');
    });
  }

  /** Settled options the journal could not take: sent without a number to this account's sockets. */
  optionsSettled(message: ExchangeOptionSettledMessage): void {
    if (!this.opened || this.closed || message.virtual !== this.virtual) return;
    this.enqueue({ virtual: message.virtual, frame: message });
  }

  /** A price of one of the account's symbols moved: push at most once per `conflateMs`. */
  price(): void {
    if (!this.opened || this.closed || this.dirty || this.timers.has('price')) return;
    const wait = this.lastPushAt + this.deps.settings.conflateMs - Date.now();
    if (wait <= 0) return this.change();
    this.timer('price', wait, () => this.change());
  }

  /** The user's unread notification count changed (sent in turn, after the events queued before it). */
  notify(message: ExchangeNotificationMessage): void {
    if (!this.opened || this.closed) return;
    this.enqueue({ virtual: null, frame: message });
  }

  /** A support change the journal could not take (sent without a number; the chat re-fetches after a reconnect). */
  support(message: ExchangeSupportMessage): void {
    if (!this.opened || this.closed) return;
    this.enqueue({ virtual: null, frame: message });
  }

  private enqueue(item: Outgoing): void {
    if (this.outbox.length >= MAX_QUEUED) {
      // Nothing is lost: the client connects again with its last number and the journal has the rest.
      return this.end(ExchangeClose.behind, 'too far behind');
    }
    this.outbox.push(item);
    void this.kick();
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
    const auth = authOf(data, isBinary);
    if (auth === null) {
      if (!this.opened)
        this.end(ExchangeClose.unauthorized, 'the first message must be { "token", "since"? }');
      return;
    }
    this.checking = true;
    try {
      await this.authenticate(auth.token, auth.since);
    } catch (error) {
      this.deps.log.error({ err: error }, 'exchange socket authentication failed');
      this.end(1011, 'internal error');
    } finally {
      this.checking = false;
    }
  }

  /**
   * The first token opens the socket (and `since` replays the journal after it); a later one (a refreshed
   * token) must be for the same account, and its `since` is ignored.
   */
  private async authenticate(token: string, since: number | null): Promise<void> {
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
    // Live events are held from the moment the socket is attached, before the journal is read: an event
    // committed meanwhile is in the replay, in the held ones, or in both, and is sent once (RP3).
    this.held = [];
    this.deps.hub.attach(this);
    this.recheck = setInterval(() => void this.heartbeat(), this.deps.settings.recheckMs);
    this.recheck.unref();
    // What lets the browser see a dead link (it cannot see pings): a frame every beat, whatever else is sent.
    this.beat = setInterval(() => this.sendFrame(EXCHANGE_HEARTBEAT_FRAME), this.deps.settings.heartbeatMs);
    this.beat.unref();
    this.change();
    await this.replay(since);
  }

  /**
   * Queues the journal's events after `since`, then those heard meanwhile, each once and in order. Without
   * `since` (the page's first socket) the answer is `resync` with the last number: the series goes on from it,
   * or from just before the first event heard live meanwhile (RP3).
   */
  private async replay(since: number | null): Promise<void> {
    const replay = await this.deps.journal.replay(this.userId, since);
    if (this.closed) return;
    const held = (this.held ?? []).sort((a, b) => a.seq - b.seq);
    this.held = null;
    if (replay.resync) {
      // The events heard live since the socket was attached go out after the mark, even one the head read
      // already counts (committed while it was read): the mark goes back to just before the first of them.
      const from = Math.min(replay.head, (held[0]?.seq ?? Number.POSITIVE_INFINITY) - 1);
      this.queuedSeq = from;
      this.enqueue({ virtual: null, frame: { ordertype: 'resync', seq: from } });
    } else {
      this.queuedSeq = since ?? 0;
      for (const entry of replay.entries) this.deliver(entry);
    }
    for (const entry of held) this.deliver(entry);
    if (since !== null && (replay.resync || replay.entries.length > 0)) this.deps.replayed(this.userId);
    if (this.again) {
      this.again = false;
      this.catchUp();
    }
  }

  /** Drops a peer that did not answer the last ping, and ends the socket when its session has ended. */
  private async heartbeat(): Promise<void> {
    if (this.ping()) await this.checkSession();
  }

  /** Ends the socket when its session has ended (also after a bus cut, whose revocations were missed). */
  async checkSession(): Promise<void> {
    if (!this.opened || this.closed) return;
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
      while (!this.closed && (this.dirty || this.outbox.length > 0)) {
        // A slow reader gets the state of when it has caught up, not every state in between.
        if (this.ws.bufferedAmount > this.deps.settings.maxBufferedBytes) {
          this.timer('retry', this.deps.settings.conflateMs, () => void this.kick());
          break;
        }
        const next = this.outbox.shift();
        if (next && !this.sendOutgoing(next)) continue;
        this.dirty = false;
        await this.push(next?.frame.ordertype === 'orderEvent' ? next.frame.event : undefined, next?.seq);
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'exchange socket push failed');
      this.end(1011, 'internal error');
    } finally {
      this.pushing = false;
    }
  }

  /**
   * Sends one queued frame; true when it is an event of this account's orders, which rides on the lists. An
   * event of the user's other account goes as its number only, so this socket's series has no gap (RP1).
   */
  private sendOutgoing({ seq, virtual, frame }: Outgoing): boolean {
    if (virtual !== null && virtual !== this.virtual) {
      if (seq !== undefined) this.sendJson({ ordertype: 'skipped', seq } satisfies ExchangeSkippedMessage);
      return false;
    }
    if (frame.ordertype === 'orderEvent') return true;
    this.sendJson(seq === undefined || frame.ordertype === 'resync' ? frame : { ...frame, seq });
    return false;
  }

  private async push(event: OrderEvent | undefined, seq?: number): Promise<void> {
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
    const marked = seq === undefined ? { event } : { event, seq };
    this.send(event && !onPending ? { ...snapshot.hold, ...marked } : snapshot.hold);
    this.send(event && onPending ? { ...snapshot.pending, ...marked } : snapshot.pending);
    this.deps.hub.reindex(this, trading.symbolsOf(this.userId, this.virtual));
  }

  private send(
    message:
      | ExchangeOrderMessage
      | ExchangeNotificationMessage
      | ExchangeOptionSettledMessage
      | ExchangeSupportMessage
      | ExchangeResyncMessage,
  ): void {
    this.sendJson(message);
  }
}
