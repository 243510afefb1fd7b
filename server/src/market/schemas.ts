/** JSON schemas of the market routes' data (the envelope around them comes from `apiRoute`). */

const decimal = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' } as const;
const clock = { type: ['string', 'null'] } as const;

/** `ProductInfo` of the contract. */
export const productInfoSchema = {
  type: 'object',
  properties: {
    productCode: { type: 'string' },
    productName: { type: 'string' },
    type: { type: 'integer' },
    sort: { type: ['integer', 'null'] },
    maxCount: decimal,
    minCount: decimal,
    countNum: decimal,
    multiple: { type: 'integer' },
    pip: decimal,
    pricePrecision: { type: 'integer' },
    contractSize: decimal,
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        properties: { marketStartTime: clock, marketCloseTime: clock },
        required: ['marketStartTime', 'marketCloseTime'],
      },
    },
    tradeStatus: { type: 'integer', enum: [0, 1] },
    logoUrl: { type: 'string' },
    feeType: { type: 'string', enum: ['PERCENTAGE', 'FIX_AMOUNT'] },
    feeValue: decimal,
  },
} as const;

/** `KlinePoint` of the contract. */
export const klinePointSchema = {
  type: 'object',
  properties: {
    time: { type: 'integer' },
    openPrice: decimal,
    closePrice: decimal,
    highestPrice: decimal,
    lowestPrice: decimal,
    volume: decimal,
    turnover: decimal,
  },
  required: ['time', 'openPrice', 'closePrice', 'highestPrice', 'lowestPrice', 'volume', 'turnover'],
} as const;

/** Data of `market/thumb/{symbol}`. */
export const thumbSchema = {
  type: 'object',
  properties: {
    symbol: { type: 'string' },
    points: {
      type: 'array',
      items: { type: 'object', properties: { time: { type: 'integer' }, price: { type: 'string' } } },
    },
  },
} as const;

/** The `{symbol}` path parameter. */
export const symbolParams = {
  type: 'object',
  properties: { symbol: { type: 'string', minLength: 1, maxLength: 32 } },
  required: ['symbol'],
} as const;
