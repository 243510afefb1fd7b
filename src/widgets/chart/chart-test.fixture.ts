/**
 * Test support of the chart widget: a real platform (core api client, feed, atoms, i18n) whose scripted
 * fetch also answers the product list and market status, and a recording engine without a canvas
 * (jsdom has none; klinecharts itself is exercised by the browser benchmarks and e2e tests).
 */
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import { Topic } from '../../core/contract/paths';
import type { PriceEntry, ProductInfo } from '../../core/contract/types';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import type { FakeStompClient } from '../../core/feeds/fake-stomp-client.fixture';
import { ALL_STRINGS } from '../../core/i18n/english.fixture';
import { createI18n } from '../../core/i18n/i18n';
import { createPlatform } from '../../core/runtime/platform';
import type { OwnedPlatform } from '../../core/runtime/platform';
import { resetPageStoreForTests } from '../../core/state/store';
import type { ChartEngine, EngineEvents, SeriesView, createChartEngine } from './chart-engine';
import type { EngineLoader } from './use-chart-engine';

export const ORIGIN = 'https://platform.test';

/** What the scripted market service answers; change it between steps of a test. */
export interface MarketScript {
  products: ProductInfo[] | null;
  status: Record<string, string>;
  /** While set, `market/history` answers (not found, as always here) only once it settles. */
  historyHeld?: Promise<void>;
}

/** A platform plus the handles a chart test drives. */
export interface ChartTestPlatform {
  platform: OwnedPlatform;
  script: MarketScript;
  fetched: string[];
  client: () => FakeStompClient;
  connect(): Promise<void>;
  publish(entries: PriceEntry[]): void;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ code: 0, msg: 'success', data });

/** A fresh platform on a fresh page store. */
export function createChartPlatform(script: Partial<MarketScript> = {}): ChartTestPlatform {
  resetPageStoreForTests();
  const state: MarketScript = { products: [], status: {}, ...script };
  const fetched: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    fetched.push(path);
    if (path === '/config.json') return json(sampleConfigJson());
    if (path === '/market/history' && state.historyHeld) await state.historyHeld;
    if (path.endsWith('/getAllConfigStatusWeb')) return ok({ systemConfigs: [], walletType: 0 });
    if (path === '/v1/wa-na/forex/product/list')
      return state.products ? ok(state.products) : new Response('down', { status: 500 });
    const status = /^\/market\/status\/(.+)$/.exec(path);
    if (status) {
      const text = state.status[decodeURIComponent(status[1] ?? '')];
      return text ? ok(text) : json({ code: 604, msg: 'pair does not exist', data: null });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  const stomp = fakeClientFactory();
  const platform = createPlatform({
    origin: ORIGIN,
    fetchImpl,
    clientFactory: stomp.factory,
    i18n: createI18n({ strings: ALL_STRINGS }),
  });
  return {
    platform,
    script: state,
    fetched,
    client: stomp.client,
    async connect() {
      for (let i = 0; i < 100; i++) {
        try {
          const client = stomp.client();
          if (client.active) return client.acceptConnect();
        } catch {
          // The feed waits for config.json before it makes its client.
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('the market feed never activated its client');
    },
    publish(entries) {
      stomp.client().deliver(Topic.prices, entries);
    },
  };
}

/** A product as `forex/product/list` lists it, open around the clock. */
export function productInfo(overrides: Partial<ProductInfo> & Pick<ProductInfo, 'productCode'>): ProductInfo {
  const allDay = { marketStartTime: '00:00', marketCloseTime: '24:00' };
  return {
    productName: overrides.productCode,
    type: 3,
    sort: 1,
    maxCount: '100',
    minCount: '0.01',
    countNum: '0.01',
    multiple: 100,
    pip: '0.00001',
    pricePrecision: 5,
    contractSize: '100000',
    sessions: Array.from({ length: 7 }, () => allDay),
    tradeStatus: 1,
    logoUrl: '',
    feeType: 'PERCENTAGE',
    feeValue: '0.002',
    ...overrides,
  };
}

/** Every call the widget made on the engine, in order, with the engine's event hooks to answer. */
export interface RecordingEngine {
  calls: Array<[string, ...unknown[]]>;
  /** The engine itself (for parts of the widget that are handed one). */
  engine: ChartEngine;
  events: () => EngineEvents;
  /** The last series shown. */
  shown: () => SeriesView | undefined;
  last: (method: keyof ChartEngine) => unknown[] | undefined;
  loader: EngineLoader;
  /** The engine factory itself (what the loader resolves to). */
  create: typeof createChartEngine;
  created: () => number;
}

/** An engine loader whose engines record calls instead of drawing. */
export function recordingEngine(): RecordingEngine {
  const calls: Array<[string, ...unknown[]]> = [];
  let hooks: EngineEvents | null = null;
  let created = 0;
  const record =
    (name: string, result?: unknown) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return result;
    };
  const engine: ChartEngine = {
    show: record('show') as ChartEngine['show'],
    setLive: record('setLive') as ChartEngine['setLive'],
    setCandleType: record('setCandleType') as ChartEngine['setCandleType'],
    setAppearance: record('setAppearance') as ChartEngine['setAppearance'],
    setIndicators: record('setIndicators') as ChartEngine['setIndicators'],
    setLabels: record('setLabels') as ChartEngine['setLabels'],
    setTimezone: record('setTimezone') as ChartEngine['setTimezone'],
    draw: record('draw') as ChartEngine['draw'],
    setTradeLines: record('setTradeLines') as ChartEngine['setTradeLines'],
    deleteSelected: record('deleteSelected', true) as ChartEngine['deleteSelected'],
    deleteAll: record('deleteAll') as ChartEngine['deleteAll'],
    zoom: record('zoom') as ChartEngine['zoom'],
    shift: record('shift') as ChartEngine['shift'],
    screenshot: record('screenshot', 'data:image/jpeg;base64,') as ChartEngine['screenshot'],
    retry: record('retry') as ChartEngine['retry'],
    dispose: record('dispose') as ChartEngine['dispose'],
  };
  const last = (method: string) =>
    calls
      .filter((c) => c[0] === method)
      .at(-1)
      ?.slice(1);
  const create: typeof createChartEngine = (_el, _loader, events) => {
    created++;
    hooks = events;
    return engine;
  };
  return {
    calls,
    engine,
    events: () => {
      if (!hooks) throw new Error('no engine created yet');
      return hooks;
    },
    shown: () => last('show')?.[0] as SeriesView | undefined,
    last,
    created: () => created,
    create,
    loader: async () => ({ createChartEngine: create }),
  };
}

/**
 * The chart engine module as pages' tests mock it: a recording engine instead of klinecharts, and the real
 * lazily-loaded trade-lines layer. `vi.mock(import('…/chart-engine'), () => chartEngineModule())`.
 */
export function chartEngineModule() {
  return {
    createChartEngine: recordingEngine().create,
    loadTradeLines: () => import('./trade-lines'),
  };
}
