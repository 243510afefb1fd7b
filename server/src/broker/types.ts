import type { FastifyBaseLogger } from 'fastify';
import type { TrustProxy } from '../http/client-address';

/** What a new subscriber of a destination receives right after SUBSCRIBE; undefined sends nothing. */
export type SnapshotProvider = (destination: string) => string | undefined;

/** Counters of the market broker since start. */
export interface BrokerStats {
  /** Open STOMP sockets (connected or still negotiating). */
  connections: number;
  /** Live subscriptions over all sockets. */
  subscriptions: number;
  /** Destinations with at least one subscriber. */
  destinations: number;
  /** `publish` calls. */
  published: number;
  /** MESSAGE frames handed to sockets (snapshots included). */
  delivered: number;
  /** MESSAGE frames encoded by `publish` (one per destination and subscription id per publish). */
  encoded: number;
  /** Frames a slow consumer never got because a newer frame of the same subscription replaced them. */
  conflated: number;
  /** Sockets closed because they stayed above the buffer limit too long. */
  slowConsumersDisconnected: number;
  /** Upgrade requests answered 403, 429 or 503. */
  refusedUpgrades: number;
}

/** The in-process STOMP broker that the market module publishes through (`app.broker`). */
export interface Broker {
  /** Sends `body` (JSON text) to every subscriber of `destination`; never blocks on a slow socket. */
  publish(destination: string, body: string): void;
  /** Whether anybody is subscribed to `destination` now (lets publishers skip work nobody reads). */
  hasSubscribers(destination: string): boolean;
  /**
   * Registers what a new subscriber receives right after SUBSCRIBE. `pattern` is an exact destination
   * or a prefix ending in `*` (`/topic/price.*`); the provider gets the concrete destination. An exact
   * registration beats a prefix one, a longer prefix beats a shorter one; `undefined` removes it.
   */
  setSnapshot(pattern: string, provider: SnapshotProvider | undefined): void;
  /** Counters for monitoring and tests. */
  stats(): BrokerStats;
  /** Drops every socket at the TCP level and refuses upgrades with HTTP 503 for `refuseMs`; returns how many. */
  dropAll(refuseMs?: number): number;
  /** The link to an external broker (RabbitMQ mode, RQ2); absent for the embedded broker. */
  link?: () => BrokerLink;
}

/** State of the server's link to RabbitMQ (the health report's `broker.link`). */
export interface BrokerLink {
  kind: 'rabbitmq';
  /** Where the server publishes, without credentials. */
  url: string;
  /** Connected and subscribed to the binding events. */
  connected: boolean;
  /** Times the link came back after a loss since start. */
  reconnects: number;
  /** Why the link last failed (null once it is up again). */
  error: string | null;
}

/** Options of the broker plugin. */
export interface BrokerPluginOptions {
  /** URL path of the STOMP socket (default `/market-ws`). */
  path?: string;
  /** Browser origins allowed to open the socket; `'*'` (default) allows any. */
  allowedOrigins?: string[] | '*';
  /** Socket buffer above which a subscriber is conflated (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Heart-beat the server offers both ways in ms (default 10000; 0 disables). */
  heartbeatMs?: number;
  /** How long a socket may stay above `maxBufferedBytes` before it is closed (default 30000). */
  slowConsumerMs?: number;
  /** Time a socket gets to send CONNECT (default 10000). */
  connectTimeoutMs?: number;
  /** `server` header of CONNECTED (default `TradeKit/<major.minor>` from package.json). */
  serverName?: string;
  /**
   * Most sockets one client address may hold open (default 20, MARKET_WS_MAX_PER_IP; 0 for no limit);
   * one more upgrade is answered HTTP 429.
   */
  maxConnectionsPerAddress?: number;
  /** Most subscriptions (hence destinations) one socket may hold (default 256). */
  maxSubscriptions?: number;
  /** Take the client address from X-Forwarded-For, as `request.ip` does with TRUST_PROXY (default false). */
  trustProxy?: TrustProxy;
}

/** Resolved settings of the broker core. */
export interface BrokerSettings {
  maxBufferedBytes: number;
  heartbeatMs: number;
  slowConsumerMs: number;
  connectTimeoutMs: number;
  serverName: string;
  /** Largest frame a client may send (64 KiB). */
  maxFrameBytes: number;
  /** Most subscriptions one socket may hold. */
  maxSubscriptions: number;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The market STOMP broker (plugin `broker`). */
    broker: Broker;
  }
}
