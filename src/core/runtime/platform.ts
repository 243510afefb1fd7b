/**
 * The page's one platform (DESIGN.md "one core"): store, i18n, API client, market feed and atoms, shared by
 * every widget on the page through a global slot, so two bundles on one page still meet.
 */
import { createLazyApiClient } from '../api/lazy-api-client';
import type { Translate } from '../api/response';
import type { RuntimeConfig } from '../contract/types';
import { normalizeOrigin, resolveBrand, resolveOrigin } from '../config/origin';
import { ConfigError, loadRuntimeConfig } from '../config/runtime-config';
import { createLazyMarketFeed } from '../feeds/lazy-market-feed';
import type { MarketFeedOptions } from '../feeds/market-feed';
import { STALE_AFTER_MS } from '../feeds/reconnect-policy';
import { allowedLanguages, createI18n, loadCodeMessages, loadLanguage } from '../i18n/i18n';
import type { I18n, Language } from '../i18n/i18n';
import { createPlatformAtoms } from '../state/atoms';
import { getPageStore, resetPageStoreForTests } from '../state/store';
import { pageSingleton } from './page-singleton';
import type { Store } from '../state/store';
import type { FeedState, Platform, QuoteView } from './types';

/** What the session layer plugs in: the token for protected calls and the "sign in again" action. */
export interface AuthHooks {
  getToken: () => string | null;
  /** 401 / 23519 on a call made with `token`, unless the call set `noAuthRedirect`. */
  onUnauthorized: (token: string | null) => void;
  /** 401 / 23519 on any call made with `token` (also with `noAuthRedirect`): that session is invalid. */
  onRejected?: (token: string | null) => void;
  /** Awaited before each protected call (refreshes an expiring token). */
  beforeProtectedCall?: () => Promise<void>;
}

/** Everything createPlatform can be given instead of the page defaults (tests, custom hosts). */
export interface PlatformOptions {
  origin: string;
  brand?: string | null;
  fetchImpl?: typeof fetch;
  store?: Store;
  i18n?: I18n;
  clientFactory?: MarketFeedOptions['clientFactory'];
  webSocketFactory?: MarketFeedOptions['webSocketFactory'];
  now?: () => number;
}

/** A platform plus the teardown only its owner calls. */
export interface OwnedPlatform extends Platform {
  close(): void;
}

const authSetters = new WeakMap<Platform, (hooks: AuthHooks | null) => void>();

/** Plug session handling (token for protected calls, sign-in redirect) into a platform's API client. */
export function setAuthHooks(platform: Platform, hooks: AuthHooks | null): void {
  authSetters.get(platform)?.(hooks);
}

/** True when a quote must be shown as delayed: the feed lost its connection or the quote is too old. */
export function isQuoteStale(
  q: QuoteView,
  now: number,
  feed: FeedState,
  staleAfterMs = STALE_AFTER_MS,
): boolean {
  return feed.connectionLost || now - q.receivedAt > staleAfterMs;
}

/** Build a platform; starts loading /config.json, then the system config and the brand's edits. Prefer getPlatform(). */
export function createPlatform(options: PlatformOptions): OwnedPlatform {
  const store = options.store ?? getPageStore();
  const i18n = options.i18n ?? createI18n();
  const translate = ((key, vars) => i18n.t(key, vars)) as Translate;
  let config: RuntimeConfig | null = null;
  let auth: AuthHooks | null = null;
  let closed = false;
  let unfollow = () => {};

  const ready = loadRuntimeConfig(options.origin, {
    fetchImpl: options.fetchImpl,
    brand: options.brand,
  }).then(
    (loaded) => {
      config = loaded;
      store.set(atoms.config, loaded);
      return loaded;
    },
    (error: unknown) => {
      const failure = error instanceof ConfigError ? error : new ConfigError(String(error));
      store.set(atoms.configError, failure.messageKey);
      throw failure;
    },
  );
  // Widgets that never await `ready` read the configError atom instead of an unhandled rejection.
  ready.catch(() => undefined);

  // The client's code is not needed before the config is there: its chunk loads alongside /config.json.
  const api = createLazyApiClient(() =>
    import('../api/api-client').then(({ createApiClient }) =>
      createApiClient({
        services: () => config?.services ?? null,
        servicesReady: ready,
        getToken: () => auth?.getToken() ?? null,
        onUnauthorized: (token) => auth?.onUnauthorized(token),
        onRejected: (token) => auth?.onRejected?.(token),
        beforeProtectedCall: async () => auth?.beforeProtectedCall?.(),
        brand: () => options.brand ?? null,
        translate,
        loadCodeMessages: () => loadCodeMessages(i18n),
        fetchImpl: options.fetchImpl,
        defaultTimeoutSec: () => config?.fetchTimeout ?? 0,
      }),
    ),
  );

  // The feed's code and the STOMP library are not needed before the config is there (the socket waits for
  // it): their chunks load alongside /config.json.
  const feed = createLazyMarketFeed(() =>
    import('../feeds/market-feed').then(({ createMarketFeed }) =>
      createMarketFeed({
        url: () => {
          if (!config) throw new ConfigError('market socket requested before the config loaded');
          return config.services.marketWs;
        },
        ready,
        clientFactory: options.clientFactory,
        webSocketFactory: options.webSocketFactory,
        now: options.now,
      }),
    ),
  );

  const atoms = createPlatformAtoms({ feed, now: options.now, language: i18n.language || 'en' });
  // Local product names follow the language once the config is there; English needs none (the feed's names
  // are English), so an English page never loads the loader.
  let namesOf = 'en';
  const loadNames = (lng: string) => {
    if (lng === namesOf) return;
    namesOf = lng;
    void import('./product-names')
      .then((m) => m.loadProductNames(api, lng))
      .then((names) => namesOf === lng && store.set(atoms.productNames, names));
  };
  const onLanguage = (lng: string) => {
    store.set(atoms.language, lng);
    if (config) loadNames(lng);
  };
  i18n.on('languageChanged', onLanguage);

  void ready.then(
    async (loaded) => {
      if (closed) return;
      // Only a language the brand offers may stay on; the host applies a stored user choice later.
      const { languages, defaultLanguage } = loaded.brand;
      if (!allowedLanguages(languages).includes(i18n.language as Language)) {
        await loadLanguage(i18n, defaultLanguage).catch((error: unknown) =>
          console.warn('[tradekit]', error),
        );
      }
      void loadNames(i18n.language);
      // The system config and the brand's later edits are not needed for a first paint: their code loads after it
      // (a platform closed by then loads nothing more).
      if (closed) return;
      const { followBrand } = await import('./brand-live');
      if (!closed)
        unfollow = followBrand({ ...options, api, feed, store, atoms, onConfig: (next) => (config = next) });
    },
    () => undefined,
  );

  const platform: OwnedPlatform = {
    origin: options.origin,
    ready,
    api,
    feed,
    store,
    atoms,
    i18n,
    staleAfterMs: STALE_AFTER_MS,
    close() {
      closed = true;
      unfollow();
      feed.close();
      i18n.off('languageChanged', onLanguage);
    },
  };
  authSetters.set(platform, (hooks) => (auth = hooks));
  return platform;
}

const pagePlatform = pageSingleton(
  'platform',
  (apiOrigin?: string | null): OwnedPlatform =>
    createPlatform({ origin: resolveOrigin(apiOrigin), brand: resolveBrand() }),
  (platform) => platform.close(),
);

/**
 * The page's platform, created on first use. `apiOrigin` (a widget's `api` attribute) only matters for
 * the first call; a later, different origin is warned about and the existing platform is returned.
 */
export function getPlatform(apiOrigin?: string | null): Platform {
  const existing = pagePlatform.peek();
  if (existing) {
    const wanted = normalizeOrigin(apiOrigin);
    if (wanted && wanted !== existing.origin) {
      console.warn(`[tradekit] one platform per page: using ${existing.origin}, not ${wanted}`);
    }
    return existing;
  }
  return pagePlatform.get(apiOrigin);
}

/** Close and forget the page's platform and store (tests only). */
export function resetPlatformForTests(): void {
  pagePlatform.reset();
  resetPageStoreForTests();
}
