/**
 * Wire paths of spec §7. The web API lives under `{api}` = `{origin}/v1`, public paths under `/wa-na/`,
 * protected ones under `/waa/`; market and exchange services have their own roots (`/market`, `/exchange`)
 * listed in the runtime config so that they can live on other hosts.
 */
export const API_VERSION_PREFIX = '/v1';
export const PUBLIC_PREFIX = '/wa-na/';
export const PROTECTED_PREFIX = '/waa/';

export const PublicPath = {
  bannerList: 'appBanner/list',
  optionProducts: 'option/findOptionsProduct',
  productList: 'forex/product/list',
  systemConfig: 'system/systemConfig/getAllConfigStatusWeb',
  customerLink: 'getCustomerLink',
} as const;

export const MarketPath = {
  history: 'history',
  historyLimit: 'history/limit',
  thumb: 'thumb/{symbol}',
  status: 'status/{symbol}',
} as const;

/** STOMP destinations on the market socket (`/market-ws`). */
export const Topic = {
  prices: '/topic/prices',
  price: (symbol: string) => `/topic/price.${symbol}`,
  kline: (symbol: string, period: KlinePeriod) => `/topic/kline.${symbol}.${period}`,
} as const;

export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '1h', '1d'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/** Fill `{name}` segments of a path from the payload (spec §7). */
export function fillPath(path: string, payload: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(payload[name] ?? '')));
}
