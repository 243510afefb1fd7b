/**
 * Market data (spec §7 "Trading calls", market service, and the public product list): products, candles, the
 * mini chart and the market status. Live prices travel on the market socket (`Topic` in paths.ts).
 */
import { Code } from './codes';
import { endpoint, fillPath, resource } from './endpoint';
import { DecOut, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';
import { KLINE_PERIODS } from './paths';

/** Category ids of spec §1 (see `Category` in types.ts). */
export const CategoryIdSchema = OneOf(
  [1, 2, 3, 4, 5],
  'Trade category: 1 Cryptos, 2 Commodities, 3 Forex, 4 Indices, 5 US stocks',
);

/** "HH:mm" of a trading window, or null when the day is closed. */
const Clock = Nullable(T.String({ pattern: '^([01]\\d|2[0-4]):[0-5]\\d$' }));

/**
 * Trading window of one weekday as "HH:mm" UTC while US standard time is in force; during US daylight saving
 * the window opens and closes one hour earlier (spec §4). Close "24:00" runs to midnight; null start: closed.
 */
export const SessionHours = Obj({ marketStartTime: Clock, marketCloseTime: Clock });
export type SessionHours = Static<typeof SessionHours>;

/** Product order info (spec §3), as listed by `forex/product/list` and `product/order/info`. */
export const ProductInfo = Obj({
  productCode: T.String(),
  productName: T.String(),
  type: CategoryIdSchema,
  sort: Nullable(T.Integer()),
  maxCount: DecOut(),
  minCount: DecOut(),
  countNum: DecOut('Lot step'),
  multiple: T.Integer({ description: 'Leverage (default 100)' }),
  pip: DecOut('Price step (default 0.01)'),
  pricePrecision: T.Integer(),
  contractSize: DecOut('Units of the base asset per lot'),
  sessions: T.Array(SessionHours, { description: 'Index 0 = Sunday … 6 = Saturday' }),
  tradeStatus: OneOf([0, 1], '1 tradable, 0 not'),
  logoUrl: T.String(),
  feeType: OneOf(['PERCENTAGE', 'FIX_AMOUNT']),
  feeValue: DecOut(),
});
export type ProductInfo = Static<typeof ProductInfo>;

/** One candle (spec §3 Kline point). */
export const KlinePoint = Obj({
  time: EpochMs('Opening time of the candle'),
  openPrice: DecOut(),
  closePrice: DecOut(),
  highestPrice: DecOut(),
  lowestPrice: DecOut(),
  volume: DecOut(),
  turnover: DecOut(),
});
export type KlinePoint = Static<typeof KlinePoint>;

/** The mini chart of a symbol: 1-minute open prices of the last 30 minutes, oldest first. */
export const Thumb = Obj({
  symbol: T.String(),
  points: T.Array(Obj({ time: EpochMs(), price: DecOut() })),
});
export type Thumb = Static<typeof Thumb>;

export const MARKET_STATUSES = ['open', 'closed', 'early_trading'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** Candles of a `limit` request when none is given (spec §9) and the most one may ask for. */
export const HISTORY_DEFAULT = 300;
export const HISTORY_MAX = 1000;
/** Last valid epoch millisecond of a JavaScript Date. */
const MAX_TIME = 8_640_000_000_000_000;

const symbol = Str(32, { minLength: 1, description: 'Product code, e.g. BTCUSDT (case-insensitive)' });
const period = T.Optional(OneOf(KLINE_PERIODS, 'Candle period (default 1min)'));
const limit = T.Optional(
  Int(1, 1_000_000_000, {
    description: `Candles (default ${HISTORY_DEFAULT}; above ${HISTORY_MAX} served as ${HISTORY_MAX})`,
  }),
);
const time = Int(0, MAX_TIME);
const symbolOnly = Obj({ symbol });

export const productList = endpoint({
  service: 'api',
  path: 'wa-na/forex/product/list',
  access: 'public',
  tag: 'market',
  summary:
    'Products of the categories the brand offers, by category then sort (invalid sort last); keyword: code or ' +
    'name contains; locale: product names in that language where a local name exists (English otherwise)',
  input: Obj({
    type: T.Optional(CategoryIdSchema),
    keyword: T.Optional(Str(40)),
    locale: T.Optional(Str(16, { description: 'Language code of the product names, e.g. ja or zh-cn' })),
  }),
  data: T.Array(ProductInfo),
  codes: [Code.INCORRECT_PARAMETER],
});

export const history = endpoint({
  service: 'market',
  path: 'history',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'market',
  summary:
    'Candles oldest first: the latest `limit` (default 300, at most 1000) ending with the forming one, ' +
    'or with `from` and `to` (ms) those opening in [from, to), at most 10,080 periods wide',
  input: Obj({ symbol, period, limit, from: T.Optional(time), to: T.Optional(time) }),
  data: T.Array(KlinePoint),
  codes: [Code.PAIR_NOT_FOUND, Code.INCORRECT_PARAMETER],
});

export const historyLimit = endpoint({
  service: 'market',
  path: 'history/limit',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'market',
  summary:
    'The `limit` candles (default 300, at most 1000) opening before `to` (ms; default: now, with the ' +
    'forming one), oldest first: how a chart scrolls back; an empty list means no older history',
  input: Obj({ symbol, period, limit, to: T.Optional(time) }),
  data: T.Array(KlinePoint),
  codes: [Code.PAIR_NOT_FOUND, Code.INCORRECT_PARAMETER],
});

export const thumb = endpoint({
  service: 'market',
  path: 'thumb/{symbol}',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'market',
  summary: 'Mini chart: 1-minute open prices of the last 30 minutes, oldest first',
  input: symbolOnly,
  data: Thumb,
  codes: [Code.PAIR_NOT_FOUND],
});

export const marketStatus = endpoint({
  service: 'market',
  path: 'status/{symbol}',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'market',
  summary: 'open, closed or early_trading (the 30 minutes before an opening)',
  input: symbolOnly,
  data: OneOf(MARKET_STATUSES),
  codes: [Code.PAIR_NOT_FOUND],
});

export const productLogo = resource({
  service: 'site',
  path: 'market-assets/logo/{file}',
  access: 'public',
  tag: 'market',
  summary: 'Generated SVG logo of a product: `{file}` is `<SYMBOL>.svg`',
  input: Obj({ file: Str(40, { minLength: 1 }) }),
  produces: ['image/svg+xml'],
});

/** Where a product's logo is served (the path above with its file filled). */
export const productLogoPath = (symbolCode: string) =>
  `/${fillPath(productLogo.path, { file: `${symbolCode}.svg` })}`;
