import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KlinePoint, PriceEntry } from '../../../src/core/contract/types';
import { INSTRUMENTS } from './instruments';
import { createKlines } from './klines';
import type { Tick } from './price-source';
import { createPublisher } from './publisher';
import { createQuoteBook } from './quote-book';
import { createSimulator } from './simulator';
import { createRecordingBroker } from './test-app';

const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');

function setUp() {
  const broker = createRecordingBroker();
  const source = createSimulator({ instruments: INSTRUMENTS, seed: 4, startMs: WEDNESDAY });
  const book = createQuoteBook(INSTRUMENTS, source);
  const klines = createKlines(INSTRUMENTS);
  const clock = { now: WEDNESDAY };
  const publisher = createPublisher({
    broker,
    book,
    klines,
    now: () => clock.now,
    intervalMs: 10,
  });
  const ticks: Tick[] = [];
  source.onTick((t) => {
    book.apply(t);
    klines.apply(t);
    publisher.onTick(t);
    ticks.push(t);
  });
  const step = (ms: number) => source.stepTo((clock.now += ms));
  return { broker, publisher, ticks, step };
}

describe('publishing to the broker', () => {
  afterEach(() => vi.useRealTimers());

  it('publishes nothing to a destination without subscribers', () => {
    const { broker, publisher, ticks, step } = setUp();
    step(5_000);
    publisher.publishPrices();
    expect(ticks.length).toBeGreaterThan(0);
    expect(broker.published).toEqual([]);
  });

  it('publishes /topic/prices as a PriceEntry array of every instrument', () => {
    const { broker, publisher, step } = setUp();
    broker.subscribed.add('/topic/prices');
    step(1_000);
    publisher.publishPrices();
    expect(broker.published.map((p) => p.destination)).toEqual(['/topic/prices']);
    const entries = JSON.parse(broker.published[0]?.body ?? '[]') as PriceEntry[];
    expect(entries).toHaveLength(INSTRUMENTS.length);
    expect(entries[0]).toMatchObject({ symbol: 'BTCUSDT', marketOpen: true, type: 1 });
    expect(typeof entries[0]?.bidPrice).toBe('string');
  });

  it('publishes a symbol price and its forming candles on each of its ticks only', () => {
    const { broker, ticks, step } = setUp();
    broker.subscribed.add('/topic/price.ETHUSDT').add('/topic/kline.ETHUSDT.5min');
    step(5_000);
    const eth = ticks.filter((t) => t.symbol === 'ETHUSDT');
    const prices = broker.published.filter((p) => p.destination === '/topic/price.ETHUSDT');
    const candles = broker.published.filter((p) => p.destination === '/topic/kline.ETHUSDT.5min');
    expect(eth.length).toBeGreaterThan(0);
    expect(prices).toHaveLength(eth.length);
    expect(candles).toHaveLength(eth.length);
    expect(broker.published).toHaveLength(2 * eth.length);
    const last = eth.at(-1);
    expect((JSON.parse(prices.at(-1)?.body ?? '{}') as PriceEntry).lastUpdate).toBe(last?.time);
    expect((JSON.parse(candles.at(-1)?.body ?? '{}') as KlinePoint).time).toBe(
      Date.parse('2026-03-11T10:00:00Z'),
    );
  });

  it('offers a snapshot of every destination to new subscribers', () => {
    const { broker, step } = setUp();
    expect(broker.snapshot('/topic/kline.BTCUSDT.1min')).toBeUndefined();
    step(2_000);
    expect((JSON.parse(broker.snapshot('/topic/prices') ?? '[]') as PriceEntry[]).length).toBe(
      INSTRUMENTS.length,
    );
    expect((JSON.parse(broker.snapshot('/topic/price.EURUSD') ?? '{}') as PriceEntry).symbol).toBe('EURUSD');
    expect(
      (JSON.parse(broker.snapshot('/topic/kline.BTCUSDT.1min') ?? '{}') as KlinePoint).openPrice,
    ).toMatch(/^\d+\.\d{2}$/);
    expect(broker.snapshot('/topic/price.NOPE')).toBeUndefined();
    expect(broker.snapshot('/topic/kline.BTCUSDT.2min')).toBeUndefined();
    expect(broker.snapshot('/topic/kline.BTCUSDT')).toBeUndefined();
  });

  it('offers the forming candle as the snapshot and publishes the new candle when a bucket rolls over', () => {
    const { broker, ticks, step } = setUp();
    const topic = '/topic/kline.BTCUSDT.1min';
    broker.subscribed.add(topic);
    step(50_000);
    const first = JSON.parse(broker.snapshot(topic) ?? '{}') as KlinePoint;
    expect(first.time).toBe(WEDNESDAY);
    expect(first).toEqual(JSON.parse(broker.published.at(-1)?.body ?? '{}'));
    step(20_000);
    const bodies = broker.published.filter((p) => p.destination === topic).map((p) => JSON.parse(p.body));
    const times = [...new Set(bodies.map((c: KlinePoint) => c.time))];
    expect(times).toEqual([WEDNESDAY, WEDNESDAY + 60_000]);
    const lastTick = ticks.filter((t) => t.symbol === 'BTCUSDT').at(-1);
    expect((JSON.parse(broker.snapshot(topic) ?? '{}') as KlinePoint).time).toBe(WEDNESDAY + 60_000);
    expect(bodies.at(-1)).toMatchObject({ time: WEDNESDAY + 60_000, closePrice: expect.any(String) });
    expect(lastTick?.time).toBeGreaterThanOrEqual(WEDNESDAY + 60_000);
  });

  it('publishes /topic/prices on its interval once started, and stops', () => {
    // The interval is a real timer: faked, so the test steps it instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { broker, publisher } = setUp();
    broker.subscribed.add('/topic/prices');
    publisher.start();
    vi.advanceTimersByTime(55);
    publisher.stop();
    const count = broker.published.length;
    vi.advanceTimersByTime(30);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(broker.published.length).toBe(count);
  });
});
