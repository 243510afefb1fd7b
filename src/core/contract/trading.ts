import type { DecimalString, EpochMs, ProductInfo } from './types';

/** Market order direction (spec §3): 0 buy, 1 sell. */
export const OrderType = { buy: 0, sell: 1 } as const;
export type OrderTypeId = (typeof OrderType)[keyof typeof OrderType];

/** How an order enters (spec §3 buyPoint): 1 pending (at a price), 2 market. */
export const BuyPoint = { pending: 1, market: 2 } as const;
export type BuyPointId = (typeof BuyPoint)[keyof typeof BuyPoint];

/** Market order state (spec §4): 1 pending, 2 open, 3 closed, 4 cancelled or failed. */
export const PositionStatus = { pending: 1, open: 2, closed: 3, cancelled: 4 } as const;
export type PositionStatusId = (typeof PositionStatus)[keyof typeof PositionStatus];

/** Why an order left the book; the spec is silent, so TradeKit names it for the history detail. */
export type CloseReason = 'manual' | 'stop_loss' | 'take_profit' | 'stop_out' | 'cancelled' | 'failed';

/** Manual close is allowed this long after execution (spec §9, code 409). */
export const MANUAL_CLOSE_AFTER_MS = 3 * 60_000;
/** Orders per page of `order/query` (spec §9). */
export const ORDER_PAGE_SIZE = 10;
/** Balance poll while an order form is open (spec §9). */
export const ORDER_FORM_BALANCE_POLL_MS = 1000;
/** Product info refresh while an order form is open (spec §9). */
export const PRODUCT_INFO_REFRESH_MS = 60_000;

/** A market-mode order or position (spec §3 Market order). Money and prices are decimal strings. */
export interface MarketOrder {
  id: string;
  /** Order number shown to the user. */
  uid: string;
  tradePair: string;
  productName: string;
  positionStatus: PositionStatusId;
  orderType: OrderTypeId;
  buyPoint: BuyPointId;
  /** The limit price of a pending order ('0' for a market order). */
  price: DecimalString;
  /** Fill price; for a pending order the price it will fill at. */
  openingPrice: DecimalString;
  /** Bid for buys, ask for sells at the last update; the closing price once closed. */
  currentPrice: DecimalString;
  closingPrice: DecimalString | null;
  /** Stop loss ('' or null when off). */
  stopPrice: DecimalString | null;
  takeProfitPrice: DecimalString | null;
  orderQuantity: DecimalString;
  /** Leverage. */
  multiple: number;
  /** Margin locked by the order, USD. */
  securityDepositInitial: DecimalString;
  feeAmount: DecimalString;
  overnightFee: DecimalString;
  /** Floating P&L while open (expected at the limit price while pending), realised once closed, USD. */
  profitLoss: DecimalString;
  orderTimeTs: EpochMs;
  transactionTimeTs: EpochMs | null;
  closingTimeTs: EpochMs | null;
  closeReason: CloseReason | null;
}

/** Position summary of the position page (spec §3). */
export interface PositionSummary {
  /** Floating P&L of the open positions (or expected P&L of the pending ones). */
  profitLossSum: DecimalString;
  /** Balance + locked margin + floating P&L. */
  netValue: DecimalString;
  /** Margin locked by open and pending orders. */
  securityDepositPrent: DecimalString;
  /** Free margin: net value − locked margin. */
  securityDepositAvailableSum: DecimalString;
}

/** `order/addOrder` body (spec §7; `takeProfitPprice` is the wire spelling). */
export interface AddOrderRequest {
  tradePair: string;
  /** '0' for a market order. */
  price: DecimalString;
  stopPrice: DecimalString | '';
  takeProfitPprice: DecimalString | '';
  orderQuantity: DecimalString;
  multiple: number;
  orderType: OrderTypeId;
  buyPoint: BuyPointId;
  token?: string;
}

/** `order/closeOrder` and `order/cancelOrder` body. */
export interface OrderIdRequest {
  orderId: string;
  token?: string;
}

/** `order/updateOrder` body: change stop loss / take profit of an open or pending order ('' turns one off). */
export interface UpdateOrderRequest {
  orderId: string;
  stopPrice: DecimalString | '';
  takeProfitPrice: DecimalString | '';
  token?: string;
}

/** `order/query` body: `positionStatus` is the history filter + 1; `columns` picks the sort column. */
export interface OrderQueryRequest {
  page: number;
  limit: number;
  columns?: 'orderTime' | 'closingTime';
  positionStatus?: PositionStatusId;
  /** Only orders of today (UTC day of the brand's timezone decided server-side). */
  today?: boolean;
}

/** `order/query` answer. */
export interface OrderQueryResponse {
  list: MarketOrder[];
  page: number;
  pages: number;
  total: number;
  profitLossToday: DecimalString;
  profitLossTotal: DecimalString;
  summary: PositionSummary;
}

/** `product/order/info` answer (spec §3 Product order info). */
export type ProductOrderInfo = ProductInfo;

/** Paths of the exchange service (`services.exchange`). */
export const ExchangePath = {
  addOrder: 'order/addOrder',
  addOrderMock: 'order/addOrderMock',
  closeOrder: 'order/closeOrder',
  closeOrderMock: 'order/closeOrderMock',
  cancelOrder: 'order/cancelOrder',
  cancelOrderMock: 'order/cancelOrderMock',
  updateOrder: 'order/updateOrder',
  updateOrderMock: 'order/updateOrderMock',
} as const;

/** Protected web-API paths of trading (`{api}/waa/…`). */
export const TradingApiPath = {
  productSearch: 'product/search',
  productOrderInfo: 'product/order/info',
  orderQuery: 'order/query',
  orderQueryMock: 'order/queryMock',
} as const;

/**
 * Exchange socket (`services.exchangeWs` + `/{uid}`). The browser sends `{ "token": "…" }` as its first
 * message (never in the URL, so no token reaches access logs); the server answers with snapshots.
 */
export interface ExchangeAuthMessage {
  token: string;
}

/** A server message: the whole current list of one kind for the token's account, with the summary. */
export interface ExchangeOrderMessage {
  ordertype: 'holtOrder' | 'pendingOrder';
  virtual: boolean;
  list: MarketOrder[];
  summary: PositionSummary;
  /** Set when the change was made by the server on its own (stop loss, take profit, stop-out, fill). */
  event?: { kind: CloseReason | 'filled'; orderId: string };
}

/** Close codes of the exchange socket. */
export const ExchangeClose = { unauthorized: 4401, sessionEnded: 4402, replaced: 4409 } as const;
