/**
 * Stand-ins for the exchange feed's tests and for widget tests built on it: a scripted WebSocket, a
 * factory that records every socket, order messages shaped like the contract, and a minimal session.
 */
import type { ExchangeOrderMessage, MarketOrder, PositionSummary } from '../contract/trading';
import type { SessionState } from '../session/session-types';
import type { ExchangeSocketLike } from './exchange-feed-types';
import type { ExchangeSession } from './exchange-feed';

/** A WebSocket the test drives: open it, deliver frames, close it as the server would. */
export class FakeExchangeSocket implements ExchangeSocketLike {
  readonly sent: string[] = [];
  closedByClient: number | null = null;
  onopen: ExchangeSocketLike['onopen'] = null;
  onmessage: ExchangeSocketLike['onmessage'] = null;
  onclose: ExchangeSocketLike['onclose'] = null;
  onerror: ExchangeSocketLike['onerror'] = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.closedByClient = code;
  }

  /** The server accepted the connection. */
  acceptOpen(): void {
    this.onopen?.({});
  }

  /** A frame from the server (objects are sent as JSON text). */
  deliver(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** The server (or the network) closed the socket. */
  serverClose(code = 1006): void {
    this.onclose?.({ code });
  }
}

/** A socket factory that keeps every socket it made. */
export function fakeSocketFactory() {
  const sockets: FakeExchangeSocket[] = [];
  return {
    sockets,
    factory: (url: string) => {
      const socket = new FakeExchangeSocket(url);
      sockets.push(socket);
      return socket;
    },
    /** The newest socket; throws when none was made. */
    last(): FakeExchangeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no exchange socket was opened');
      return socket;
    },
  };
}

/** A plausible order; override what a test is about. */
export function marketOrder(overrides: Partial<MarketOrder> = {}): MarketOrder {
  return {
    id: '1',
    uid: 'M0000001',
    tradePair: 'BTCUSDT',
    productName: 'BTC/USDT',
    positionStatus: 2,
    orderType: 0,
    buyPoint: 2,
    price: '0',
    openingPrice: '65000.00',
    currentPrice: '65120.50',
    closingPrice: null,
    stopPrice: null,
    takeProfitPrice: null,
    orderQuantity: '0.10',
    multiple: 100,
    securityDepositInitial: '65.00',
    feeAmount: '13.00',
    overnightFee: '0.00',
    profitLoss: '12.05',
    orderTimeTs: Date.UTC(2026, 10, 20, 8, 0, 0),
    transactionTimeTs: Date.UTC(2026, 10, 20, 8, 0, 1),
    closingTimeTs: null,
    closeReason: null,
    ...overrides,
  };
}

/** A position summary with round numbers. */
export function positionSummary(overrides: Partial<PositionSummary> = {}): PositionSummary {
  return {
    profitLossSum: '12.05',
    netValue: '10012.05',
    securityDepositPrent: '65.00',
    securityDepositAvailableSum: '9947.05',
    ...overrides,
  };
}

/** A socket message with a list of one kind. */
export function orderMessage(
  ordertype: ExchangeOrderMessage['ordertype'],
  list: MarketOrder[],
  extra: Partial<ExchangeOrderMessage> = {},
): ExchangeOrderMessage {
  return { ordertype, virtual: false, list, summary: positionSummary(), ...extra };
}

/** A session stand-in whose state the test sets; `check` is counted and may change the token. */
export function fakeSession(initial: Partial<SessionState> & { token?: string | null } = {}) {
  let state: SessionState = {
    status: 'signedIn',
    virtual: false,
    expiresAt: null,
    uid: '10000007',
    ...initial,
  };
  let token: string | null = initial.token === undefined ? 't-1' : initial.token;
  const stateListeners = new Set<(s: SessionState) => void>();
  const logoutListeners = new Set<(reason: 'user') => void>();
  const switchListeners = new Set<(virtual: boolean) => void>();
  const checks: number[] = [];
  let onCheck: () => void = () => undefined;
  const session: ExchangeSession = {
    getState: () => state,
    getToken: () => token,
    subscribe: (l) => (stateListeners.add(l), () => stateListeners.delete(l)),
    onLogout: (l) => (logoutListeners.add(l), () => logoutListeners.delete(l)),
    onAccountSwitch: (l) => (switchListeners.add(l), () => switchListeners.delete(l)),
    check: async () => {
      checks.push(checks.length + 1);
      onCheck();
    },
  };
  const setState = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const l of [...stateListeners]) l(state);
  };
  return {
    session,
    checks,
    /** Listeners currently attached (a leak shows here). */
    listenerCount: () => stateListeners.size + logoutListeners.size + switchListeners.size,
    setToken: (next: string | null) => (token = next),
    setState,
    onCheck: (fn: () => void) => (onCheck = fn),
    logout() {
      token = null;
      setState({ status: 'signedOut', uid: null, virtual: false });
      for (const l of [...logoutListeners]) l('user');
    },
    switchAccount(virtual: boolean, nextToken: string) {
      token = nextToken;
      setState({ virtual });
      for (const l of [...switchListeners]) l(virtual);
    },
  };
}
