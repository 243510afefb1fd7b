import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExchangeFeed } from '../feeds/exchange-feed';
import { IDLE_CLOSE_MS } from '../feeds/reconnect-policy';
import {
  fakeSession,
  fakeSocketFactory,
  marketOrder,
  orderMessage,
  positionSummary,
} from '../feeds/exchange-feed.fixture';
import { createHarness, makeToken } from '../session/session.fixture';
import { createOrderAtoms, createOrders } from './orders';
import { createIsolatedStore } from './store';

function setup() {
  const s = fakeSession();
  const sockets = fakeSocketFactory();
  const feed = createExchangeFeed({
    url: (uid) => `ws://x/${uid}`,
    session: s.session,
    socketFactory: sockets.factory,
  });
  return { s, sockets, atoms: createOrderAtoms(feed), store: createIsolatedStore() };
}

describe('createOrderAtoms', () => {
  afterEach(() => vi.useRealTimers());

  it('opens one socket however many order atoms are mounted and closes it after the last', () => {
    vi.useFakeTimers();
    const { sockets, atoms, store } = setup();
    const offs = [
      store.sub(atoms.openOrders, () => undefined),
      store.sub(atoms.pendingOrders, () => undefined),
      store.sub(atoms.positionSummary, () => undefined),
      store.sub(atoms.exchangeStatus, () => undefined),
    ];
    expect(sockets.sockets).toHaveLength(1);
    for (const off of offs.slice(1)) off();
    expect(sockets.last().closedByClient).toBeNull();
    offs[0]?.();
    // Not at once (EK9): a widget moved or remounted within IDLE_CLOSE_MS keeps the socket.
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    expect(sockets.last().closedByClient).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets.last().closedByClient).toBe(1000);
  });

  it('passes socket messages to the list, summary, status and event atoms', () => {
    const { sockets, atoms, store } = setup();
    const off = store.sub(atoms.openOrders, () => undefined);
    const offEvent = store.sub(atoms.event, () => undefined);
    expect(store.get(atoms.openOrders)).toBeNull();
    sockets.last().acceptOpen();
    const order = marketOrder({ id: 'x' });
    sockets
      .last()
      .deliver(orderMessage('holtOrder', [order], { summary: positionSummary({ netValue: '99.00' }) }));
    expect(store.get(atoms.openOrders)).toEqual([order]);
    expect(store.get(atoms.positionSummary).open?.netValue).toBe('99.00');
    expect(store.get(atoms.exchangeStatus)).toBe('open');
    sockets.last().deliver(orderMessage('holtOrder', [], { event: { kind: 'take_profit', orderId: 'x' } }));
    expect(store.get(atoms.event)).toMatchObject({ kind: 'take_profit', order: { id: 'x' } });
    off();
    offEvent();
  });
});

describe('createOrders', () => {
  const closers: Array<() => void> = [];
  afterEach(() => closers.splice(0).forEach((close) => close()));

  it('connects to the exchangeWs service of the runtime config with the signed-in account id', async () => {
    const h = createHarness();
    closers.push(() => (h.session.close(), h.platform.close()));
    await h.platform.ready;
    const exp = Math.floor(Date.now() / 1000) + 900;
    const token = makeToken({ exp, uid: '10000042' });
    await h.session.signIn({ token, refreshToken: 'r', qrcodeStatus: 1, expiresAt: exp * 1000 });
    const sockets = fakeSocketFactory();
    const orders = createOrders(h.platform, { socketFactory: sockets.factory });
    closers.push(() => orders.feed.close());
    const off = h.platform.store.sub(orders.atoms.openOrders, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sockets.last().url).toBe('wss://platform.test/exchange-ws/10000042');
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token })]);
    await h.session.logout();
    expect(sockets.last().closedByClient).toBe(1000);
    off();
  });
});
