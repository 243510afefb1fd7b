/** JSON schemas of the trading routes (validation strips unknown fields; failures answer 1001). */
import { objectSchema } from '../http/legacy-route';

const text = (maxLength: number) => ({ type: 'string', maxLength });
const token = text(4096);

/** `order/addOrder` body. */
export const ADD_ORDER_INPUT = objectSchema(
  {
    tradePair: text(32),
    price: { ...text(40), default: '0' },
    stopPrice: { ...text(40), default: '' },
    takeProfitPprice: { ...text(40), default: '' },
    orderQuantity: text(40),
    multiple: { type: 'integer', minimum: 1, maximum: 10_000 },
    orderType: { type: 'integer', enum: [0, 1] },
    buyPoint: { type: 'integer', enum: [1, 2] },
    token,
  },
  ['tradePair', 'orderQuantity', 'orderType', 'buyPoint'],
);

/** `order/closeOrder` and `order/cancelOrder` body. */
export const ORDER_ID_INPUT = objectSchema(
  { orderId: { type: 'string', minLength: 1, maxLength: 40 }, token },
  ['orderId'],
);

/** `order/updateOrder` body. */
export const UPDATE_ORDER_INPUT = objectSchema(
  {
    orderId: { type: 'string', minLength: 1, maxLength: 40 },
    stopPrice: { ...text(40), default: '' },
    takeProfitPrice: { ...text(40), default: '' },
    token,
  },
  ['orderId'],
);

/** `order/query` body. */
export const ORDER_QUERY_INPUT = objectSchema({
  page: { type: 'integer', minimum: 1, default: 1 },
  limit: { type: 'integer', minimum: 1, default: 10 },
  columns: { type: 'string', enum: ['orderTime', 'closingTime'] },
  positionStatus: { type: 'integer', enum: [1, 2, 3, 4] },
  today: { type: 'boolean' },
});

/** `product/search` body. */
export const PRODUCT_SEARCH_INPUT = objectSchema({
  keyword: text(40),
  type: { type: 'integer', minimum: 1, maximum: 5 },
});

/** `product/order/info` body. */
export const PRODUCT_INFO_INPUT = objectSchema(
  { productCode: { type: 'string', minLength: 1, maxLength: 32 } },
  ['productCode'],
);

/** Admin price pin body: `bid` pins (for `holdMs`, else until released), `release` lets the walk go on. */
export const PRICE_PIN_INPUT = objectSchema({
  bid: { type: 'string', pattern: '^\\d+(\\.\\d+)?$', maxLength: 40 },
  holdMs: { type: 'integer', minimum: 1 },
  release: { type: 'boolean' },
});
