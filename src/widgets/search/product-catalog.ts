/**
 * The product list (`forex/product/list`) of one platform, fetched once when a search first needs it and
 * kept outside React state: r2wc remounts on a move and a keystroke must not cost a request. A failed
 * fetch is tried again on the next use, at most once a minute.
 */
import { productList } from '../../core/contract/market';
import type { ProductInfo } from '../../core/contract/types';
import { pageSingletonMap } from '../../core/runtime/page-singleton';
import type { Platform } from '../../core/runtime/types';

/** How long after a failure the list is not asked for again. */
export const RETRY_AFTER_MS = 60_000;

/** The products of one platform. */
export interface ProductCatalog {
  /** The list once loaded; empty before. */
  products(): readonly ProductInfo[];
  /** Fetch the list unless loaded, loading, or failed less than a minute ago. */
  load(): void;
  subscribe(listener: () => void): () => void;
}

const catalogs = pageSingletonMap<Platform, ProductCatalog, [now: () => number]>(
  'search.productCatalog',
  (platform, now) => createCatalog(platform, now),
);
const EMPTY: readonly ProductInfo[] = [];

/** The catalog of a platform (one per page; `now` only matters for the first call). */
export function productCatalog(platform: Platform, now: () => number = Date.now): ProductCatalog {
  return catalogs.get(platform, now);
}

function createCatalog(platform: Platform, now: () => number): ProductCatalog {
  const listeners = new Set<() => void>();
  let list: readonly ProductInfo[] | null = null;
  let loading = false;
  let failedAt = -Infinity;
  return {
    products: () => list ?? EMPTY,
    load() {
      if (list || loading || now() - failedAt < RETRY_AFTER_MS) return;
      loading = true;
      void platform.api
        .call(productList, {}, { silent: true })
        .then((result) => {
          if (!result.ok || !Array.isArray(result.data)) {
            failedAt = now();
            return;
          }
          list = result.data;
          for (const listener of [...listeners]) listener();
        })
        .finally(() => (loading = false));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
