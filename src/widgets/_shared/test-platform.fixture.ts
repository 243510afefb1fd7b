/**
 * A real platform (core api client, config loading, market feed, atoms, i18n) for widget tests, with a
 * scripted fetch and a fake STOMP client instead of the network.
 */
import { vi } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import { Topic } from '../../core/contract/paths';
import type { PriceEntry } from '../../core/contract/types';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import type { FakeStompClient } from '../../core/feeds/fake-stomp-client.fixture';
import { ALL_STRINGS } from '../../core/i18n/english.fixture';
import { createI18n } from '../../core/i18n/i18n';
import { createPlatform } from '../../core/runtime/platform';
import type { OwnedPlatform } from '../../core/runtime/platform';
import { resetPageStoreForTests } from '../../core/state/store';

export const TEST_ORIGIN = 'https://platform.test';

export interface TestPlatformOptions {
  /** config.json overrides; null answers 404. */
  config?: Record<string, unknown> | null;
  /** `thumb/{symbol}` points per symbol; other symbols answer code 604. */
  thumbs?: Record<string, Array<{ time: number; price: string }>>;
  now?: () => number;
  /** The test's own answer to a path (its promise may wait); undefined: the fixture's (404 for unknown paths). */
  answer?: (path: string) => Promise<Response> | undefined;
}

export interface TestPlatform {
  platform: OwnedPlatform;
  /** Paths the platform fetched, in order. */
  fetched: string[];
  /** The fake STOMP client once the feed has made it. */
  client: () => FakeStompClient;
  /** Accept the socket once the feed activated it (after config.json loaded). */
  connect(): Promise<void>;
  /** Publish one beat as the server does: `/topic/prices`, and each entry on its `/topic/prices.{SYMBOL}`. */
  publish(entries: PriceEntry[]): void;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A fresh platform on a fresh page store. */
export function createTestPlatform(options: TestPlatformOptions = {}): TestPlatform {
  resetPageStoreForTests();
  const fetched: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    fetched.push(url.pathname);
    if (url.pathname === '/config.json') {
      return options.config === null
        ? new Response('missing', { status: 404 })
        : json(sampleConfigJson(options.config));
    }
    const thumb = /^\/market\/thumb\/([^/]+)$/.exec(url.pathname);
    if (thumb) {
      const symbol = decodeURIComponent(thumb[1] ?? '');
      const points = options.thumbs?.[symbol];
      return json(
        points
          ? { code: 0, msg: 'success', data: { symbol, points } }
          : { code: 604, msg: 'pair does not exist', data: null },
      );
    }
    const own = options.answer?.(url.pathname);
    if (own) return own;
    if (url.pathname.endsWith('/getAllConfigStatusWeb'))
      return json({ code: 0, msg: 'success', data: { systemConfigs: [], walletType: 0 } });
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  const stomp = fakeClientFactory();
  const platform = createPlatform({
    origin: TEST_ORIGIN,
    fetchImpl,
    clientFactory: stomp.factory,
    now: options.now,
    // Components render here without their element: every widget's English strings, as on the host.
    i18n: createI18n({ strings: ALL_STRINGS }),
  });
  return {
    platform,
    fetched,
    client: stomp.client,
    async connect() {
      // The feed creates its client once config.json has loaded; on a loaded machine that can take a while, so
      // the wait is for the condition (up to 10 s), not for a fixed number of tries.
      const client = await vi.waitFor(
        () => {
          let created: ReturnType<typeof stomp.client> | undefined;
          try {
            created = stomp.client();
          } catch {
            // Not created yet: the feed waits for config.json.
          }
          if (!created?.active) throw new Error('the market feed never activated its client');
          return created;
        },
        { timeout: 10_000, interval: 5 },
      );
      client.acceptConnect();
    },
    publish(entries) {
      stomp.client().deliver(Topic.prices, entries);
      for (const entry of entries) stomp.client().deliver(Topic.symbolPrices(entry.symbol), entry);
    },
  };
}

/** Resolves in the next animation frame (jsdom draws them): where the quote table's rows hear their quotes (EK34). */
export const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** A plausible quote; override what a test is about. */
export function priceEntry(overrides: Partial<PriceEntry> & Pick<PriceEntry, 'symbol'>): PriceEntry {
  return {
    name: overrides.symbol,
    bidPrice: '1.08230',
    askPrice: '1.08250',
    price: '1.08240',
    priceChangePercent: '0.12',
    type: 3,
    sort: 1,
    volume: '1000',
    lastUpdate: Date.now(),
    openPrice: '1.08100',
    highPrice: '1.08400',
    lowPrice: '1.08000',
    pricePrecision: 5,
    logoUrl: '',
    marketOpen: true,
    ...overrides,
  };
}
