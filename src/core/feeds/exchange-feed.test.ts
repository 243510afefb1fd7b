import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionOrder } from '../contract/options';
import { EXCHANGE_HEARTBEAT_FRAME, EXCHANGE_HEARTBEAT_MS } from '../contract/trading';
import { createExchangeFeed, watchOptionSettled } from './exchange-feed';
import { IDLE_CLOSE_MS } from './reconnect-policy';
import { parseExchangeMessage } from './exchange-feed-message';
import type { ExchangeSnapshot } from './exchange-feed';
import {
  fakeSession,
  fakeSocketFactory,
  marketOrder,
  orderMessage,
  positionSummary,
} from './exchange-feed.fixture';

function setup(sessionInit: Parameters<typeof fakeSession>[0] = {}) {
  const s = fakeSession(sessionInit);
  const sockets = fakeSocketFactory();
  const feed = createExchangeFeed({
    url: (uid) => `wss://platform.test/exchange-ws/${uid}`,
    session: s.session,
    socketFactory: sockets.factory,
    now: () => 1000,
  });
  const seen: ExchangeSnapshot[] = [];
  return { s, sockets, feed, seen, listen: () => feed.subscribe((snap) => seen.push(snap)) };
}

describe('createExchangeFeed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens no socket until someone listens, then one to the account path', () => {
    const { sockets, listen } = setup();
    expect(sockets.sockets).toHaveLength(0);
    listen();
    listen();
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.last().url).toBe('wss://platform.test/exchange-ws/10000007');
  });

  it('sends the token as the first message and never puts it in the URL', () => {
    const { sockets, listen, feed } = setup({ token: 'secret-token' });
    listen();
    const socket = sockets.last();
    expect(socket.sent).toEqual([]);
    socket.acceptOpen();
    expect(socket.sent).toEqual([JSON.stringify({ token: 'secret-token' })]);
    expect(socket.url).not.toContain('secret-token');
    expect(feed.getSnapshot().status).toBe('open');
  });

  it('opens nothing while signed out and opens once the user signs in', () => {
    const { s, sockets, listen } = setup({ status: 'signedOut', uid: null, token: null });
    listen();
    expect(sockets.sockets).toHaveLength(0);
    s.setToken('t-9');
    s.setState({ status: 'signedIn', uid: '10000009' });
    expect(sockets.last().url).toMatch(/\/10000009$/);
  });

  it('keeps the latest open and pending lists with their summaries', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    const open = marketOrder({ id: 'a' });
    const pending = marketOrder({ id: 'b', positionStatus: 1, buyPoint: 1 });
    sockets
      .last()
      .deliver(orderMessage('holtOrder', [open], { summary: positionSummary({ profitLossSum: '5.00' }) }));
    sockets
      .last()
      .deliver(
        orderMessage('pendingOrder', [pending], { summary: positionSummary({ profitLossSum: '-1.00' }) }),
      );
    const snap = feed.getSnapshot();
    expect(snap.openOrders).toEqual([open]);
    expect(snap.pendingOrders).toEqual([pending]);
    expect(snap.summary.open?.profitLossSum).toBe('5.00');
    expect(snap.summary.pending?.profitLossSum).toBe('-1.00');
    expect(snap.summary.latest?.profitLossSum).toBe('-1.00');
    expect(snap.virtual).toBe(false);
  });

  it('ignores frames that are not order messages and lists of the other account', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    sockets.last().deliver('not json');
    sockets.last().deliver({ ordertype: 'other', list: [] });
    sockets.last().deliver(orderMessage('holtOrder', [marketOrder()], { virtual: true }));
    expect(feed.getSnapshot().openOrders).toBeNull();
  });

  it('reports a server-made close with the order as it was last seen', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    const order = marketOrder({ id: 'a', tradePair: 'EURUSD' });
    sockets.last().deliver(orderMessage('holtOrder', [order]));
    sockets.last().deliver(orderMessage('holtOrder', [], { event: { kind: 'stop_loss', orderId: 'a' } }));
    const event = feed.getSnapshot().event;
    expect(event).toMatchObject({ kind: 'stop_loss', orderId: 'a', seq: 1, receivedAt: 1000 });
    expect(event?.order?.tradePair).toBe('EURUSD');
    expect(feed.getSnapshot().openOrders).toEqual([]);
  });

  it('reconnects after 500 ms × attempt and resets the count once a message arrives', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().serverClose(1006);
    expect(feed.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(499);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
    sockets.last().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(3);
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toHaveLength(1);
    sockets.last().deliver(orderMessage('holtOrder', []));
    expect(feed.getSnapshot()).toMatchObject({ status: 'open', attempt: 0 });
  });

  it('takes two heart-beats without a frame for a dead link and connects again; any frame restarts the wait (HB1)', () => {
    const { sockets, listen, feed, seen } = setup();
    listen();
    const first = sockets.last();
    first.acceptOpen();
    first.deliver(orderMessage('holtOrder', []));
    vi.advanceTimersByTime(2 * EXCHANGE_HEARTBEAT_MS - 1);
    const before = seen.length;
    first.deliver(EXCHANGE_HEARTBEAT_FRAME);
    // The beat is heard, and is not a message: the lists and the status are left as they were.
    expect(seen).toHaveLength(before);
    vi.advanceTimersByTime(2 * EXCHANGE_HEARTBEAT_MS - 1);
    expect(sockets.sockets).toHaveLength(1);
    expect(feed.getSnapshot().status).toBe('open');
    vi.advanceTimersByTime(1);
    expect(first.closedByClient).toBe(1000);
    expect(feed.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(500);
    expect(sockets.sockets).toHaveLength(2);
    // A socket that never opens is the reconnect policy's (its close event), not the watchdog's.
    vi.advanceTimersByTime(10 * EXCHANGE_HEARTBEAT_MS);
    expect(sockets.sockets).toHaveLength(2);
  });

  it('forgets the wait for a frame when the server closes the socket: the reconnect keeps its own pace (HB1)', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    vi.advanceTimersByTime(2 * EXCHANGE_HEARTBEAT_MS - 600);
    sockets.last().serverClose(1006);
    vi.advanceTimersByTime(500);
    expect(sockets.sockets).toHaveLength(2);
    // The first socket's wait would have ended here; the second, still connecting, is left alone.
    vi.advanceTimersByTime(200);
    expect(sockets.last().closedByClient).toBeNull();
    expect(feed.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 });
  });

  it('gives up after 10 failed reconnects and starts again on retry', () => {
    const { sockets, listen, feed } = setup();
    listen();
    for (let i = 1; i <= 11; i++) {
      sockets.last().serverClose(1006);
      vi.advanceTimersByTime(500 * i);
    }
    expect(sockets.sockets).toHaveLength(11);
    expect(feed.getSnapshot().status).toBe('failed');
    feed.retry();
    expect(sockets.sockets).toHaveLength(12);
    expect(feed.getSnapshot().attempt).toBe(0);
  });

  it('stops on 4401, asks the session to check itself and stays closed with the same token', async () => {
    const { s, sockets, listen, feed } = setup();
    listen();
    sockets.last().serverClose(4401);
    expect(feed.getSnapshot().status).toBe('unauthorized');
    await vi.runAllTimersAsync();
    expect(s.checks).toHaveLength(1);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('reopens after 4402 once the session check brought a new token', async () => {
    const { s, sockets, listen } = setup();
    listen();
    s.onCheck(() => s.setToken('t-2'));
    sockets.last().serverClose(4402);
    await vi.runAllTimersAsync();
    expect(sockets.sockets).toHaveLength(2);
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: 't-2' })]);
  });

  it('closes the socket and forgets the lists on logout', () => {
    const { s, sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    sockets.last().deliver(orderMessage('holtOrder', [marketOrder()]));
    s.logout();
    expect(sockets.last().closedByClient).toBe(1000);
    expect(feed.getSnapshot()).toMatchObject({ status: 'idle', openOrders: null });
    vi.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('reopens with the new token on a real ↔ demo switch and drops the old lists', () => {
    const { s, sockets, listen, feed } = setup();
    listen();
    const first = sockets.last();
    first.acceptOpen();
    first.deliver(orderMessage('holtOrder', [marketOrder()]));
    s.switchAccount(true, 't-demo');
    expect(first.closedByClient).toBe(1000);
    expect(sockets.sockets).toHaveLength(2);
    expect(feed.getSnapshot().openOrders).toBeNull();
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: 't-demo' })]);
    sockets.last().deliver(orderMessage('holtOrder', [marketOrder({ id: 'd' })], { virtual: true }));
    expect(feed.getSnapshot()).toMatchObject({ virtual: true, openOrders: [{ id: 'd' }] });
  });

  it('keeps the open socket when only the access token is refreshed', () => {
    const { s, sockets, listen } = setup();
    listen();
    sockets.last().acceptOpen();
    s.setToken('t-refreshed');
    s.setState({ expiresAt: 123 });
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.last().closedByClient).toBeNull();
  });

  it('closes the socket, cancels reconnects and detaches from the session when the last listener leaves', () => {
    const { s, sockets, listen, feed } = setup();
    const a = listen();
    const b = listen();
    sockets.last().serverClose(1006);
    a();
    expect(s.listenerCount()).toBe(3);
    b();
    // The planned reconnect is not made for nobody; the session stays watched until IDLE_CLOSE_MS passed.
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    expect(s.listenerCount()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(s.listenerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(sockets.sockets).toHaveLength(1);
    expect(feed.getSnapshot().status).toBe('idle');
    const c = listen();
    expect(sockets.sockets).toHaveLength(2);
    c();
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    expect(sockets.last().closedByClient).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets.last().closedByClient).toBe(1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the socket and its lists for a listener that comes back within IDLE_CLOSE_MS (EK9)', () => {
    const { s, sockets, listen, feed } = setup();
    const first = listen();
    sockets.last().acceptOpen();
    const open = marketOrder({ id: '7001' });
    sockets.last().deliver(orderMessage('holtOrder', [open]));
    first();
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    // A session change meanwhile (the user's data loaded again) does not end it early.
    s.setState({});
    expect(sockets.last().closedByClient).toBeNull();
    // A widget moved, or the page's next view: the same socket, the session watched once, the list kept.
    const again = listen();
    expect(sockets.sockets).toHaveLength(1);
    expect(s.listenerCount()).toBe(3);
    expect(feed.getSnapshot()).toMatchObject({ status: 'open', openOrders: [open] });
    vi.advanceTimersByTime(60_000);
    expect(sockets.last().closedByClient).toBeNull();
    again();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(sockets.last().closedByClient).toBe(1000);
    expect(feed.getSnapshot()).toMatchObject({ status: 'idle', openOrders: null });
    expect(s.listenerCount()).toBe(0);
  });

  it('waits for the runtime config before connecting', async () => {
    const s = fakeSession();
    const sockets = fakeSocketFactory();
    let loaded!: () => void;
    const ready = new Promise<void>((resolve) => (loaded = resolve));
    const feed = createExchangeFeed({
      url: (uid) => `ws://x/${uid}`,
      session: s.session,
      ready,
      socketFactory: sockets.factory,
    });
    feed.subscribe(() => undefined);
    expect(sockets.sockets).toHaveLength(0);
    loaded();
    await vi.runAllTimersAsync();
    expect(sockets.sockets).toHaveLength(1);
  });

  const settledOption = (uid: string): OptionOrder => ({
    id: uid.toLowerCase(),
    uid,
    optionsProductId: 1,
    orderType: 0,
    tradePair: 'BTCUSDT',
    productName: 'Bitcoin',
    price: '100000',
    priceEnd: '100100',
    rate: '0.85',
    feeAmount: '0.20',
    amount: '100.00',
    timeLong: 60,
    beginTime: 1000,
    endTime: 61_000,
    completeTime: 61_200,
    winLost: '85.00',
    positionStatus: 1,
  });

  it('parses a settlement push and drops items that are not settled options', () => {
    const frame = {
      ordertype: 'optionSettled',
      virtual: true,
      list: [settledOption('OP1'), { uid: 'OP2', positionStatus: 0 }, null, 'OP3'],
    };
    expect(parseExchangeMessage(JSON.stringify(frame))).toEqual({
      ordertype: 'optionSettled',
      virtual: true,
      list: [settledOption('OP1')],
    });
    expect(parseExchangeMessage(JSON.stringify({ ...frame, list: [] }))).toBeNull();
    expect(parseExchangeMessage(JSON.stringify({ ...frame, virtual: 'yes' }))).toBeNull();
    expect(parseExchangeMessage(JSON.stringify({ ordertype: 'optionSettled', virtual: false }))).toBeNull();
  });

  it('keeps each settlement push of the account, numbered, and leaves the order lists alone', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    sockets.last().deliver(orderMessage('holtOrder', [marketOrder()]));
    sockets.last().deliver({ ordertype: 'optionSettled', virtual: false, list: [settledOption('OP1')] });
    const first = feed.getSnapshot();
    expect(first.optionSettled).toEqual({ list: [settledOption('OP1')], seq: 1, receivedAt: 1000 });
    expect(first.openOrders).toHaveLength(1);
    // The other account's push is not ours.
    sockets.last().deliver({ ordertype: 'optionSettled', virtual: true, list: [settledOption('OP2')] });
    expect(feed.getSnapshot().optionSettled?.seq).toBe(1);
    sockets.last().deliver({ ordertype: 'optionSettled', virtual: false, list: [settledOption('OP1')] });
    expect(feed.getSnapshot().optionSettled?.seq).toBe(2);
  });

  it('tells a watcher once, when a later push names its option, and keeps the socket open meanwhile', () => {
    const { sockets, listen, feed } = setup();
    const stopList = listen();
    sockets.last().acceptOpen();
    sockets.last().deliver({ ordertype: 'optionSettled', virtual: false, list: [settledOption('OP9')] });
    const heard: string[] = [];
    const stop = watchOptionSettled(feed, 'OP9', (order) => heard.push(order.uid));
    // A push from before the watch began is of an earlier settlement.
    expect(heard).toEqual([]);
    stopList();
    expect(sockets.last().closedByClient).toBeNull();
    sockets.last().deliver({ ordertype: 'optionSettled', virtual: false, list: [settledOption('OP8')] });
    expect(heard).toEqual([]);
    sockets.last().deliver({
      ordertype: 'optionSettled',
      virtual: false,
      list: [settledOption('OP8'), settledOption('OP9')],
    });
    sockets.last().deliver({ ordertype: 'optionSettled', virtual: false, list: [settledOption('OP9')] });
    expect(heard).toEqual(['OP9']);
    stop();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(sockets.last().closedByClient).toBe(1000);
  });
});

describe('createExchangeFeed notification pushes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the pushed unread count of either account, counting every push', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    expect(feed.getSnapshot().notifications).toBeNull();
    sockets.last().deliver({ ordertype: 'notification', unread: 3, id: '41', alarmType: 629012 });
    expect(feed.getSnapshot().notifications).toEqual({
      unread: 3,
      seq: 1,
      newId: '41',
      alarmType: 629012,
      paymentPrice: null,
      paymentUnit: null,
    });
    sockets.last().deliver({ ordertype: 'notification', unread: 3 });
    expect(feed.getSnapshot().notifications).toEqual({
      unread: 3,
      seq: 2,
      newId: null,
      alarmType: null,
      paymentPrice: null,
      paymentUnit: null,
    });
    sockets.last().deliver({
      ordertype: 'notification',
      unread: 4,
      id: '42',
      alarmType: 729001,
      paymentPrice: '1234.50',
      paymentUnit: 'USD',
    });
    expect(feed.getSnapshot().notifications).toEqual({
      unread: 4,
      seq: 3,
      newId: '42',
      alarmType: 729001,
      paymentPrice: '1234.50',
      paymentUnit: 'USD',
    });
    // An amount or unit of another shape is dropped at the edge, never shown.
    sockets.last().deliver({
      ordertype: 'notification',
      unread: 5,
      id: '43',
      alarmType: 729003,
      paymentPrice: '1e3',
      paymentUnit: '<b>BTC</b>',
    });
    expect(feed.getSnapshot().notifications).toMatchObject({ paymentPrice: null, paymentUnit: null });
    // The order lists are untouched.
    expect(feed.getSnapshot().openOrders).toBeNull();
  });

  it('ignores malformed notification frames and forgets the count on logout', () => {
    const { s, sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    for (const bad of [
      { ordertype: 'notification' },
      { ordertype: 'notification', unread: -1 },
      { ordertype: 'notification', unread: 1.5 },
      { ordertype: 'notification', unread: '2' },
    ]) {
      sockets.last().deliver(bad);
    }
    expect(feed.getSnapshot().notifications).toBeNull();
    sockets.last().deliver({ ordertype: 'notification', unread: 1 });
    s.logout();
    expect(feed.getSnapshot().notifications).toBeNull();
  });
});

describe('createExchangeFeed live-support pushes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps each support frame as a new object, and nothing else as support', () => {
    const { sockets, listen, feed } = setup();
    listen();
    sockets.last().acceptOpen();
    const frame = { ordertype: 'support', kind: 'closed', conversation: { id: '1' } };
    sockets.last().deliver(frame);
    const first = feed.getSnapshot().support;
    expect(first).toEqual({ frame: JSON.stringify(frame) });
    // A text that mentions "support" is not a support message.
    sockets.last().deliver({ ordertype: 'notification', unread: 1, content: 'support' });
    sockets.last().deliver('{"support": broken');
    expect(feed.getSnapshot().support).toBe(first);
    // The same frame again is another push.
    sockets.last().deliver(frame);
    expect(feed.getSnapshot().support).not.toBe(first);
    expect(feed.getSnapshot().support).toEqual(first);
  });
});

describe('createExchangeFeed event numbers (RP4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const note = (seq: number, id = `n${seq}`) => ({
    ordertype: 'notification',
    unread: seq,
    id,
    alarmType: 629012,
    seq,
  });

  it('ignores an event it handled before and sends the last number as `since` when it connects again', () => {
    const { sockets, listen, feed } = setup({ token: 't-1' });
    listen();
    sockets.last().acceptOpen();
    // The first socket sends no number and is told where the series stands.
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: 't-1' })]);
    sockets.last().deliver({ ordertype: 'resync', seq: 40 });
    sockets.last().deliver(note(41));
    sockets.last().deliver({ ordertype: 'skipped', seq: 42 });
    expect(feed.getSnapshot().notifications).toMatchObject({ seq: 1, newId: 'n41' });
    sockets.last().serverClose(1006);
    vi.advanceTimersByTime(500);
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: 't-1', since: 42 })]);
    // A replay that repeats what was handled: only the new one counts.
    sockets.last().deliver(note(41));
    sockets.last().deliver(note(42, 'other'));
    sockets.last().deliver(note(43));
    expect(feed.getSnapshot().notifications).toMatchObject({ seq: 2, newId: 'n43' });
    expect(sockets.sockets).toHaveLength(2);
  });

  it('connects again with `since` when a number is missing, without applying the event after the gap', () => {
    const { sockets, listen, feed } = setup({ token: 't-1' });
    listen();
    sockets.last().acceptOpen();
    sockets.last().deliver({ ordertype: 'resync', seq: 7 });
    sockets.last().deliver(note(8));
    sockets.last().deliver(note(10));
    expect(feed.getSnapshot()).toMatchObject({ status: 'reconnecting', notifications: { newId: 'n8' } });
    vi.advanceTimersByTime(500);
    expect(sockets.sockets).toHaveLength(2);
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: 't-1', since: 8 })]);
    sockets.last().deliver(note(9));
    sockets.last().deliver(note(10));
    expect(feed.getSnapshot().notifications).toMatchObject({ seq: 3, newId: 'n10' });
  });

  it('goes on after the number a resync gives, even one lower than its own (another database)', () => {
    const { sockets, listen, feed } = setup({ token: 't-1' });
    listen();
    sockets.last().acceptOpen();
    sockets.last().deliver({ ordertype: 'resync', seq: 90 });
    sockets.last().serverClose(1006);
    vi.advanceTimersByTime(500);
    sockets.last().acceptOpen();
    expect(sockets.last().sent).toEqual([JSON.stringify({ token: 't-1', since: 90 })]);
    sockets.last().deliver({ ordertype: 'resync', seq: 3 });
    sockets.last().deliver(note(4));
    expect(feed.getSnapshot().notifications).toMatchObject({ seq: 1, newId: 'n4' });
    expect(sockets.sockets).toHaveLength(2);
  });
});
