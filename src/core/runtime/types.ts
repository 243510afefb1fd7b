/**
 * The page-wide platform: everything every widget on one page shares (DESIGN.md "one core").
 * Implemented by `createPlatform` / `getPlatform` in ./platform.ts.
 */
import type { Envelope, PriceEntry, RuntimeConfig, SystemConfigResponse } from '../contract';
import type { DataOf, Endpoint, InputOf } from '../contract/endpoint';
import type { Atom } from '../state/store';
import type { Store } from '../state/store';
import type { I18n } from '../i18n/i18n';

/** Which base of the runtime config a call goes to. */
export type Service = 'api' | 'market' | 'exchange';

export interface CallOptions {
  /** Per-call timeout in seconds; the request is aborted at timeout + 0.7 s (spec §7). */
  timeoutSec?: number;
  /** Do not report a nonzero code to the error listener (spec: suppressible per call). */
  silent?: boolean;
  /** On 401, do not clear the session / redirect. */
  noAuthRedirect?: boolean;
  method?: 'GET' | 'POST';
  /** Call the endpoint's Mock path (spec §6: the demo account). */
  mock?: boolean;
  /**
   * `Idempotency-Key` of an idempotent endpoint (a money submit): the form makes one per submission and sends
   * it again on a retry of the same submission; without it the client makes a fresh one for this call.
   */
  idempotencyKey?: string;
}

/** Outcome of a call: never throws for a server or network failure. */
export type CallResult<T> =
  | { ok: true; data: T; envelope: Envelope<T> }
  | {
      ok: false;
      /** Server code, or a client failure kind. */
      code: number | 'http' | 'network' | 'timeout' | 'malformed';
      /** Translated, ready-to-show text, e.g. "Login required (23519)". */
      message: string;
      envelope?: Envelope;
    };

export interface ApiClient {
  /**
   * Call a declared endpoint (src/core/contract): its first method (POST) to `{base of its service}{path}`
   * with JSON, the bearer token unless it is public; `{name}` path segments are filled from the input.
   */
  call<E extends Endpoint>(
    endpoint: E,
    input: InputOf<E>,
    options?: CallOptions,
  ): Promise<CallResult<DataOf<E>>>;
  /** Listen for failures meant for the user (toast); returns unsubscribe. */
  onError(listener: (message: string, code: CallResult<unknown> & { ok: false }) => void): () => void;
}

export type FeedStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed';

export interface FeedState {
  status: FeedStatus;
  /** Reconnect attempts since the last good connection (max 10). */
  attempt: number;
  /** spec §4 connection-lost flag: true while stale or disconnected. */
  connectionLost: boolean;
  lastMessageAt: number | null;
}

export interface MarketFeed {
  /**
   * Reference-counted subscription keyed by destination: the first listener subscribes on the socket,
   * the last unsubscribe releases it; the last message is replayed to a late listener; every destination
   * is re-subscribed on every (re)connect. Bodies are parsed JSON.
   */
  subscribe<T>(destination: string, listener: (body: T) => void): () => void;
  getState(): FeedState;
  onState(listener: (state: FeedState) => void): () => void;
  /** Start connecting (idempotent); subscribe() calls it too. */
  start(): void;
  /** Manual retry after `failed` (the ws_failed alert's OK reloads the page in the host). */
  retry(): void;
  close(): void;
}

/** A quote as the UI sees it: the entry plus when this page last received it. */
export interface QuoteView extends PriceEntry {
  receivedAt: number;
}

export interface PlatformAtoms {
  /** Runtime config once loaded; null before. */
  config: Atom<RuntimeConfig | null>;
  /** i18n key `app.config_missing` once /config.json cannot be loaded; show it with `t()`. */
  configError: Atom<string | null>;
  systemConfig: Atom<SystemConfigResponse | null>;
  /** All quotes by symbol; mounting it subscribes /topic/prices (ref-counted), unmounting releases. */
  prices: Atom<ReadonlyMap<string, QuoteView>>;
  /**
   * The same quotes, but mounting it subscribes `/topic/prices.{SYMBOL}` of these symbols only (ref-counted
   * per symbol): what a widget limited to a few symbols reads. One atom per list (same list, same atom).
   */
  pricesOf(symbols: readonly string[]): Atom<ReadonlyMap<string, QuoteView>>;
  feedState: Atom<FeedState>;
  /** Wall clock in ms, ticking every 1 s while mounted (drives stale marking and countdowns). */
  clock: Atom<number>;
  language: Atom<string>;
  /** Local product names of the page language by symbol (empty in English); `prices` already shows them. */
  productNames: Atom<ReadonlyMap<string, string>>;
}

export interface Platform {
  /** Platform origin, e.g. "https://platform.example" (from an `api` attribute or the page setting). */
  origin: string;
  /** Resolves once /config.json is loaded (rejects with the config error). */
  ready: Promise<RuntimeConfig>;
  api: ApiClient;
  feed: MarketFeed;
  store: Store;
  atoms: PlatformAtoms;
  i18n: I18n;
  /** Stale limit of spec §4 (10 s). */
  staleAfterMs: number;
}
