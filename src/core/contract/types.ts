import type { KycPolicy } from './kyc';
import type { Translations } from './translations';
/** Decimal amounts and prices travel as strings (spec: money is never a float on the wire). */
export type DecimalString = string;
/** Milliseconds since the Unix epoch. */
export type EpochMs = number;

/**
 * Trade categories (`type` of a price entry / product). The brand's trade list orders the tabs
 * (default [3, 2, 1, 4], some brands [3, 2, 1, 4, 5]); see docs/decisions.md.
 */
export const Category = {
  Cryptos: 1,
  Commodities: 2,
  Forex: 3,
  Indices: 4,
  UsStocks: 5,
} as const;
export type CategoryId = (typeof Category)[keyof typeof Category];
export const CATEGORY_KEYS: Record<CategoryId, string> = {
  1: 'cryptos',
  2: 'commodities',
  3: 'forex',
  4: 'indices',
  5: 'usStocks',
};

/** One live quote (spec §3 Price entry), plus the session's open/high/low for the table. */
export interface PriceEntry {
  symbol: string;
  name: string;
  bidPrice: DecimalString;
  askPrice: DecimalString;
  price: DecimalString;
  /** Change against the session open, in percent, e.g. "-0.42". */
  priceChangePercent: DecimalString;
  type: CategoryId;
  /** Rank within its category; null or a non-positive value means "no valid sort" (ranked last). */
  sort: number | null;
  volume: DecimalString;
  lastUpdate: EpochMs;
  openPrice: DecimalString;
  highPrice: DecimalString;
  lowPrice: DecimalString;
  pricePrecision: number;
  logoUrl: string;
  /** Whether the instrument's market is open now (false: last price of the previous session). */
  marketOpen: boolean;
}

/** spec §3 Service config. */
export interface ServiceConfig {
  url: string;
  telegram: string;
  whatsapp: string;
  email: string;
}

/** `getCustomerLink` answers the service link value "type|[json list]" (spec §3, §4 service link type). */
export type CustomerLinkValue = string;

/** Brand settings of spec §1 chosen per brand at run time. */
export interface BrandSettings {
  id: string;
  name: string;
  logoUrl: string;
  defaultTradeMode: 'market' | 'option';
  tradeModes: Array<'market' | 'option'>;
  /** Order of the category tabs, e.g. [3, 2, 1, 4]. */
  tradeList: CategoryId[];
  theme: 'light' | 'dark';
  colors: { up: string; down: string };
  /** Whether a trader may choose their own up/down colours, remembered per user (issue #22); absent: true. */
  userColors?: boolean;
  /** `colors` made readable (4.5:1) on each theme, as widgets show them (sent by the server, A11Y3). */
  readableColors?: Record<'light' | 'dark', { up: string; down: string }>;
  timezone: string;
  languages: string[];
  defaultLanguage: string;
  registerTypes: Array<'E' | 'P'>;
  depositTypes: string[];
  verifyStyle: 'junior' | 'advanced' | 'both';
  /** What each verification level unlocks on this brand (issue #20, KY2); defaults when absent. */
  kyc?: KycPolicy;
  /** Desktop/home template (1 shows a grid of trade icons on home). */
  template: 1 | 2;
  bannerCount: number;
  homeSymbols: string[];
  /**
   * 'Only trust app' (spec §1): the site opens only in the brand's own app, whose web view names itself by
   * `userAgent` (a token in its user agent); any other browser is sent to a page of its own that links to
   * `url`, where the app is got. Absent: every browser may use the site.
   */
  trustedApp?: { userAgent: string; url: string };
  /**
   * When the brand was last edited (ms since 1970; 0 or absent: never). The market socket's `/topic/brand.<id>`
   * names the current revision; an open page whose config is older loads it again (BE10).
   */
  revision?: number;
}

/** `/config.json`: the runtime configuration file of spec §1/§4. */
export interface RuntimeConfig {
  siteTitle: string;
  /** The site title in other languages, by language code (English: `siteTitle`, also the fallback). */
  siteTitles?: Translations;
  version: string;
  brand: BrandSettings;
  support: ServiceConfig;
  services: {
    /** Web API base, e.g. https://platform.example/v1 */
    api: string;
    /** Market service base (history, thumb, status). */
    market: string;
    marketWs: string;
    /** Exchange (order) service base. */
    exchange: string;
    exchangeWs: string;
  };
  /** Default fetch timeout in seconds (0: none). */
  fetchTimeout: number;
  /**
   * Where the session's tokens live: `cookie` (default) access token in memory, refresh token in the server's
   * HttpOnly cookie; `spec` the §3 local-storage keys, for a backend that hands out body refresh tokens only.
   */
  tokenStorage?: 'cookie' | 'spec';
}

// Types derived from the schemas of their feature's contract, kept importable from here.
export type { KlinePoint, ProductInfo, SessionHours } from './market';
export type { Banner, SystemConfigEntry, SystemConfigResponse } from './brand';
