/**
 * Product info (`forex/product/list`, once per page) and market status (`status/{symbol}`, again every
 * 60 s while a chart shows the symbol, spec §9 product info refresh). Outside React state on purpose: r2wc
 * remounts on a move, and two charts of one page must not fetch twice. The two declarations load with the
 * first call (their chunk arrives while the call waits for the config), not with the chart's first paint.
 */
import type * as MarketContract from '../../core/contract/market';
import type { ProductInfo } from '../../core/contract/types';
import { pageSingletonMap } from '../../core/runtime/page-singleton';
import type { Platform } from '../../core/runtime/types';
import type { MarketStatus } from './chart.logic';

/** How often a watched symbol's status (and a failed product list) is fetched again. */
export const REFRESH_MS = 60_000;

/** Product and status lookups of one platform. */
export interface MarketInfo {
  /** undefined while the list is not loaded; null when the list has no such product. */
  product(symbol: string): ProductInfo | null | undefined;
  /** null until the status of the symbol is known. */
  status(symbol: string): MarketStatus | null;
  /** Keep the symbol's status fresh while the returned release is not called. */
  watch(symbol: string): () => void;
  /** Fetch the status now (e.g. the live quote says the market opened or closed). */
  refreshStatus(symbol: string): void;
  subscribe(listener: () => void): () => void;
  /** Changes whenever anything above changes (a snapshot for useSyncExternalStore). */
  version(): number;
}

/** The declarations of the two calls, loaded once. */
let declarations: Promise<typeof MarketContract> | undefined;
function market() {
  declarations ??= import('../../core/contract/market');
  declarations.catch(() => (declarations = undefined));
  return declarations;
}

/** The status text of `status/{symbol}`: closed and early_trading block, anything else is open. */
export function parseStatus(data: unknown): MarketStatus | null {
  if (typeof data !== 'string' || !data.trim()) return null;
  const text = data.trim().toLowerCase();
  return text === 'closed' || text === 'early_trading' ? text : 'open';
}

const stores = pageSingletonMap<Platform, MarketInfo>('chart.marketInfo', (platform) =>
  createMarketInfo(platform),
);

/** The market info of a platform (one per page). */
export function marketInfo(platform: Platform): MarketInfo {
  return stores.get(platform);
}

function createMarketInfo(platform: Platform): MarketInfo {
  const listeners = new Set<() => void>();
  const statuses = new Map<string, MarketStatus>();
  const watchers = new Map<string, { count: number; timer: ReturnType<typeof setInterval> }>();
  const statusInFlight = new Set<string>();
  let products: Map<string, ProductInfo> | null = null;
  let listInFlight = false;
  let version = 0;
  const changed = () => {
    version++;
    for (const listener of [...listeners]) listener();
  };

  function loadProducts(): void {
    if (products || listInFlight) return;
    listInFlight = true;
    void market()
      .then(({ productList }) => platform.api.call(productList, {}, { silent: true }))
      .then((result) => {
        if (!result.ok || !Array.isArray(result.data)) return;
        products = new Map(result.data.map((p) => [p.productCode, p]));
        changed();
      })
      // The declarations' chunk did not load: like a failed call, the next refresh tries again.
      .catch(() => undefined)
      .finally(() => (listInFlight = false));
  }

  function refreshStatus(symbol: string): void {
    loadProducts();
    if (statusInFlight.has(symbol)) return;
    statusInFlight.add(symbol);
    void market()
      .then(({ marketStatus }) => platform.api.call(marketStatus, { symbol }, { silent: true }))
      .then((result) => {
        const status = result.ok ? parseStatus(result.data) : null;
        if (status === null || statuses.get(symbol) === status) return;
        statuses.set(symbol, status);
        changed();
      })
      .catch(() => undefined)
      .finally(() => statusInFlight.delete(symbol));
  }

  return {
    product: (symbol) => (products ? (products.get(symbol) ?? null) : undefined),
    status: (symbol) => statuses.get(symbol) ?? null,
    watch(symbol) {
      const watcher = watchers.get(symbol);
      if (watcher) watcher.count++;
      else {
        refreshStatus(symbol);
        watchers.set(symbol, { count: 1, timer: setInterval(() => refreshStatus(symbol), REFRESH_MS) });
      }
      let released = false;
      return () => {
        const current = watchers.get(symbol);
        if (released || !current) return;
        released = true;
        if (--current.count > 0) return;
        clearInterval(current.timer);
        watchers.delete(symbol);
      };
    },
    refreshStatus,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
