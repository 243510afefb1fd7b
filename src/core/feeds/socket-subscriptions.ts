/**
 * The market feed's STOMP subscriptions on the current socket, one per live destination. They die with
 * their socket: the feed clears them on every (re)connect and subscribes each live destination again.
 */
import type { StompClientLike } from './stomp-client';

/** What the socket subscriptions need of the feed. */
export interface SocketSubscriptionDeps {
  /** The feed's client, if it made one yet. */
  client: () => StompClientLike | null;
  /** Gets every message body of a subscribed destination. */
  onMessage: (destination: string, body: string) => void;
  debug: (message: string) => void;
}

/** The socket side of the subscription bookkeeping (the listener side is the subscription registry). */
export interface SocketSubscriptions {
  /** Subscribe on the socket when it is connected; otherwise the next connect does. */
  subscribe(destination: string): void;
  /** Release the destination's socket subscription, if the socket still holds it. */
  unsubscribe(destination: string): void;
  /** Forget every subscription (their socket is gone or going). */
  clear(): void;
}

/** Create the socket subscriptions of one feed. */
export function createSocketSubscriptions(deps: SocketSubscriptionDeps): SocketSubscriptions {
  const { debug } = deps;
  const socketSubs = new Map<string, { unsubscribe(): void }>();
  return {
    subscribe(destination) {
      const client = deps.client();
      if (!client?.connected) return;
      try {
        socketSubs.set(
          destination,
          client.subscribe(destination, (message) => deps.onMessage(destination, message.body)),
        );
      } catch (error) {
        // The socket died under us; its close event reconnects and onConnect subscribes again.
        debug(`subscribe ${destination} failed: ${String(error)}`);
      }
    },
    unsubscribe(destination) {
      const sub = socketSubs.get(destination);
      socketSubs.delete(destination);
      if (!sub || !deps.client()?.connected) return;
      try {
        sub.unsubscribe();
      } catch (error) {
        debug(`unsubscribe ${destination} failed: ${String(error)}`);
      }
    },
    clear: () => socketSubs.clear(),
  };
}
