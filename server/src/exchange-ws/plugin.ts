import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import { AddressCounts, type TrustProxy } from '../http/client-address';
import { toOptionOrder } from '../options';
import { ExchangeConnection, type ExchangeWsSettings } from './connection';
import { ExchangeHub } from './hub';
import { SUPPORT_VISITOR_SOCKET_ID } from '../../../src/core/contract/support';
import { VisitorConnection } from './visitor-connection';
import { createUpgradeListener } from './upgrade';

export type { ExchangeWsSettings } from './connection';

/** Options of the `exchange-ws` plugin. */
export interface ExchangeWsOptions extends Partial<ExchangeWsSettings> {
  /** Browser origins allowed to open the socket ('*' or missing: any). */
  allowedOrigins?: readonly string[] | '*';
  /**
   * Most sockets one client address may hold open, signed in or not (default 20, EXCHANGE_WS_MAX_PER_IP;
   * 0 for no limit); one more upgrade is answered HTTP 429.
   */
  maxConnectionsPerAddress?: number;
  /** Take the client address from X-Forwarded-For, as `request.ip` does with TRUST_PROXY (default false). */
  trustProxy?: TrustProxy;
}

const DEFAULTS: ExchangeWsSettings = {
  authTimeoutMs: 5000,
  conflateMs: 500,
  recheckMs: 30_000,
  maxBufferedBytes: 256 * 1024,
  maxSocketsPerUser: 16,
};
const MAX_CONNECTIONS_PER_ADDRESS = 20;
const SHUTDOWN_GRACE_MS = 1000;
const GOING_AWAY = 1001;

/**
 * The exchange socket `GET /exchange-ws/{uid}` (spec §7): after `{ "token" }` it pushes the owner's
 * `holtOrder` and `pendingOrder` lists on every change of the account and, conflated, on price moves, and
 * the user's unread notification count (`notification`) when it changes.
 * `optionSettled` with the account's options as soon as their settlement commits, and `support` on each change
 * of the user's support conversation. `/exchange-ws/support-visitor` with `{ "ticket" }` first is a visitor's
 * support channel (visitor-connection.ts).
 * A raw `ws` server on the upgrade event, like the market broker: @fastify/websocket would route every
 * upgrade through Fastify and answer the broker's `/market-ws` with 404 on a socket the broker upgrades.
 */
async function exchangeWs(app: FastifyInstance, options: ExchangeWsOptions): Promise<void> {
  const settings: ExchangeWsSettings = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as Array<keyof ExchangeWsSettings>) {
    settings[key] = options[key] ?? DEFAULTS[key];
  }
  const hub = new ExchangeHub(settings.maxSocketsPerUser);
  const connections = new Set<ExchangeConnection | VisitorConnection>();
  const deps = {
    auth: app.auth,
    trading: app.trading,
    settings,
    hub,
    log: app.log.child({ module: 'exchange-ws' }),
  };
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    maxPayload: 16 * 1024,
  });
  let accepting = true;
  const perAddress = new AddressCounts();
  const onUpgrade = createUpgradeListener({
    allowedOrigins: options.allowedOrigins ?? '*',
    wss,
    accepting: () => accepting,
    maxPerAddress: options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: options.trustProxy ?? false,
    connectionsFrom: (address) => perAddress.of(address),
    accept(ws, accountId, address) {
      perAddress.track(ws, address);
      const connection =
        accountId === SUPPORT_VISITOR_SOCKET_ID && app.hasDecorator('support')
          ? new VisitorConnection(ws, {
              ...deps,
              redeem: (ticket) => app.support.visitors.redeemTicket(ticket),
            })
          : new ExchangeConnection(ws, accountId, deps);
      connections.add(connection);
      ws.once('close', () => connections.delete(connection));
    },
  });
  app.server.on('upgrade', onUpgrade);
  const unsubscribe = [
    app.trading.onChange((change) => hub.changed(change)),
    app.auth.onRevoke((event) => hub.revoked(event.sessionIds)),
  ];
  if (app.hasDecorator('notifications')) {
    unsubscribe.push(app.notifications.onPush((push) => hub.notified(push.userId, push.message)));
  }
  if (app.hasDecorator('support')) {
    unsubscribe.push(app.support.onPush((push) => hub.supported(push)));
    app.support.setPresence({ userOnline: (userId) => hub.userOnline(userId) });
  }
  if (app.hasDecorator('optionMode')) {
    unsubscribe.push(
      app.optionMode.onSettled((rows) =>
        hub.optionsSettled(
          rows.map((row) => ({
            userId: String(row.userId),
            virtual: row.virtual,
            order: toOptionOrder(row),
          })),
        ),
      ),
    );
  }
  if (app.hasDecorator('market')) {
    unsubscribe.push(app.market.source.onTick((tick) => hub.ticked(tick.symbol)));
  }

  // Upgraded sockets keep the HTTP server open: close them (then drop the stragglers) before Fastify does.
  app.addHook('preClose', async () => {
    accepting = false;
    for (const stop of unsubscribe) stop();
    const closed = [...connections].map(
      (c) => new Promise((resolve) => c.onceClosed(() => resolve(undefined))),
    );
    for (const connection of connections) connection.end(GOING_AWAY, 'server shutting down');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS))),
    ]);
    clearTimeout(timer);
    for (const connection of connections) connection.terminate();
  });
  app.addHook('onClose', (_instance, done) => {
    app.server.off('upgrade', onUpgrade);
    wss.close(() => done());
  });
}

/** Fastify plugin `exchange-ws`; needs `app.auth` and `app.trading` (and follows `app.market` ticks when present). */
export const exchangeWsPlugin = fp(exchangeWs, {
  name: 'exchange-ws',
  fastify: '5.x',
  decorators: { fastify: ['auth', 'trading'] },
});

export default exchangeWsPlugin;
