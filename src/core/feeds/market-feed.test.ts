import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StompSocketState, TickerStrategy, type IStompSocket } from '@stomp/stompjs';
import { brandTopic } from '../contract/paths';
import type { FeedState } from '../runtime/types';
import { fakeClientFactory } from './fake-stomp-client.fixture';
import { MAX_SYMBOL_SUBSCRIPTIONS, createMarketFeed } from './market-feed';
import { watchTraffic } from './stomp-client';
import { HEARTBEAT_MS, IDLE_CLOSE_MS } from './reconnect-policy';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const fake = fakeClientFactory();
  const feed = createMarketFeed({ url: () => 'wss://platform.test/market-ws', clientFactory: fake.factory });
  const states: FeedState[] = [];
  feed.onState((s) => states.push(s));
  return { feed, client: fake.client, states };
}

/** Subscribe, connect and return what the listener received. */
function connected(destination = '/topic/prices') {
  const ctx = setup();
  const got: unknown[] = [];
  const off = ctx.feed.subscribe(destination, (body) => got.push(body));
  ctx.client().acceptConnect();
  return { ...ctx, got, off };
}

describe('market feed subscriptions', () => {
  it('connects on the first subscribe with stompjs reconnect off and 10 s heart-beats', () => {
    const { feed, client } = setup();
    expect(feed.getState().status).toBe('idle');
    feed.subscribe('/topic/prices', () => undefined);
    expect(client().active).toBe(true);
    expect(client().config).toMatchObject({
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
    });
    expect(feed.getState().status).toBe('connecting');
    client().acceptConnect();
    expect(feed.getState()).toMatchObject({ status: 'open', attempt: 0, connectionLost: false });
  });

  it('shares one socket subscription between two listeners and sends UNSUBSCRIBE after the last leaves', () => {
    const { feed, client } = setup();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = feed.subscribe('/topic/price.EURUSD', (v) => a.push(v));
    const offB = feed.subscribe('/topic/price.EURUSD', (v) => b.push(v));
    client().acceptConnect();
    client().deliver('/topic/price.EURUSD', { price: '1.1' });
    expect(client().frames).toEqual(['SUBSCRIBE /topic/price.EURUSD']);
    expect([a, b]).toEqual([[{ price: '1.1' }], [{ price: '1.1' }]]);
    offA();
    offA();
    expect(client().frames).toHaveLength(1);
    offB();
    expect(client().frames).toEqual(['SUBSCRIBE /topic/price.EURUSD', 'UNSUBSCRIBE /topic/price.EURUSD']);
    client().deliver('/topic/price.EURUSD', { price: '1.2' });
    expect(b).toHaveLength(1);
  });

  it('subscribes a destination added while open at once', () => {
    const { feed, client } = connected();
    feed.subscribe('/topic/kline.XAUUSD.1min', () => undefined);
    expect(client().subscribed()).toEqual(['/topic/prices', '/topic/kline.XAUUSD.1min']);
  });

  it('parses each message once and gives every listener the same object', () => {
    const { feed, client } = connected('/topic/prices');
    const seen: unknown[] = [];
    feed.subscribe('/topic/prices', (v) => seen.push(v));
    const parse = vi.spyOn(JSON, 'parse');
    client().deliver('/topic/prices', [{ symbol: 'EURUSD' }]);
    expect(parse).toHaveBeenCalledOnce();
    parse.mockRestore();
  });

  it('replays the last value to a late listener in a microtask', async () => {
    const { feed, client } = connected('/topic/prices');
    client().deliver('/topic/prices', [{ symbol: 'EURUSD' }]);
    const late: unknown[] = [];
    feed.subscribe('/topic/prices', (v) => late.push(v));
    expect(late).toEqual([]);
    await Promise.resolve();
    expect(late).toEqual([[{ symbol: 'EURUSD' }]]);
  });

  it('does not replay to a listener that left or already got a newer value', async () => {
    const { feed, client } = connected('/topic/prices');
    client().deliver('/topic/prices', 1);
    const gone: unknown[] = [];
    feed.subscribe('/topic/prices', (v) => gone.push(v))();
    const fresh: unknown[] = [];
    feed.subscribe('/topic/prices', (v) => fresh.push(v));
    client().deliver('/topic/prices', 2);
    await Promise.resolve();
    expect(gone).toEqual([]);
    expect(fresh).toEqual([2]);
  });

  it('forgets the last value once every listener has left', async () => {
    const { feed, client, off } = connected('/topic/prices');
    client().deliver('/topic/prices', 1);
    off();
    const again: unknown[] = [];
    feed.subscribe('/topic/prices', (v) => again.push(v));
    await Promise.resolve();
    expect(again).toEqual([]);
  });

  it('ignores a body that is not JSON and keeps serving the next one', () => {
    const { client, got } = connected();
    client().deliver('/topic/prices', '{broken');
    client().deliver('/topic/prices', '[1]');
    expect(got).toEqual([[1]]);
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const { feed, client, got } = connected();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    feed.subscribe('/topic/prices', () => {
      throw new Error('widget bug');
    });
    client().deliver('/topic/prices', [2]);
    expect(got).toEqual([[2]]);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('market feed reconnects', () => {
  it('re-subscribes every destination on every connect', () => {
    const { feed, client } = connected('/topic/prices');
    feed.subscribe('/topic/price.BTCUSDT', () => undefined);
    client().serverClose();
    vi.advanceTimersByTime(500);
    client().acceptConnect();
    expect(client().subscribed()).toEqual(['/topic/prices', '/topic/price.BTCUSDT']);
    client().serverClose();
    vi.advanceTimersByTime(500);
    client().acceptConnect();
    expect(client().subscribed()).toEqual(['/topic/prices', '/topic/price.BTCUSDT']);
    expect(client().frames.filter((f) => f === 'SUBSCRIBE /topic/prices')).toHaveLength(3);
  });

  it('after a reconnect subscribes each wanted destination exactly once, also one added or dropped while down', () => {
    const { feed, client } = connected('/topic/prices');
    const offEth = feed.subscribe('/topic/price.ETHUSDT', () => undefined);
    const frames = () => client().frames.join('\n');
    client().serverClose();
    // While the socket is down: one destination more, one less, and the first one asked for a second time.
    feed.subscribe('/topic/price.BTCUSDT', () => undefined);
    offEth();
    feed.subscribe('/topic/prices', () => undefined);
    const before = client().frames.length;
    vi.advanceTimersByTime(500);
    client().acceptConnect();
    expect(client().frames.slice(before).sort()).toEqual([
      'SUBSCRIBE /topic/price.BTCUSDT',
      'SUBSCRIBE /topic/prices',
    ]);
    expect(client().subscribed().sort()).toEqual(['/topic/price.BTCUSDT', '/topic/prices']);
    expect(frames()).not.toContain('UNSUBSCRIBE');
  });

  it('backs off 500, 1000, 1500 … ms and fails after 10 reconnects', () => {
    const { feed, client, states } = connected();
    client().serverClose();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(feed.getState()).toMatchObject({ status: 'reconnecting', attempt, connectionLost: true });
      const before = client().activations;
      vi.advanceTimersByTime(500 * attempt - 1);
      expect(client().activations).toBe(before);
      vi.advanceTimersByTime(1);
      expect(client().activations).toBe(before + 1);
      client().serverClose();
    }
    expect(feed.getState()).toMatchObject({ status: 'failed', attempt: 10, connectionLost: true });
    vi.advanceTimersByTime(60_000);
    expect(client().activations).toBe(11);
    expect(states.at(-1)?.status).toBe('failed');
  });

  it('resets the attempt count on CONNECTED and clears connectionLost with the first message', () => {
    const { feed, client, got } = connected();
    client().serverClose();
    vi.advanceTimersByTime(500);
    client().serverClose();
    vi.advanceTimersByTime(1000);
    client().acceptConnect();
    expect(feed.getState()).toMatchObject({ status: 'open', attempt: 0, connectionLost: true });
    client().deliver('/topic/prices', [3]);
    expect(feed.getState()).toMatchObject({ connectionLost: false, lastMessageAt: Date.now() });
    expect(got).toEqual([[3]]);
  });

  it('drops a socket silent for more than 10 s and marks the connection lost', () => {
    const { feed, client } = connected();
    client().deliver('/topic/prices', [1]);
    vi.advanceTimersByTime(10_000);
    expect(feed.getState()).toMatchObject({ status: 'open', connectionLost: false });
    vi.advanceTimersByTime(1_000);
    expect(feed.getState()).toMatchObject({ status: 'reconnecting', attempt: 1, connectionLost: true });
    expect(client().active).toBe(false);
    vi.advanceTimersByTime(500);
    expect(client().active).toBe(true);
    client().acceptConnect();
    client().deliver('/topic/prices', [2]);
    expect(feed.getState()).toMatchObject({ status: 'open', attempt: 0, connectionLost: false });
  });

  it('counts silence from the connect, not from a message of an earlier connection', () => {
    const { feed, client } = connected();
    client().deliver('/topic/prices', [1]);
    client().serverClose();
    vi.advanceTimersByTime(20_000);
    client().acceptConnect();
    vi.advanceTimersByTime(9_000);
    expect(feed.getState().status).toBe('open');
  });

  it('does not drop a socket without subscriptions as stale, and closes it IDLE_CLOSE_MS after the last left (EK9)', () => {
    const { feed, client, off } = connected();
    off();
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    expect(feed.getState()).toMatchObject({ status: 'open', connectionLost: false });
    vi.advanceTimersByTime(1);
    expect(client().active).toBe(false);
    expect(feed.getState()).toMatchObject({ status: 'idle', attempt: 0, connectionLost: false });
    // Nothing keeps running for a page without widgets: no stale check, no reconnect.
    expect(vi.getTimerCount()).toBe(0);
    // The next listener opens a socket again, with the same client, and gets its subscription on it.
    feed.subscribe('/topic/price.EURUSD', () => undefined);
    expect(feed.getState().status).toBe('connecting');
    client().acceptConnect();
    expect(client().activations).toBe(2);
    expect(client().subscribed()).toEqual(['/topic/price.EURUSD']);
  });

  it('keeps the socket and its subscriptions for a listener that comes back within IDLE_CLOSE_MS', () => {
    const { feed, client, off } = connected('/topic/price.EURUSD');
    off();
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    feed.subscribe('/topic/price.EURUSD', () => undefined);
    vi.advanceTimersByTime(1);
    expect(client().active).toBe(true);
    expect(client().activations).toBe(1);
    expect(feed.getState().status).toBe('open');
    expect(client().frames).toEqual([
      'SUBSCRIBE /topic/price.EURUSD',
      'UNSUBSCRIBE /topic/price.EURUSD',
      'SUBSCRIBE /topic/price.EURUSD',
    ]);
  });

  it("lets a brand's topic ride along: it never opens, keeps open or stales the socket (BE10)", () => {
    const { feed, client } = setup();
    const revisions: unknown[] = [];
    feed.subscribe(brandTopic('aurora'), (body) => revisions.push(body));
    // Alone it opens nothing: a page without prices opens no socket for its brand.
    expect(feed.getState().status).toBe('idle');
    expect(client).toThrow('has not created its client');
    const off = feed.subscribe('/topic/price.EURUSD', () => undefined);
    client().acceptConnect();
    expect(client().subscribed()).toEqual([brandTopic('aurora'), '/topic/price.EURUSD']);
    client().deliver(brandTopic('aurora'), { revision: 7 });
    expect(revisions).toEqual([{ revision: 7 }]);
    // With the prices gone, it neither counts as silent for too long nor keeps the socket from closing.
    off();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(client().active).toBe(false);
    expect(feed.getState()).toMatchObject({ status: 'idle', connectionLost: false });
    // The next prices open the socket again, and the brand's topic is held on it once more.
    feed.subscribe('/topic/price.EURUSD', () => undefined);
    client().acceptConnect();
    expect(client().subscribed()).toEqual([brandTopic('aurora'), '/topic/price.EURUSD']);
  });

  it('drops the socket on a STOMP ERROR frame and reconnects', () => {
    const { feed, client } = connected();
    client().config.onStompError();
    expect(feed.getState()).toMatchObject({ status: 'reconnecting', attempt: 1 });
  });

  it('connects again on retry after failing', () => {
    const { feed, client } = connected();
    for (let attempt = 1; attempt <= 11; attempt++) {
      client().serverClose();
      vi.advanceTimersByTime(500 * attempt);
    }
    expect(feed.getState().status).toBe('failed');
    feed.retry();
    expect(feed.getState()).toMatchObject({ status: 'reconnecting', attempt: 0 });
    client().acceptConnect();
    expect(feed.getState().status).toBe('open');
  });

  it('stops everything on close', () => {
    const { feed, client } = connected();
    client().serverClose();
    feed.close();
    vi.advanceTimersByTime(60_000);
    expect(client().active).toBe(false);
    expect(client().activations).toBe(1);
    expect(feed.getState().status).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('market feed start-up', () => {
  it('waits for the ready promise before connecting and stays idle when it rejects', async () => {
    const fake = fakeClientFactory();
    let fail!: (e: Error) => void;
    const ready = new Promise((_, reject) => (fail = reject));
    const feed = createMarketFeed({ url: () => 'wss://x.test/ws', clientFactory: fake.factory, ready });
    feed.subscribe('/topic/prices', () => undefined);
    expect(feed.getState().status).toBe('connecting');
    expect(() => fake.client()).toThrow();
    fail(new Error('no config'));
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().status).toBe('idle');
  });

  it('opens the socket with the url read at connect time', async () => {
    const fake = fakeClientFactory();
    const sockets: string[] = [];
    const feed = createMarketFeed({
      url: () => 'wss://x.test/market-ws',
      clientFactory: fake.factory,
      webSocketFactory: (url) => {
        sockets.push(url);
        return {} as never;
      },
      ready: Promise.resolve(),
    });
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    fake.client().config.webSocketFactory();
    expect(sockets).toEqual(['wss://x.test/market-ws']);
  });
});

/** A socket as the page's WebSocket is for `watchTraffic`: its events, its state and what it sent. */
function eventSocket(readyState: number = StompSocketState.OPEN) {
  const target = new EventTarget();
  const sent: string[] = [];
  const socket = Object.assign(target, { readyState, send: (data: string) => void sent.push(data) });
  const emit = (type: 'open' | 'message' | 'close') => socket.dispatchEvent(new Event(type));
  return {
    socket: socket as unknown as IStompSocket & { readyState: number },
    sent,
    frame: () => emit('message'),
    emit,
  };
}

/** A watch on the test's fake timers; `silences` counts its calls of onSilence. */
function fakeWatch(beatEveryMs = 5_000, silentMs = 20_000) {
  const calls = { silences: 0 };
  const watch = {
    beatEveryMs,
    silentMs,
    onSilence: () => void calls.silences++,
    now: () => Date.now(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  return { watch, calls };
}

describe('heart-beats and silence (EK60)', () => {
  it('runs stompjs on intervals, never a Worker, beats on the traffic of its socket and drops a silent one', async () => {
    const fake = fakeClientFactory();
    const { socket, sent, frame, emit } = eventSocket();
    const feed = createMarketFeed({
      url: () => 'wss://x.test/market-ws',
      clientFactory: fake.factory,
      webSocketFactory: () => socket,
      ready: Promise.resolve(),
      // A hidden tab: chained timers (the stale check's interval) wait for a minute's turn; not in this test.
      timers: { setInterval: () => 0, clearInterval: () => undefined },
    });
    feed.subscribe('/topic/prices', () => undefined);
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.client().config.heartbeatStrategy).toBe(TickerStrategy.Interval);
    expect(fake.client().config.heartbeatOutgoing).toBe(HEARTBEAT_MS);
    expect(fake.client().config.webSocketFactory()).toBe(socket);
    emit('open');
    fake.client().acceptConnect();
    frame();
    expect(sent).toEqual([]);
    // Half a heart-beat period after the socket opened, the next frame that arrives is answered with a beat.
    vi.advanceTimersByTime(HEARTBEAT_MS / 2);
    frame();
    expect(sent).toEqual(['\n']);
    // Then nothing for two periods: the link is taken for dead, by a timer its own frames armed.
    vi.advanceTimersByTime(2 * HEARTBEAT_MS - 1);
    expect(feed.getState().status).toBe('open');
    vi.advanceTimersByTime(1);
    expect(feed.getState().status).not.toBe('open');
    expect(feed.getState().connectionLost).toBe(true);
  });

  it('sends at most one beat per interval, however many frames arrive, and counts from its last beat', () => {
    let clock = 1_000;
    const { socket, sent, frame } = eventSocket();
    const { watch } = fakeWatch();
    expect(watchTraffic(socket, { ...watch, now: () => clock })).toBe(socket);
    const beats: number[] = [];
    for (const step of [1_000, 3_999, 1, 500, 4_499, 1, 60_000]) {
      clock += step;
      frame();
      beats.push(sent.length);
    }
    // 5,000 after the socket opened: the first beat; 5,000 after it: the second; a minute later (a throttled
    // tab's timers, not its messages): the third.
    expect(beats).toEqual([0, 0, 1, 1, 1, 2, 3]);
    expect(sent).toEqual(['\n', '\n', '\n']);
  });

  it('calls onSilence once an open socket has received nothing for silentMs, each frame starting the wait again', () => {
    const { socket, emit, frame } = eventSocket();
    const { watch, calls } = fakeWatch();
    watchTraffic(socket, watch);
    vi.advanceTimersByTime(60_000);
    expect(calls.silences).toBe(0); // not open yet: the connect timeout is the feed's
    emit('open');
    vi.advanceTimersByTime(15_000);
    frame();
    vi.advanceTimersByTime(19_999);
    expect(calls.silences).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.silences).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(calls.silences).toBe(1);
    // A socket that closed (or is closing) is no longer watched.
    frame();
    emit('close');
    vi.advanceTimersByTime(60_000);
    socket.readyState = StompSocketState.CLOSING;
    frame();
    vi.advanceTimersByTime(60_000);
    expect(calls.silences).toBe(1);
  });

  it('sends nothing on a socket that is not open, and leaves a socket without events as it is', () => {
    let clock = 0;
    const closing = eventSocket(StompSocketState.CLOSING);
    const { watch } = fakeWatch();
    watchTraffic(closing.socket, { ...watch, now: () => clock });
    clock = 10_000;
    closing.frame();
    expect(closing.sent).toEqual([]);
    const plain = { readyState: StompSocketState.OPEN, send: vi.fn() } as unknown as IStompSocket;
    expect(watchTraffic(plain, watch)).toBe(plain);
    expect(Object.keys(plain)).toEqual(['readyState', 'send']);
  });
});

describe('market feed: more symbols than a socket may hold one by one (EK18)', () => {
  const symbolTopic = (i: number) => `/topic/prices.S${i}`;

  it('takes the catalogue in place of the per-symbol topics past the limit, and gives them back below it', () => {
    const { feed, client } = setup();
    const got = new Map<string, unknown[]>();
    const offs = Array.from({ length: MAX_SYMBOL_SUBSCRIPTIONS }, (_, i) =>
      feed.subscribe(symbolTopic(i), (v) => got.set(`S${i}`, [...(got.get(`S${i}`) ?? []), v])),
    );
    feed.subscribe('/topic/kline.S0.1min', () => undefined);
    client().acceptConnect();
    expect(client().subscribed()).toHaveLength(MAX_SYMBOL_SUBSCRIPTIONS + 1);
    expect(client().subscribed()).not.toContain('/topic/prices');

    // One more symbol: the socket holds the catalogue and the kline topic, nothing per symbol.
    const last = MAX_SYMBOL_SUBSCRIPTIONS;
    offs.push(feed.subscribe(symbolTopic(last), (v) => got.set(`S${last}`, [v])));
    expect(client().subscribed().sort()).toEqual(['/topic/kline.S0.1min', '/topic/prices']);
    client().deliver('/topic/prices', [
      { symbol: 'S0', bidPrice: '1' },
      { symbol: `S${last}`, bidPrice: '2' },
      { symbol: 'OTHER', bidPrice: '3' },
    ]);
    expect(got.get('S0')).toEqual([{ symbol: 'S0', bidPrice: '1' }]);
    expect(got.get(`S${last}`)).toEqual([{ symbol: `S${last}`, bidPrice: '2' }]);
    expect(got.has('OTHER')).toBe(false);

    // Back at the limit: the per-symbol topics again, the catalogue released.
    offs.pop()!();
    expect(client().subscribed()).toHaveLength(MAX_SYMBOL_SUBSCRIPTIONS + 1);
    expect(client().subscribed()).not.toContain('/topic/prices');
    expect(client().subscribed()).toContain(symbolTopic(0));
  });

  it('keeps a widget of the whole catalogue served while the catalogue carries the symbols', () => {
    const { feed, client } = setup();
    const catalogue: unknown[] = [];
    feed.subscribe('/topic/prices', (v) => catalogue.push(v));
    const one: unknown[] = [];
    feed.subscribe(symbolTopic(0), (v) => one.push(v));
    for (let i = 1; i <= MAX_SYMBOL_SUBSCRIPTIONS; i += 1) feed.subscribe(symbolTopic(i), () => undefined);
    client().acceptConnect();
    expect(client().subscribed()).toEqual(['/topic/prices']);
    client().deliver('/topic/prices', [{ symbol: 'S0' }]);
    expect(catalogue).toEqual([[{ symbol: 'S0' }]]);
    expect(one).toEqual([{ symbol: 'S0' }]);
  });
});
