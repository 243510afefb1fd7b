import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import { AddressCounts, type TrustProxy } from '../http/client-address';
import { ExchangeConnection, type ExchangeWsSettings } from './connection';
import { ExchangeHub } from './hub';
import { journalSharing, linkHubs } from './cluster-links';
import { followEvents } from './events';
import { createJournal } from './journal';
import { OPERATOR_COOKIE } from '../../../src/core/contract/backoffice';
import { ADMIN_SUPPORT_LIVE_PATH, SUPPORT_VISITOR_SOCKET_ID } from '../../../src/core/contract/support';
import {
  EXCHANGE_HEARTBEAT_MS,
  EXCHANGE_JOURNAL_KEEP,
  EXCHANGE_JOURNAL_KEEP_MS,
} from '../../../src/core/contract/trading';
import { checkOperatorSession, cookieValue } from '../backoffice';
import { OperatorConnection, type LiveOperator } from './operator-connection';
import { VisitorConnection } from './visitor-connection';
import { createOperatorUpgradeListener, createUpgradeListener, type OperatorAdmission } from './upgrade';

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
  /** Several processes: how long a presence question waits for an answer (default 250 ms, MP13). */
  presenceWaitMs?: number;
}

const DEFAULTS: ExchangeWsSettings = {
  authTimeoutMs: 5000,
  conflateMs: 500,
  recheckMs: 30_000,
  heartbeatMs: EXCHANGE_HEARTBEAT_MS,
  maxBufferedBytes: 256 * 1024,
  maxSocketsPerUser: 16,
  journalKeep: EXCHANGE_JOURNAL_KEEP,
  journalKeepMs: EXCHANGE_JOURNAL_KEEP_MS,
};
const MAX_CONNECTIONS_PER_ADDRESS = 20;
const PRESENCE_WAIT_MS = 250;
const SHUTDOWN_GRACE_MS = 1000;
const GOING_AWAY = 1001;

/**
 * The exchange socket `GET /exchange-ws/{uid}` (spec §7): after `{ "token" }` it pushes the owner's
 * `holtOrder` and `pendingOrder` lists on every change of the account and, conflated, on price moves, and
 * the user's unread notification count (`notification`) when it changes.
 * `optionSettled` with the account's options as soon as their settlement commits, and `support` on each change
 * of the user's support conversation. Events carry their number in the user's journal (`seq`, RP1; `events.ts`,
 * `journal.ts`), and a first message with `since` gets the events after it first (RP2, RP3). `/exchange-ws/support-visitor` with `{ "ticket" }` first is a visitor's
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
  const connections = new Set<ExchangeConnection | VisitorConnection | OperatorConnection>();
  const journal = createJournal(app.db, () => app.clock.now(), settings, journalSharing(app.cluster.bus));
  const log = app.log.child({ module: 'exchange-ws' });
  const deps = {
    auth: app.auth,
    trading: app.trading,
    settings,
    hub,
    log,
    journal,
    replayed(userId: string) {
      // A replayed notification carries the count of its time; the count of now follows it.
      if (app.hasDecorator('notifications')) void app.notifications.pushUnread(userId);
    },
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
  const upgradeListeners = [onUpgrade];
  if (app.hasDecorator('support')) {
    const onOperatorUpgrade = operatorLiveInbox(app, {
      wss,
      accepting: () => accepting,
      perAddress,
      maxPerAddress: options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS,
      trustProxy: options.trustProxy ?? false,
      hub,
      settings,
      log: deps.log,
      track: (connection) => {
        connections.add(connection);
        connection.onceClosed(() => connections.delete(connection));
      },
    });
    app.server.on('upgrade', onOperatorUpgrade);
    upgradeListeners.push(onOperatorUpgrade);
  }
  // Other processes' events, counts and support changes reach this process's sockets (MP11, MP13).
  const links = linkHubs(app, hub, log, { presenceWaitMs: options.presenceWaitMs ?? PRESENCE_WAIT_MS });
  const unsubscribe = [
    app.auth.onRevoke((event) => hub.revoked(event.sessionIds)),
    ...followEvents(app, hub, journal, log),
    ...links.stop,
  ];
  if (app.hasDecorator('support')) {
    app.support.setPresence({ userOnline: (userId) => links.userOnline(userId) });
  }
  if (app.hasDecorator('operatorSessions')) {
    unsubscribe.push(app.operatorSessions.onChange((operatorId) => hub.operatorSessionsChanged(operatorId)));
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
    for (const listener of upgradeListeners) app.server.off('upgrade', listener);
    wss.close(() => done());
  });
}

/** The role that reads the support inbox (the contract's `roles` of its endpoints). */
const SUPPORT_ROLE = 'support';

/**
 * The operators' live inbox (SO1): `ADMIN_SUPPORT_LIVE_PATH`, admitted by the operator session cookie with the
 * `support` role and the server's own Origin; the same `ws` server, hub, address limit and shutdown as the
 * exchange sockets.
 */
function operatorLiveInbox(
  app: FastifyInstance,
  context: {
    wss: WebSocketServer;
    accepting: () => boolean;
    perAddress: AddressCounts;
    maxPerAddress: number;
    trustProxy: TrustProxy;
    hub: ExchangeHub;
    settings: ExchangeWsSettings;
    log: FastifyInstance['log'];
    track: (connection: OperatorConnection) => void;
  },
) {
  const { perAddress, hub, settings, log } = context;
  const now = () => app.clock.now();
  const sessionOf = async (token: string | null) => {
    const session = token ? await checkOperatorSession(app.db, token, now()) : null;
    return session && token ? { token, session } : null;
  };
  return createOperatorUpgradeListener<LiveOperator>({
    path: ADMIN_SUPPORT_LIVE_PATH,
    publicOrigin: app.config.publicOrigin,
    wss: context.wss,
    accepting: context.accepting,
    maxPerAddress: context.maxPerAddress,
    trustProxy: context.trustProxy,
    connectionsFrom: (address) => perAddress.of(address),
    log,
    async admit(request): Promise<OperatorAdmission<LiveOperator>> {
      const found = await sessionOf(cookieValue(request.headers.cookie, OPERATOR_COOKIE));
      if (!found) return { ok: false, status: 401 };
      if (!found.session.roles.includes(SUPPORT_ROLE)) return { ok: false, status: 403 };
      return {
        ok: true,
        operator: { id: found.session.id, token: found.token, expiresAt: found.session.expiresAt },
      };
    },
    accept(ws, operator, address) {
      perAddress.track(ws, address);
      context.track(
        new OperatorConnection(ws, operator, {
          stillAdmitted: async (token) =>
            (await sessionOf(token))?.session.roles.includes(SUPPORT_ROLE) === true,
          clock: app.clock,
          hub,
          settings,
          log,
        }),
      );
    },
  });
}

/** Fastify plugin `exchange-ws`; needs `app.auth` and `app.trading` (and follows `app.market` ticks when present). */
export const exchangeWsPlugin = fp(exchangeWs, {
  name: 'exchange-ws',
  fastify: '5.x',
  decorators: { fastify: ['auth', 'trading', 'cluster'] },
});

export default exchangeWsPlugin;
