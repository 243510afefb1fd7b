/**
 * Market-mode trading (spec §3, §7, §9): the order and position shapes, the exchange service's order calls
 * (`{exchange}/order/…`, each with its demo `…Mock` variant), the protected product and order-query calls
 * (`{api}/waa/…`) and the exchange socket's messages. Types derive from the schemas, so each is written once.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import {
  Dec,
  DecOut,
  EpochMs,
  Int,
  Nullable,
  Obj,
  OneOf,
  Str,
  T,
  UNSIGNED_DECIMAL_PATTERN,
  type Static,
} from './schema';
import { ProductInfo } from './market';

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
export const CLOSE_REASONS = [
  'manual',
  'stop_loss',
  'take_profit',
  'stop_out',
  'cancelled',
  'failed',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** Manual close is allowed this long after execution (spec §9, code 409). */
export const MANUAL_CLOSE_AFTER_MS = 3 * 60_000;
/** Orders per page of `order/query` (spec §9). */
export const ORDER_PAGE_SIZE = 10;
/** Balance poll while an order form is open (spec §9). */
export const ORDER_FORM_BALANCE_POLL_MS = 1000;
/** Product info refresh while an order form is open (spec §9). */
export const PRODUCT_INFO_REFRESH_MS = 60_000;

/** A market-mode order or position (spec §3 Market order). Money and prices are decimal strings. */
export const MarketOrder = Obj({
  id: T.String(),
  uid: T.String({ description: 'Order number shown to the user' }),
  tradePair: T.String(),
  productName: T.String(),
  positionStatus: OneOf([1, 2, 3, 4], '1 pending, 2 open, 3 closed, 4 cancelled or failed'),
  orderType: OneOf([0, 1], '0 buy, 1 sell'),
  buyPoint: OneOf([1, 2], '1 pending, 2 market'),
  price: DecOut("The limit price of a pending order ('0' for a market order)"),
  openingPrice: DecOut('Fill price; for a pending order the price it will fill at'),
  currentPrice: DecOut('Bid for buys, ask for sells at the last update; the closing price once closed'),
  closingPrice: Nullable(DecOut()),
  stopPrice: Nullable(DecOut('Stop loss (null when off)')),
  takeProfitPrice: Nullable(DecOut('Take profit (null when off)')),
  orderQuantity: DecOut(),
  multiple: T.Integer({ description: 'Leverage' }),
  securityDepositInitial: DecOut('Margin locked by the order, USD'),
  feeAmount: DecOut(),
  overnightFee: DecOut(),
  profitLoss: DecOut(
    'Floating P&L while open (expected at the limit price while pending), realised once closed, USD',
  ),
  orderTimeTs: EpochMs(),
  transactionTimeTs: Nullable(EpochMs()),
  closingTimeTs: Nullable(EpochMs()),
  closeReason: Nullable(OneOf(CLOSE_REASONS)),
  parentUid: T.Optional(
    Nullable(
      T.String({ description: 'TradeKit: the position a partial close came from (its order number)' }),
    ),
  ),
  trailingDistance: T.Optional(
    Nullable(DecOut('TradeKit: distance of the trailing stop loss (null when the stop does not trail)')),
  ),
  absorbedLoss: T.Optional(
    DecOut(
      'Closed only, when set: the part of the market loss the house absorbed so the balance stopped at 0.00 ' +
        '(negative-balance protection); the market P&L is profitLoss − absorbedLoss',
    ),
  ),
});
export type MarketOrder = Static<typeof MarketOrder>;

/** Position summary of the position page (spec §3). */
export const PositionSummary = Obj({
  profitLossSum: DecOut('Floating P&L of the open positions (or expected P&L of the pending ones)'),
  netValue: DecOut('Balance + locked margin + floating P&L'),
  securityDepositPrent: DecOut('Margin locked by open and pending orders'),
  securityDepositAvailableSum: DecOut('Free margin: net value − locked margin'),
});
export type PositionSummary = Static<typeof PositionSummary>;

/** Exchange inputs may carry the session token in the body (spec §7), besides the Authorization header. */
const BodyToken = T.Optional(Str(4096));
/** An order id or number as the client sends it. */
const OrderId = Str(40, { minLength: 1 });
/**
 * A stop loss or take profit on the wire: '' (or 0) turns it off, otherwise a plain decimal. A minus sign is
 * let through so that the engine answers its own code for it (501), as it does for too many decimals.
 */
const TriggerPrice = (description: string) =>
  T.String({ maxLength: 40, pattern: `^(-?${UNSIGNED_DECIMAL_PATTERN.slice(1, -1)})?$`, description });

/** `order/addOrder` body (spec §7; `takeProfitPprice` is the wire spelling). */
export const AddOrderInput = Obj({
  tradePair: Str(32, { minLength: 1 }),
  price: T.Optional(Dec({ description: "Limit price of a pending order; '0' for a market order" })),
  stopPrice: T.Optional(TriggerPrice("Stop loss; '' when off")),
  takeProfitPprice: T.Optional(TriggerPrice("Take profit; '' when off")),
  orderQuantity: Dec({ description: 'Lots' }),
  multiple: T.Optional(Int(1, 10_000, { description: "Leverage; the product's when absent" })),
  orderType: OneOf([0, 1], '0 buy, 1 sell'),
  buyPoint: OneOf([1, 2], '1 pending, 2 market'),
  token: BodyToken,
});
/** A complete `order/addOrder` body, as the order form builds it and the engine reads it. */
export type AddOrderRequest = Required<Omit<Static<typeof AddOrderInput>, 'token'>> & { token?: string };

/** `order/closeOrder` and `order/cancelOrder` body. */
export const OrderIdInput = Obj({ orderId: OrderId, token: BodyToken });
export type OrderIdRequest = Static<typeof OrderIdInput>;

/** `order/updateOrder` body: change stop loss / take profit of an open or pending order ('' turns one off). */
export const UpdateOrderInput = Obj({
  orderId: OrderId,
  stopPrice: T.Optional(TriggerPrice("Stop loss; '' turns it off")),
  takeProfitPrice: T.Optional(TriggerPrice("Take profit; '' turns it off")),
  token: BodyToken,
});
export type UpdateOrderRequest = Static<typeof UpdateOrderInput>;

/** `order/query` body: `positionStatus` is the history filter + 1; `columns` picks the sort column. */
export const OrderQueryInput = Obj({
  page: T.Optional(Int(1, 1_000_000)),
  limit: T.Optional(Int(1, 100_000, { description: 'Page size; the server serves at most 50' })),
  columns: T.Optional(OneOf(['orderTime', 'closingTime'])),
  positionStatus: T.Optional(OneOf([1, 2, 3, 4])),
  today: T.Optional(T.Boolean({ description: 'Only orders placed or closed since 00:00 UTC' })),
  uid: T.Optional(
    Str(40, { minLength: 1, description: "Only the order with this order number (another account's: none)" }),
  ),
});
export type OrderQueryRequest = Static<typeof OrderQueryInput>;

/** `order/query` answer. */
export const OrderQueryResponse = Obj({
  list: T.Array(MarketOrder),
  page: T.Integer({ minimum: 1 }),
  pages: T.Integer({ minimum: 0 }),
  total: T.Integer({ minimum: 0 }),
  profitLossToday: DecOut(
    'Net realised P&L (P&L less trading and overnight fees) of the orders closed today',
  ),
  profitLossTotal: DecOut('Net realised P&L (P&L less trading and overnight fees) of every closed order'),
  summary: PositionSummary,
});
export type OrderQueryResponse = Static<typeof OrderQueryResponse>;

/** `product/order/info` answer (spec §3 Product order info). */
export type ProductOrderInfo = ProductInfo;

/** What a signed-in call may answer about its session (HTTP 401 aside). */
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
/** Codes every order call may answer besides its own: malformed input (1001), a wrong value or mode (501). */
const ORDER_CALL_CODES = [Code.INCORRECT_PARAMETER, Code.ORDER_PARAMETER, ...SESSION_CODES] as const;
/** What closing, cancelling or editing someone's order may answer on top of ORDER_CALL_CODES. */
const OWN_ORDER_CODES = [Code.ORDER_NOT_FOUND, Code.NOT_YOUR_ORDER] as const;

/** `{exchange}/order/addOrder` (demo: `addOrderMock`). */
export const addOrder = endpoint({
  service: 'exchange',
  path: 'order/addOrder',
  mockPath: 'order/addOrderMock',
  access: 'exchange',
  tag: 'trading',
  summary: 'Place a market or pending order; data: the order number',
  input: AddOrderInput,
  idempotent: 'optional',
  data: T.String({ description: 'Order number' }),
  codes: [
    ...ORDER_CALL_CODES,
    Code.WALLET_BALANCE_ERROR,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.INSUFFICIENT_AVAILABLE_BALANCE,
    Code.LOCK_BALANCE_ERROR,
    Code.PENDING_PRICE_INVALID,
    Code.QUANTITY_OFF_STEP,
    Code.PAIR_CONFIG_NOT_FOUND,
    Code.PAIR_PROHIBITED,
    Code.LOTS_ABOVE_LIMIT,
    Code.LOTS_BELOW_LIMIT,
    Code.LOTS_NOT_POSITIVE,
    Code.TAKE_PROFIT_VS_LIMIT,
    Code.STOP_LOSS_VS_LIMIT,
    Code.TAKE_PROFIT_BUY_SIDE,
    Code.TAKE_PROFIT_SELL_SIDE,
    Code.STOP_LOSS_BUY_SIDE,
    Code.STOP_LOSS_SELL_SIDE,
    Code.FOREX_DEPOSIT_REQUIRED,
    Code.OPPOSITE_POSITION_OPEN,
    Code.TRADING_PROHIBITED,
    Code.UNVERIFIED_WITHDRAWALS,
    Code.WRONG_REAL_NAME_STATUS,
    Code.PAIR_CANNOT_TRADE,
  ],
});

/** `{exchange}/order/closeOrder` (demo: `closeOrderMock`). */
export const closeOrder = endpoint({
  service: 'exchange',
  path: 'order/closeOrder',
  mockPath: 'order/closeOrderMock',
  access: 'exchange',
  tag: 'trading',
  summary: 'Close an open position (3 minutes after its execution at the earliest); data: the closed order',
  input: OrderIdInput,
  data: MarketOrder,
  codes: [
    ...ORDER_CALL_CODES,
    ...OWN_ORDER_CODES,
    Code.WALLET_BALANCE_ERROR,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.ORDER_NOT_CLOSABLE,
    Code.MANUAL_CLOSE_TOO_SOON,
    Code.PAIR_CANNOT_TRADE,
  ],
});

/** `{exchange}/order/cancelOrder` (demo: `cancelOrderMock`). */
export const cancelOrder = endpoint({
  service: 'exchange',
  path: 'order/cancelOrder',
  mockPath: 'order/cancelOrderMock',
  access: 'exchange',
  tag: 'trading',
  summary: 'Cancel a pending order; data: the cancelled order',
  input: OrderIdInput,
  data: MarketOrder,
  codes: [
    ...ORDER_CALL_CODES,
    ...OWN_ORDER_CODES,
    Code.WALLET_BALANCE_ERROR,
    Code.ORDER_TYPE_NOT_CANCELLABLE,
    Code.ORDER_STATUS_NOT_CANCELLABLE,
  ],
});

/** `{exchange}/order/updateOrder` (demo: `updateOrderMock`). */
export const updateOrder = endpoint({
  service: 'exchange',
  path: 'order/updateOrder',
  mockPath: 'order/updateOrderMock',
  access: 'exchange',
  tag: 'trading',
  summary: 'Change the stop loss and take profit of a pending order or an open position; data: the order',
  input: UpdateOrderInput,
  data: MarketOrder,
  codes: [
    ...ORDER_CALL_CODES,
    ...OWN_ORDER_CODES,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.PAIR_CONFIG_NOT_FOUND,
    Code.ORDER_NOT_CLOSABLE,
    Code.TAKE_PROFIT_VS_CURRENT,
    Code.STOP_LOSS_VS_CURRENT,
    Code.TAKE_PROFIT_VS_LIMIT,
    Code.STOP_LOSS_VS_LIMIT,
  ],
});

/** `{api}/waa/product/search`. */
export const productSearch = endpoint({
  service: 'api',
  path: 'waa/product/search',
  access: 'protected',
  tag: 'trading',
  summary:
    'Products of the categories the user’s brand offers whose code or name (English or in `locale`) contains ' +
    'the keyword (one category or all), in list order, names in `locale` where a local name exists',
  input: Obj({
    keyword: T.Optional(Str(40)),
    type: T.Optional(OneOf([1, 2, 3, 4, 5], 'Category')),
    locale: T.Optional(Str(16, { description: 'Language code of the product names' })),
  }),
  data: T.Array(ProductInfo),
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

/** `{api}/waa/product/order/info`. */
export const productOrderInfo = endpoint({
  service: 'api',
  path: 'waa/product/order/info',
  access: 'protected',
  tag: 'trading',
  summary: 'Order settings of one product (lots, leverage, pip, precision, hours, trade status, fee)',
  input: Obj({ productCode: Str(32, { minLength: 1 }) }),
  data: ProductInfo,
  codes: [Code.INCORRECT_PARAMETER, Code.PAIR_NOT_FOUND, ...SESSION_CODES],
});

/** `{api}/waa/order/query` (demo: `order/queryMock`). */
export const orderQuery = endpoint({
  service: 'api',
  path: 'waa/order/query',
  mockPath: 'waa/order/queryMock',
  access: 'protected',
  tag: 'trading',
  summary: "A page of the account's orders with realised P&L and the position summary",
  input: OrderQueryInput,
  data: OrderQueryResponse,
  codes: [Code.INCORRECT_PARAMETER, Code.ORDER_PARAMETER, ...SESSION_CODES],
});

/**
 * Exchange socket (`services.exchangeWs` + `/{uid}`). The browser sends `{ "token": "…" }` as its first
 * message (never in the URL, so no token reaches access logs), with `since` (RP2, below) after a reconnect;
 * the server answers with snapshots.
 */
export const ExchangeAuthMessage = Obj({
  token: Str(4096),
  since: T.Optional(T.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
});
export type ExchangeAuthMessage = Static<typeof ExchangeAuthMessage>;

/**
 * A server message: the whole current list of one kind for the token's account, with the summary. The socket
 * also sends `optionSettled` (`ExchangeOptionSettledMessage`, contract `options.ts`).
 */
export const ExchangeOrderMessage = Obj({
  ordertype: OneOf(['holtOrder', 'pendingOrder']),
  virtual: T.Boolean(),
  list: T.Array(MarketOrder),
  summary: PositionSummary,
  /** Set when the change was made by the server on its own (stop loss, take profit, stop-out, fill). */
  event: T.Optional(Obj({ kind: OneOf([...CLOSE_REASONS, 'filled']), orderId: T.String() })),
  /** TradeKit's extension (RP1): the event's number in the user's journal, on a message that carries an event. */
  seq: T.Optional(T.Integer({ minimum: 1 })),
});
export type ExchangeOrderMessage = Static<typeof ExchangeOrderMessage>;

/**
 * The exchange socket's heart-beat (decision HB1): the server sends this exact frame every
 * EXCHANGE_HEARTBEAT_MS once a socket is signed in, and a client that hears nothing for two of them takes the
 * link for dead and connects again. A browser cannot see WebSocket pings, so the beat is a message.
 */
export const EXCHANGE_HEARTBEAT_MS = 10_000;
export const EXCHANGE_HEARTBEAT_FRAME = '{"ordertype":"heartbeat"}';

/**
 * Close codes of the exchange socket. `behind`: the socket fell too far behind its events; the client connects
 * again with `since` and the journal brings the rest (RP2).
 */
export const ExchangeClose = {
  unauthorized: 4401,
  sessionEnded: 4402,
  replaced: 4409,
  behind: 4408,
} as const;

/**
 * TradeKit's extension of the exchange socket (decisions RP1–RP5). Every **event** the server pushes on a
 * user's exchange sockets (an order message that carries `event`, `optionSettled`, a `notification` of a new
 * notification, `support` of the user's conversation) carries `seq`: its number in the user's journal, 1, 2, 3…
 * without gaps, one series per user (both accounts). State messages (the lists without an event, a
 * notification count without `id`, the heart-beat) carry none. The spec's fields are unchanged.
 *
 * The first message may carry `since`, the last `seq` the page handled: the server sends the journal's events
 * after it, in order, then the live ones. A socket of one account gets an event of the user's other account as
 * `{ "ordertype": "skipped", "seq" }`, so its series has no gap. When the journal no longer holds the event after
 * `since` (kept: the last EXCHANGE_JOURNAL_KEEP per user, none older than EXCHANGE_JOURNAL_KEEP_MS), the answer
 * is `{ "ordertype": "resync", "seq" }` with the journal's last number: the page reloads its lists and counts.
 */
export const EXCHANGE_JOURNAL_KEEP = 500;

/** An event of the user's other account: only its number (RP1). */
export interface ExchangeSkippedMessage {
  ordertype: 'skipped';
  seq: number;
}

/** The events after `since` are no longer kept: reload, and go on after `seq` (RP2). */
export interface ExchangeResyncMessage {
  ordertype: 'resync';
  seq: number;
}
/** How long the journal keeps an event (RP2). */
export const EXCHANGE_JOURNAL_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * TradeKit's order tools (issue #25, decisions OT1–OT12): partial close, trailing stop and break-even of an
 * open position. The spec's calls are unchanged; each tool has its demo `…Mock` variant like them.
 */

/** `order/closePart` body: close `quantity` lots of an open position, the rest stays open (OT1). */
export const ClosePartInput = Obj({
  orderId: OrderId,
  quantity: Dec({
    description: 'Lots to close: on the lot step, at least the minimum, less than the open lots',
  }),
  token: BodyToken,
});
export type ClosePartRequest = Static<typeof ClosePartInput>;

/** `order/trailingStop` body: '' (or 0) turns trailing off and leaves the stop where it is (OT4). */
export const TrailingStopInput = Obj({
  orderId: OrderId,
  distance: TriggerPrice(
    "Distance of the stop behind the price, at the product's precision; '' turns it off",
  ),
  token: BodyToken,
});
export type TrailingStopRequest = Static<typeof TrailingStopInput>;

/** `{exchange}/order/closePart` (demo: `closePartMock`). */
export const closePart = endpoint({
  service: 'exchange',
  path: 'order/closePart',
  mockPath: 'order/closePartMock',
  access: 'exchange',
  tag: 'trading',
  summary:
    'TradeKit: close part of an open position (same rules as closeOrder); data: the closed part, an order of ' +
    'its own whose parentUid is the position',
  input: ClosePartInput,
  data: MarketOrder,
  codes: [
    ...ORDER_CALL_CODES,
    ...OWN_ORDER_CODES,
    Code.WALLET_BALANCE_ERROR,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.ORDER_NOT_CLOSABLE,
    Code.MANUAL_CLOSE_TOO_SOON,
    Code.PAIR_CANNOT_TRADE,
    Code.QUANTITY_OFF_STEP,
    Code.LOTS_NOT_POSITIVE,
    Code.LOTS_BELOW_LIMIT,
    Code.LOTS_ABOVE_LIMIT,
  ],
});

/** `{exchange}/order/trailingStop` (demo: `trailingStopMock`). */
export const trailingStop = endpoint({
  service: 'exchange',
  path: 'order/trailingStop',
  mockPath: 'order/trailingStopMock',
  access: 'exchange',
  tag: 'trading',
  summary:
    'TradeKit: set or turn off the trailing stop of an open position; the stop starts at the distance from ' +
    'the exit price and follows it, never back; data: the position',
  input: TrailingStopInput,
  data: MarketOrder,
  codes: [
    ...ORDER_CALL_CODES,
    ...OWN_ORDER_CODES,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.PAIR_CONFIG_NOT_FOUND,
    Code.ORDER_NOT_CLOSABLE,
    Code.STOP_LOSS_VS_CURRENT,
  ],
});

/** `{exchange}/order/breakEven` (demo: `breakEvenMock`). */
export const breakEven = endpoint({
  service: 'exchange',
  path: 'order/breakEven',
  mockPath: 'order/breakEvenMock',
  access: 'exchange',
  tag: 'trading',
  summary:
    'TradeKit: move the stop loss of a position in profit to its break-even price (opening price plus its ' +
    'fees); 309 unless the exit price is beyond it by the spread; data: the position',
  input: OrderIdInput,
  data: MarketOrder,
  codes: [
    ...ORDER_CALL_CODES,
    ...OWN_ORDER_CODES,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.PAIR_CONFIG_NOT_FOUND,
    Code.ORDER_NOT_CLOSABLE,
    Code.STOP_LOSS_VS_CURRENT,
  ],
});
