/**
 * The market's broker in RabbitMQ mode (RQ1, RQ2): the server publishes over one STOMP link (Web-STOMP, through
 * @stomp/stompjs and `ws`) to RabbitMQ's `amq.topic`, where browsers subscribe to the same `/topic/…`
 * destinations. RabbitMQ keeps nothing for a late subscriber, so the server learns of every new subscription
 * from the event exchange (`binding.created` on `amq.rabbitmq.event`) and sends that queue the destination's
 * snapshot directly, through the default exchange (`/amq/queue/<queue>`): the subscriber alone gets it, the
 * others no duplicate.
 */
import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';
import WebSocket from 'ws';
import { RabbitmqDestination } from '../../../../src/core/contract/paths';
import { SnapshotRegistry } from '../snapshots';
import type { Broker, BrokerLink, BrokerStats, SnapshotProvider } from '../types';

/** The link's settings (`buildApp({ broker: { rabbitmq } })`, env MARKET_BROKER_URL). */
export interface RabbitmqLinkOptions {
  /** Web-STOMP URL with the publisher's credentials: `ws://user:pass@host:15674/ws` (or wss://). */
  url: string;
  /** Wait between reconnect attempts in ms (default 1000). */
  reconnectDelayMs?: number;
  /** STOMP heart-beat both ways in ms (default 10000; 0: none). */
  heartbeatMs?: number;
  /** Where link trouble is reported. */
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A RabbitMQ-backed broker: `Broker` plus the link's state and its stop. */
export interface RabbitmqBroker extends Broker {
  /** Resolves once the link has connected and subscribed to the binding events (tests, start-up logs). */
  whenConnected(): Promise<void>;
  close(): Promise<void>;
}

/** RabbitMQ names a STOMP subscription's queue `stomp-subscription-<base64url>`; nothing else is sent to. */
const SUBSCRIPTION_QUEUE = /^stomp-subscription-[A-Za-z0-9_-]{1,64}$/;
const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

/** The URL without its credentials (what logs and the health report show), and the credentials. */
export function splitBrokerUrl(url: string): { address: string; login: string; passcode: string } {
  const parsed = new URL(url);
  const login = decodeURIComponent(parsed.username);
  const passcode = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { address: parsed.toString(), login, passcode };
}

/** Connects at once and keeps reconnecting until `close()`. */
export function createRabbitmqBroker(options: RabbitmqLinkOptions): RabbitmqBroker {
  const { address, login, passcode } = splitBrokerUrl(options.url);
  const snapshots = new SnapshotRegistry();
  const counters = { published: 0, delivered: 0 };
  const link: BrokerLink = { kind: 'rabbitmq', url: address, connected: false, reconnects: 0, error: null };
  let everConnected = false;
  let events: StompSubscription | undefined;
  let waiters: Array<() => void> = [];

  /** A new binding of a browser's queue to amq.topic: hand that queue the destination's current value. */
  const onBinding = (message: IMessage) => {
    const h = message.headers;
    if (h.source_name !== 'amq.topic' || h.destination_kind !== 'queue') return;
    const queue = h.destination_name ?? '';
    if (!SUBSCRIPTION_QUEUE.test(queue) || !h.routing_key) return;
    const destination = `/topic/${h.routing_key}`;
    const body = snapshots.find(destination)?.(destination);
    if (body === undefined || !link.connected) return;
    client.publish({
      destination: RabbitmqDestination.queue(queue),
      body,
      headers: { 'content-type': 'application/json' },
    });
    counters.delivered += 1;
  };

  const client = new Client({
    webSocketFactory: () => new WebSocket(address, SUBPROTOCOLS, { perMessageDeflate: false }),
    connectHeaders: { login, passcode },
    reconnectDelay: options.reconnectDelayMs ?? 1000,
    heartbeatIncoming: options.heartbeatMs ?? 10_000,
    heartbeatOutgoing: options.heartbeatMs ?? 10_000,
    // Bodies are JSON text: no binary frames, no NULL-byte scanning of our own bodies.
    forceBinaryWSFrames: false,
    debug: () => undefined,
    onConnect: () => {
      if (everConnected) link.reconnects += 1;
      everConnected = true;
      // Up once RabbitMQ confirms the event subscription: a browser subscribing after that gets its snapshot.
      const receipt = `events-${link.reconnects}`;
      client.watchForReceipt(receipt, () => {
        link.connected = true;
        link.error = null;
        options.log.info({ url: address, reconnects: link.reconnects }, 'market broker link up');
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve();
      });
      events = client.subscribe(RabbitmqDestination.bindingEvents, onBinding, { receipt });
    },
    onStompError: (frame) => {
      link.error = frame.headers.message ?? 'STOMP ERROR frame';
    },
    onWebSocketError: () => {
      link.error ??= 'socket error';
    },
    onWebSocketClose: (event) => {
      const wasUp = link.connected;
      link.connected = false;
      events = undefined;
      if (!link.error) link.error = `socket closed (${event.code})`;
      if (wasUp)
        options.log.warn({ url: address, error: link.error }, 'market broker link down; reconnecting');
    },
  });
  client.activate();

  return {
    publish(destination, body) {
      // Down: nothing to queue; the next value after the reconnect replaces it (prices are a last-value feed).
      if (!link.connected) return;
      client.publish({ destination, body, headers: { 'content-type': 'application/json' } });
      counters.published += 1;
    },
    // Whether a routing key has a binding is RabbitMQ's knowledge; the binding events only tell what changed
    // since the link connected. Up, everything is published (RabbitMQ drops what nobody is bound to) (RQ4).
    hasSubscribers: () => link.connected,
    setSnapshot(pattern: string, provider: SnapshotProvider | undefined) {
      snapshots.set(pattern, provider);
    },
    stats(): BrokerStats {
      return {
        connections: 0,
        subscriptions: 0,
        destinations: 0,
        published: counters.published,
        delivered: counters.delivered,
        encoded: counters.published,
        conflated: 0,
        slowConsumersDisconnected: 0,
        refusedUpgrades: 0,
      };
    },
    // Browsers' sockets are RabbitMQ's; this process holds none to drop.
    dropAll: () => 0,
    link: () => ({ ...link }),
    whenConnected: () =>
      link.connected && events ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)),
    close: async () => {
      link.connected = false;
      await client.deactivate();
    },
  };
}
