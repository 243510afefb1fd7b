import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerDropRoute } from '../admin-route';
import { createRabbitmqBroker } from './link';

/** Options of the broker in RabbitMQ mode (`buildApp({ broker: { rabbitmq } })`). */
export interface RabbitmqBrokerOptions {
  /** The server's Web-STOMP URL with the publisher's credentials (MARKET_BROKER_URL). */
  url: string;
  /** What `/config.json` hands browsers as the market socket (MARKET_BROKER_PUBLIC_URL); see app.ts. */
  publicUrl?: string;
  /** Wait between reconnect attempts in ms (default 1000). */
  reconnectDelayMs?: number;
  /** STOMP heart-beat of the link in ms (default 10000). */
  heartbeatMs?: number;
}

/**
 * The `broker` plugin in RabbitMQ mode: `app.broker` publishes to RabbitMQ instead of serving `/market-ws`
 * (browsers connect to RabbitMQ's Web-STOMP). The server starts without waiting for the link, which reconnects
 * on its own; the health report names it while it is down.
 */
async function rabbitmqBrokerPlugin(app: FastifyInstance, options: RabbitmqBrokerOptions): Promise<void> {
  const broker = createRabbitmqBroker({
    url: options.url,
    reconnectDelayMs: options.reconnectDelayMs,
    heartbeatMs: options.heartbeatMs,
    log: app.log.child({ module: 'broker' }),
  });
  app.decorate('broker', broker);
  registerDropRoute(app, broker);
  app.addHook('onClose', () => broker.close());
}

/** Fastify plugin `broker` in RabbitMQ mode. */
export default fp(rabbitmqBrokerPlugin, { name: 'broker', fastify: '5.x' });
