import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import type { PriceEntry } from '../contract/types';
import { fakeClientFactory } from '../feeds/fake-stomp-client.fixture';
import { createMarketFeed } from '../feeds/market-feed';
import type { QuoteView } from '../runtime/types';
import { createPlatformAtoms, mergePrices } from './atoms';

const entry = (symbol: string, price: string): PriceEntry => ({
  symbol,
  name: symbol,
  bidPrice: price,
  askPrice: price,
  price,
  priceChangePercent: '0.10',
  type: 3,
  sort: 1,
  volume: '0',
  lastUpdate: 1,
  openPrice: price,
  highPrice: price,
  lowPrice: price,
  pricePrecision: 5,
  logoUrl: '',
  marketOpen: true,
});

beforeEach(() => vi.useFakeTimers({ now: 5_000 }));
afterEach(() => vi.useRealTimers());

function setup() {
  const fake = fakeClientFactory();
  const feed = createMarketFeed({ url: () => 'wss://x.test/market-ws', clientFactory: fake.factory });
  const atoms = createPlatformAtoms({ feed });
  const store = createStore();
  return { feed, atoms, store, client: fake.client };
}

describe('mergePrices', () => {
  it('stamps every entry with receivedAt and keeps symbols the message left out', () => {
    const first = mergePrices(new Map(), [entry('EURUSD', '1.1'), entry('XAUUSD', '2300')], 10);
    const second = mergePrices(first, [entry('EURUSD', '1.2')], 20);
    expect(second.get('EURUSD')).toMatchObject({ price: '1.2', receivedAt: 20 });
    expect(second.get('XAUUSD')).toMatchObject({ price: '2300', receivedAt: 10 });
    expect(first.get('EURUSD')?.price).toBe('1.1');
  });

  it('accepts a single entry and ignores what is not an entry', () => {
    const prev: ReadonlyMap<string, QuoteView> = new Map();
    expect(mergePrices(prev, entry('BTCUSDT', '60000'), 1).size).toBe(1);
    expect(mergePrices(prev, [null, 3, { price: '1' }], 1)).toBe(prev);
    expect(mergePrices(prev, 'text', 1)).toBe(prev);
  });
});

describe('createPlatformAtoms', () => {
  it('subscribes /topic/prices while prices is mounted and releases it on unmount', () => {
    const { atoms, store, client } = setup();
    const offA = store.sub(atoms.prices, () => undefined);
    const offB = store.sub(atoms.prices, () => undefined);
    client().acceptConnect();
    expect(client().subscribed()).toEqual(['/topic/prices']);
    vi.setSystemTime(7_000);
    client().deliver('/topic/prices', [entry('EURUSD', '1.08')]);
    expect(store.get(atoms.prices).get('EURUSD')).toMatchObject({ price: '1.08', receivedAt: 7_000 });
    offA();
    expect(client().frames).toEqual(['SUBSCRIBE /topic/prices']);
    offB();
    expect(client().frames).toEqual(['SUBSCRIBE /topic/prices', 'UNSUBSCRIBE /topic/prices']);
  });

  it('fills prices from the replayed last message when mounted late', async () => {
    const { feed, atoms, store, client } = setup();
    feed.subscribe('/topic/prices', () => undefined);
    client().acceptConnect();
    client().deliver('/topic/prices', [entry('GBPUSD', '1.27')]);
    store.sub(atoms.prices, () => undefined);
    await Promise.resolve();
    expect([...store.get(atoms.prices).keys()]).toEqual(['GBPUSD']);
  });

  it('mirrors the feed state while mounted', () => {
    const { atoms, store, client } = setup();
    store.sub(atoms.feedState, () => undefined);
    store.sub(atoms.prices, () => undefined);
    expect(store.get(atoms.feedState).status).toBe('connecting');
    client().acceptConnect();
    expect(store.get(atoms.feedState).status).toBe('open');
    client().serverClose();
    expect(store.get(atoms.feedState)).toMatchObject({ status: 'reconnecting', connectionLost: true });
  });

  it('ticks the clock every second only while mounted', () => {
    const { atoms, store } = setup();
    const off = store.sub(atoms.clock, () => undefined);
    expect(store.get(atoms.clock)).toBe(5_000);
    vi.advanceTimersByTime(1_000);
    expect(store.get(atoms.clock)).toBe(6_000);
    off();
    vi.advanceTimersByTime(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts with empty config atoms and the given language', () => {
    const { feed, store } = setup();
    const atoms = createPlatformAtoms({ feed, language: 'ja' });
    expect([store.get(atoms.config), store.get(atoms.configError), store.get(atoms.systemConfig)]).toEqual([
      null,
      null,
      null,
    ]);
    expect(store.get(atoms.language)).toBe('ja');
  });
});
