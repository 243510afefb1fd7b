import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { AddressCounts } from '../http/client-address';
import { encodeMessage } from './frame';
import { Session, type SessionHost, type Subscription } from './session';
import { SnapshotRegistry } from './snapshots';
import type { Broker, BrokerSettings, BrokerStats, SnapshotProvider } from './types';

const SWEEP_MS = 50;
const SHUTDOWN_GRACE_MS = 1000;
const CLOSE_GOING_AWAY = 1001;
// A socket this far above the limit is dropped at once: held frames no longer bound its memory.
const HARD_LIMIT_FACTOR = 8;

type Counters = Omit<BrokerStats, 'connections' | 'subscriptions' | 'destinations'>;

/** Sessions, the destination index and fan-out; the Fastify plugin only wires sockets to it. */
export class BrokerCore implements SessionHost {
  readonly counters: Counters = {
    published: 0,
    delivered: 0,
    encoded: 0,
    conflated: 0,
    slowConsumersDisconnected: 0,
    refusedUpgrades: 0,
  };
  private readonly sessions = new Set<Session>();
  /** Every upgraded socket until its close event, including ones already closing after an ERROR. */
  private readonly sockets = new Set<WebSocket>();
  private readonly perAddress = new AddressCounts();
  private readonly index = new Map<string, Set<Subscription>>();
  private readonly snapshots = new SnapshotRegistry();
  private readonly congestedSessions = new Set<Session>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private refuseUntil = 0;
  private messageSeq = 0;
  private subscriptionCount = 0;
  private closing = false;

  constructor(readonly settings: BrokerSettings) {}

  /** The public face decorated as `app.broker`. */
  api(): Broker {
    return {
      publish: (destination, body) => this.publish(destination, body),
      hasSubscribers: (destination) => this.index.has(destination),
      setSnapshot: (pattern, provider) => this.setSnapshot(pattern, provider),
      stats: () => this.stats(),
      dropAll: (refuseMs) => this.dropAll(refuseMs),
    };
  }

  /** Adopts an upgraded socket of a client at `address`. */
  accept(ws: WebSocket, address: string): Session {
    this.sockets.add(ws);
    this.perAddress.track(ws, address);
    ws.once('close', () => this.sockets.delete(ws));
    const session = new Session(ws, this, randomUUID());
    this.sessions.add(session);
    return session;
  }

  /** Sockets open from `address` (closing ones included until they are gone). */
  connectionsFrom(address: string): number {
    return this.perAddress.of(address);
  }

  /** How much longer new upgrades are answered 503 (after `dropAll` or during shutdown); 0 when open. */
  refusalMs(): number {
    if (this.closing) return SHUTDOWN_GRACE_MS;
    return Math.max(0, this.refuseUntil - Date.now());
  }

  /** Encodes once per subscription id, then hands the same Buffer to every subscriber. */
  publish(destination: string, body: string): void {
    this.counters.published++;
    const subscriptions = this.index.get(destination);
    if (!subscriptions) return;
    const bytes = Buffer.from(body, 'utf8');
    const messageId = String(++this.messageSeq);
    let header: string | undefined;
    let frame: Buffer | undefined;
    let others: Map<string, Buffer> | undefined;
    for (const subscription of subscriptions) {
      if (subscription.header !== header || !frame) {
        if (frame && header !== undefined) (others ??= new Map()).set(header, frame);
        header = subscription.header;
        frame = others?.get(header) ?? this.encode(destination, header, messageId, bytes);
      }
      subscription.session.deliver(subscription, frame);
    }
  }

  setSnapshot(pattern: string, provider: SnapshotProvider | undefined): void {
    this.snapshots.set(pattern, provider);
  }

  snapshotFrame({ destination, header }: Subscription): Buffer | undefined {
    const provider = this.snapshots.find(destination);
    if (!provider) return undefined;
    try {
      const body = provider(destination);
      if (body === undefined) return undefined;
      return encodeMessage(destination, header, String(++this.messageSeq), Buffer.from(body, 'utf8'));
    } catch (err) {
      this.settings.log.error({ err, destination }, 'snapshot provider failed');
      return undefined;
    }
  }

  subscribe(subscription: Subscription): void {
    let set = this.index.get(subscription.destination);
    if (!set) this.index.set(subscription.destination, (set = new Set()));
    set.add(subscription);
    this.subscriptionCount++;
  }

  unsubscribe(subscription: Subscription): void {
    const set = this.index.get(subscription.destination);
    if (!set?.delete(subscription)) return;
    this.subscriptionCount--;
    if (set.size === 0) this.index.delete(subscription.destination);
  }

  congested(session: Session): void {
    this.congestedSessions.add(session);
    this.sweepTimer ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  ended(session: Session): void {
    this.sessions.delete(session);
    this.congestedSessions.delete(session);
  }

  stats(): BrokerStats {
    return {
      connections: this.sessions.size,
      subscriptions: this.subscriptionCount,
      destinations: this.index.size,
      ...this.counters,
    };
  }

  /** Drops every socket (TCP destroy, the client sees 1006) and refuses upgrades for `refuseMs`. */
  dropAll(refuseMs = 0): number {
    this.refuseUntil = Date.now() + refuseMs;
    const dropped = this.sessions.size;
    for (const session of [...this.sessions]) session.terminate();
    return dropped;
  }

  /** Closes every socket with 1001 (terminating those that do not finish within a grace period). */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    for (const session of [...this.sessions]) session.close(CLOSE_GOING_AWAY, 'server shutting down');
    const closed = [...this.sockets].map((ws) => new Promise((resolve) => ws.once('close', resolve)));
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([Promise.all(closed), grace]);
    clearTimeout(timer);
    for (const ws of this.sockets) ws.terminate();
  }

  private encode(destination: string, header: string, messageId: string, body: Buffer): Buffer {
    this.counters.encoded++;
    return encodeMessage(destination, header, messageId, body);
  }

  /** Flushes drained slow sockets; drops those stuck above the limit for `slowConsumerMs`. */
  private sweep(): void {
    const now = Date.now();
    const { maxBufferedBytes, slowConsumerMs, log } = this.settings;
    for (const session of this.congestedSessions) {
      const { outbox } = session;
      if (outbox.flush(now)) {
        this.congestedSessions.delete(session);
      } else if (
        outbox.buffered > HARD_LIMIT_FACTOR * maxBufferedBytes ||
        now - outbox.lastDrainedAt > slowConsumerMs
      ) {
        this.counters.slowConsumersDisconnected++;
        log.warn({ session: session.id, buffered: outbox.buffered }, 'slow market consumer disconnected');
        session.terminate();
      }
    }
    if (this.congestedSessions.size === 0) {
      clearInterval(this.sweepTimer);
      this.sweepTimer = undefined;
    }
  }
}
