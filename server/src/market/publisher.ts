/**
 * Publishing to the STOMP broker: the whole book on /topic/prices every interval and, on the same beat, each
 * subscribed symbol's entry on /topic/prices.{SYMBOL} (ours, PP1: a partner page with a few symbols); one
 * symbol's entry and its forming candles on each of its ticks. Every destination also has a snapshot, so a new subscriber gets the
 * current value at once. Bodies are encoded only when someone listens, once per publish.
 */
import { KLINE_PERIODS, Topic } from '../../../src/core/contract/paths';
import type { Broker } from '../broker';
import { isKlinePeriod, type Klines } from './klines';
import type { Tick } from './price-source';
import type { QuoteBook } from './quote-book';

/** The part of `app.broker` the market module uses. */
export type MarketBroker = Pick<Broker, 'publish' | 'hasSubscribers' | 'setSnapshot'>;

const PRICE_PREFIX = Topic.price('');
const SYMBOL_PRICES_PREFIX = Topic.symbolPrices('');
const KLINE_PREFIX = '/topic/kline.';

/** What the publisher reads from and writes to. */
export interface PublisherOptions {
  broker: MarketBroker;
  book: QuoteBook;
  klines: Klines;
  /** Period of /topic/prices (default 500 ms). */
  intervalMs?: number;
  now?: () => number;
  /** Where a failing periodic publish is reported (default: rethrown). */
  onError?: (error: unknown) => void;
}

/** Pushes the book and the candles to the broker. */
export interface Publisher {
  /** Publish a tick's symbol topics (price and klines) to their subscribers. */
  onTick(tick: Tick): void;
  /** Publish /topic/prices and every /topic/prices.{SYMBOL} now, each if anyone subscribes. */
  publishPrices(): void;
  start(): void;
  stop(): void;
}

const encode = (value: unknown): string | undefined =>
  value === undefined ? undefined : JSON.stringify(value);

/**
 * A publisher; registers the snapshots of /topic/prices, /topic/prices.*, /topic/price.* and /topic/kline.* at
 * once.
 */
export function createPublisher(options: PublisherOptions): Publisher {
  const { broker, book, klines } = options;
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | undefined;
  // The book's symbols never change while it runs.
  const symbols = book.entries(now()).map((entry) => entry.symbol);

  broker.setSnapshot(Topic.prices, () => JSON.stringify(book.entries(now())));
  broker.setSnapshot(`${SYMBOL_PRICES_PREFIX}*`, (destination) =>
    encode(book.entry(destination.slice(SYMBOL_PRICES_PREFIX.length), now())),
  );
  broker.setSnapshot(`${PRICE_PREFIX}*`, (destination) =>
    encode(book.entry(destination.slice(PRICE_PREFIX.length), now())),
  );
  broker.setSnapshot(`${KLINE_PREFIX}*`, (destination) => {
    // kline.{SYMBOL}.{period}: the period is after the last dot.
    const rest = destination.slice(KLINE_PREFIX.length);
    const dot = rest.lastIndexOf('.');
    const period = rest.slice(dot + 1);
    return dot > 0 && isKlinePeriod(period) ? encode(klines.forming(rest.slice(0, dot), period)) : undefined;
  });

  function publishPrices(): void {
    // Published whatever the market state: a steady message also tells clients the feed is alive.
    if (broker.hasSubscribers(Topic.prices))
      broker.publish(Topic.prices, JSON.stringify(book.entries(now())));
    for (const symbol of symbols) {
      const topic = Topic.symbolPrices(symbol);
      if (!broker.hasSubscribers(topic)) continue;
      const body = encode(book.entry(symbol, now()));
      if (body) broker.publish(topic, body);
    }
  }

  return {
    onTick(tick) {
      const priceTopic = Topic.price(tick.symbol);
      if (broker.hasSubscribers(priceTopic)) {
        const body = encode(book.entry(tick.symbol, now()));
        if (body) broker.publish(priceTopic, body);
      }
      for (const period of KLINE_PERIODS) {
        const topic = Topic.kline(tick.symbol, period);
        if (!broker.hasSubscribers(topic)) continue;
        const body = encode(klines.forming(tick.symbol, period));
        if (body) broker.publish(topic, body);
      }
    },
    publishPrices,
    start() {
      timer ??= setInterval(() => {
        try {
          publishPrices();
        } catch (error) {
          if (!options.onError) throw error;
          options.onError(error);
        }
      }, options.intervalMs ?? 500);
      timer.unref?.();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
