/**
 * What a page loads once its config is there, after its first paint: the system config (§3), and the brand's
 * topic on the market socket (BE10). When the topic names another revision than the page's config has, the page
 * loads `/config.json` and the system config again and puts them in the store, so an operator's brand edit shows
 * on open pages and in every embedded widget without a reload. The topic rides along on the socket the page's
 * prices open; it never opens one itself (a page without prices takes the edit on its next load).
 */
import { loadRuntimeConfig } from '../config/runtime-config';
import { systemConfig } from '../contract/brand';
import { brandTopic } from '../contract/paths';
import type { RuntimeConfig } from '../contract/types';
import type { WritablePlatformAtoms } from '../state/atoms';
import type { Store } from '../state/store';
import type { ApiClient, MarketFeed } from './types';

/** What followBrand reads and writes: the platform's parts and how it loaded its config. */
export interface BrandFollowDeps {
  origin: string;
  brand?: string | null;
  fetchImpl?: typeof fetch;
  api: ApiClient;
  feed: MarketFeed;
  store: Store;
  atoms: WritablePlatformAtoms;
  /** Called with each newer config before it is put in the store. */
  onConfig?: (config: RuntimeConfig) => void;
}

const revisionOf = (config: RuntimeConfig | null) => config?.brand.revision ?? 0;

/** Loads the system config and follows the brand's revision; returns the stop. The config must be loaded. */
export function followBrand(deps: BrandFollowDeps): () => void {
  const { store, atoms } = deps;
  let stopped = false;
  let wanted = revisionOf(store.get(atoms.config));
  let running = false;

  const loadSystemConfig = async () => {
    const result = await deps.api.call(systemConfig, {}, { silent: true });
    if (stopped) return;
    if (result.ok) store.set(atoms.systemConfig, result.data);
    else console.warn(`[tradekit] system config unavailable: ${result.message}`);
  };

  // One load at a time. A word heard while a load is under way is answered when it ends: by the loop's next
  // check, which runs in the same task as `running = false`, so no word falls between them.
  let heard = 0;
  const catchUp = async () => {
    if (running) return;
    running = true;
    try {
      while (!stopped && revisionOf(store.get(atoms.config)) !== wanted) {
        const before = revisionOf(store.get(atoms.config));
        const asked = heard;
        const next = await loadRuntimeConfig(deps.origin, {
          fetchImpl: deps.fetchImpl,
          brand: deps.brand,
        }).catch((error: unknown) => {
          console.warn('[tradekit] brand change not loaded', error);
          return null;
        });
        if (stopped) break;
        if (next && revisionOf(next) !== before) {
          deps.onConfig?.(next);
          store.set(atoms.config, next);
          await loadSystemConfig();
        } else if (heard === asked) {
          // A failed load, or a server that does not have the edit yet (another process announced it): the next
          // word tries again.
          break;
        }
      }
    } finally {
      running = false;
    }
  };

  void loadSystemConfig();
  const id = store.get(atoms.config)?.brand.id;
  const release = id
    ? deps.feed.subscribe<{ revision?: unknown }>(brandTopic(id), (body) => {
        const revision = body?.revision;
        if (typeof revision !== 'number' || !Number.isSafeInteger(revision)) return;
        wanted = revision;
        heard += 1;
        void catchUp();
      })
    : () => undefined;
  return () => {
    stopped = true;
    release();
  };
}
