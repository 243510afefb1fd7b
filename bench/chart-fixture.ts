// Browser side of the chart benchmarks: deterministic candles and a page platform whose market service and
// socket live in the page (the widget's real core: api client, feed, atoms, i18n), so a run measures the
// widget and klinecharts, not a network.
import { sampleConfigJson } from '../src/core/config/runtime-config.fixture';
import type { KlinePoint, ProductInfo } from '../src/core/contract/types';
import { fakeClientFactory } from '../src/core/feeds/fake-stomp-client.fixture';
import type { FakeStompClient } from '../src/core/feeds/fake-stomp-client.fixture';
import { createPlatform } from '../src/core/runtime/platform';

export const SYMBOL = 'BENCHUSD';
export const MINUTE = 60_000;
export const PRECISION = 5;

/** A seeded generator (mulberry32): every run draws the same candles. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` one-minute candles ending at the current minute, prices as decimal strings like the server's. */
export function candles(count: number, seed = 7): KlinePoint[] {
  const next = random(seed);
  const end = Math.floor(Date.now() / MINUTE) * MINUTE;
  let price = 1.1;
  return Array.from({ length: count }, (_, i) => {
    const open = price;
    const close = Math.max(0.5, open * (1 + (next() - 0.5) * 0.002));
    const high = Math.max(open, close) * (1 + next() * 0.0005);
    const low = Math.min(open, close) * (1 - next() * 0.0005);
    price = close;
    const volume = (10 + next() * 90).toFixed(2);
    return {
      time: end - (count - 1 - i) * MINUTE,
      openPrice: open.toFixed(PRECISION),
      closePrice: close.toFixed(PRECISION),
      highestPrice: high.toFixed(PRECISION),
      lowestPrice: low.toFixed(PRECISION),
      volume,
      turnover: (Number(volume) * close).toFixed(4),
    };
  });
}

/** The `market/history` answer around `points`, as the bytes a server would send. */
export function historyBody(points: KlinePoint[]): string {
  return JSON.stringify({ code: 0, msg: 'success', data: points });
}

function product(): ProductInfo {
  const allDay = { marketStartTime: '00:00', marketCloseTime: '24:00' };
  return {
    productCode: SYMBOL,
    productName: 'Bench / US Dollar',
    type: 1,
    sort: 1,
    maxCount: '100',
    minCount: '0.01',
    countNum: '0.01',
    multiple: 100,
    pip: '0.00001',
    pricePrecision: PRECISION,
    contractSize: '1',
    sessions: Array.from({ length: 7 }, () => allDay),
    tradeStatus: 1,
    logoUrl: '',
    feeType: 'PERCENTAGE',
    feeValue: '0.002',
  };
}

/**
 * Create the page's platform (the one `getPlatform` hands to every widget) with an in-page market service
 * answering `history` with `history` and a socket the benchmark drives.
 */
export function installPlatform(history: string): { client: () => FakeStompClient } {
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'success', data }));
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/config.json') return new Response(JSON.stringify(sampleConfigJson()));
    if (path.endsWith('/getAllConfigStatusWeb')) return ok({ systemConfigs: [], walletType: 0 });
    if (path.endsWith('/forex/product/list')) return ok([product()]);
    if (path.startsWith('/market/status/')) return ok('open');
    if (path === '/market/history') return new Response(history);
    if (path === '/market/history/limit') return ok([]);
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  const stomp = fakeClientFactory();
  const platform = createPlatform({ origin: location.origin, fetchImpl, clientFactory: stomp.factory });
  // The slot getPlatform() reads (src/core/runtime/platform.ts): every widget of the page gets this one.
  (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('tradekit.platform')] = platform;
  return { client: stomp.client };
}

/** Resolve after `frames` animation frames (a frame painted after the work before it). */
export function frames(count = 2): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });
}

/** Resolve when `read()` is true, checking on every DOM change of `root` and every frame. */
export function until(read: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (read()) return resolve();
      if (performance.now() - started > timeoutMs) return reject(new Error('timed out'));
      requestAnimationFrame(check);
    };
    check();
  });
}

/** Add a `<tk-chart>` of the bench symbol sized `width` × `height`. */
export function mountChart(width: number, height: number): HTMLElement {
  const el = document.createElement('tk-chart');
  el.setAttribute('symbol', SYMBOL);
  el.setAttribute('period', '1min');
  el.style.cssText = `display:block;width:${width}px;height:${height}px`;
  document.body.append(el);
  return el;
}

/** The chart area of a mounted widget. */
export function canvasOf(el: HTMLElement): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>('[data-testid="chart-canvas"]') ?? null;
}
