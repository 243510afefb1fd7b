/**
 * Socket destinations and candle periods shared by the market socket, the server and the chart. HTTP paths are
 * declared once per endpoint in the feature contract files (`endpoint(...)`).
 */

/** STOMP destinations on the market socket (`/market-ws`). */
export const Topic = {
  prices: '/topic/prices',
  price: (symbol: string) => `/topic/price.${symbol}`,
  /**
   * Ours, beside the spec's two (decision PP1): one symbol's entry on the rhythm of `/topic/prices`, for a page
   * that shows a few symbols and must not receive the whole catalogue.
   */
  symbolPrices: (symbol: string) => `/topic/prices.${symbol}`,
  kline: (symbol: string, period: KlinePeriod) => `/topic/kline.${symbol}.${period}`,
} as const;

/**
 * Ours, on the market socket too (BE10): `{ "revision": n }`, the brand's current revision (`brand.revision` of
 * `/config.json`), sent to a subscriber at once and again after each edit, so an open page learns of an edit
 * without a reload. Apart from `Topic` so that a widget's first paint does not carry it.
 */
export const brandTopic = (id: string) => `/topic/brand.${id}`;
export const BRAND_TOPIC_PREFIX = brandTopic('');

/**
 * RabbitMQ's own STOMP destinations the server uses in RabbitMQ mode (RQ4): the binding events of
 * `rabbitmq_event_exchange`, and one subscriber's queue through the default exchange (its snapshot).
 */
export const RabbitmqDestination = {
  bindingEvents: '/exchange/amq.rabbitmq.event/binding.created',
  queue: (name: string) => `/amq/queue/${name}`,
} as const;

export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '1h', '1d'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

const MINUTE = 60_000;

/** Length of each candle period in ms (buckets are UTC-aligned; 1d is the UTC day). */
export const KLINE_PERIOD_MS: Record<KlinePeriod, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': 24 * 60 * MINUTE,
};
