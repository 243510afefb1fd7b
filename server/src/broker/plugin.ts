import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import { registerDropRoute } from './admin-route';
import { BrokerCore } from './broker';
import type { BrokerPluginOptions, BrokerSettings } from './types';
import { createUpgradeListener, pickSubprotocol } from './upgrade';

export type { Broker, BrokerPluginOptions, BrokerStats, SnapshotProvider } from './types';

const MAX_FRAME_BYTES = 64 * 1024;
const MAX_SUBSCRIPTIONS = 256;
const MAX_CONNECTIONS_PER_ADDRESS = 20;

/**
 * The market STOMP broker on `/market-ws` (STOMP 1.2, 1.1 and 1.0 over WebSocket text frames),
 * decorated as `app.broker`. Read-only by design: clients CONNECT, SUBSCRIBE to `/topic/…` with
 * `ack:auto` and receive MESSAGE frames; SEND, client acks and transactions are answered with ERROR.
 * One subscription per destination per socket (a second one is an ERROR), at most `maxSubscriptions` per
 * socket and `maxConnectionsPerAddress` sockets per client address (HTTP 429 beyond).
 */
async function brokerPlugin(app: FastifyInstance, options: BrokerPluginOptions): Promise<void> {
  const settings: BrokerSettings = {
    maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    heartbeatMs: options.heartbeatMs ?? 10_000,
    slowConsumerMs: options.slowConsumerMs ?? 30_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    serverName: options.serverName ?? defaultServerName(),
    maxFrameBytes: MAX_FRAME_BYTES,
    maxSubscriptions: options.maxSubscriptions ?? MAX_SUBSCRIPTIONS,
    log: app.log.child({ module: 'broker' }),
  };
  const core = new BrokerCore(settings);
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    // Room for a few frames per message; a single frame is still limited to 64 KiB by the parser.
    maxPayload: 4 * MAX_FRAME_BYTES,
    handleProtocols: pickSubprotocol,
  });
  const onUpgrade = createUpgradeListener({
    path: options.path ?? '/market-ws',
    allowedOrigins: options.allowedOrigins ?? '*',
    wss,
    core,
    maxPerAddress: options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: options.trustProxy ?? false,
  });
  app.server.on('upgrade', onUpgrade);
  const broker = core.api();
  app.decorate('broker', broker);
  registerDropRoute(app, broker);
  // Upgraded sockets keep the HTTP server open, so they are closed before Fastify closes it; upgrades
  // arriving meanwhile get 503.
  app.addHook('preClose', () => core.close());
  app.addHook('onClose', (_instance, done) => {
    app.server.off('upgrade', onUpgrade);
    wss.close(() => done());
  });
}

/** `TradeKit/<major.minor>` from package.json, as the `server` header of CONNECTED. */
function defaultServerName(): string {
  try {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      version?: string;
    };
    const majorMinor = version?.split('.').slice(0, 2).join('.');
    return majorMinor ? `TradeKit/${majorMinor}` : 'TradeKit';
  } catch {
    return 'TradeKit';
  }
}

/** Fastify plugin `broker` (see BrokerPluginOptions). */
export default fp(brokerPlugin, { name: 'broker', fastify: '5.x' });
