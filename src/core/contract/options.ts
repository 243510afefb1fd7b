/**
 * Option mode (spec §1, §3, §4, §7): fixed-time up/down options. The public product call, the exchange
 * service's `order/addOrderOption` (demo: `…Mock`), the protected history, detail and completion calls, and
 * the admin call that changes a product. Times are epoch milliseconds except the request's `btime` (unix
 * seconds, spec §7); money and prices are decimal strings.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { Dec, DecOut, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Option order state (spec §4): 0 running (pending settlement), 1 finished (settled). */
export const OptionPositionStatus = { running: 0, finished: 1 } as const;
export type OptionPositionStatusId = (typeof OptionPositionStatus)[keyof typeof OptionPositionStatus];

/** Option direction (spec §3): 0 buy (up), 1 sell (down). */
export const OptionDirection = { up: 0, down: 1 } as const;

/** Page sizes of `option/findOptionHistory` (spec §7, §9): running options all at once, finished 10 a page. */
export const OPTION_RUNNING_LIMIT = 99_999;
export const OPTION_HISTORY_PAGE_SIZE = 10;
/** Completion poll (spec §4): first after 1 s, then every 1.5 s, at most 40 (list) or 12 (place form). */
export const OPTION_POLL_FIRST_MS = 1000;
export const OPTION_POLL_EVERY_MS = 1500;
export const OPTION_POLL_TRIES_LIST = 40;
export const OPTION_POLL_TRIES_FORM = 12;
/** How far the client's `price` may be from the server's quote (601 beyond): 5 %. */
export const OPTION_PRICE_TOLERANCE = '0.05';

/** One delivery time of a product, parsed from its `timeRatePayload` entry. */
export const OptionDeliveryTime = Obj({
  time: T.Integer({ minimum: 1, description: 'Seconds from acceptance to expiry' }),
  profitRate: DecOut('Profit rate in percent'),
  rate: DecOut('profitRate / 100, what addOrderOption sends as rate'),
  chips: T.Array(T.Integer({ minimum: 1 }), { description: 'Preset amounts' }),
  max: DecOut("Largest amount; '0': no maximum"),
  min: DecOut('Smallest amount'),
  name: T.Optional(T.String()),
});
export type OptionDeliveryTime = Static<typeof OptionDeliveryTime>;

/** An option product (spec §3): one per instrument. */
export const OptionProduct = Obj({
  id: T.Integer({ minimum: 1 }),
  productCode: T.String(),
  productName: T.String(),
  feeRate: DecOut('Fee = amount × feeRate, rounded up to the cent'),
  tradeStatus: OneOf([0, 1], '1 tradable, 0 not'),
  timeRatePayload: T.Record(T.String(), T.String(), {
    description: "Delivery time in seconds → 'time|profitRate^chips^max|min' with an optional '^name'",
  }),
  deliveryTimes: T.Array(OptionDeliveryTime, {
    description: 'The valid entries of timeRatePayload, parsed, sorted by time',
  }),
});
export type OptionProduct = Static<typeof OptionProduct>;

/** An option order (spec §3 Option order). */
export const OptionOrder = Obj({
  id: T.String(),
  uid: T.String({ description: 'Order number shown to the user' }),
  optionsProductId: T.Integer({ minimum: 1 }),
  orderType: OneOf([0, 1], '0 buy (up), 1 sell (down)'),
  tradePair: T.String(),
  productName: T.String(),
  price: DecOut("Entry price: the server's quote (bid) at acceptance"),
  priceEnd: Nullable(DecOut('The last price at or before endTime; null while running')),
  rate: DecOut('Profit rate / 100'),
  feeAmount: DecOut(),
  amount: DecOut('Stake'),
  timeLong: T.Integer({ minimum: 1, description: 'Seconds' }),
  beginTime: EpochMs(),
  endTime: EpochMs(),
  completeTime: Nullable(EpochMs('When it was settled')),
  winLost: Nullable(
    DecOut(
      'Profit (win), −stake (loss) or 0 (tie: stake refunded); the fee is not included; null while running',
    ),
  ),
  positionStatus: OneOf([0, 1], '0 running, 1 finished'),
});
export type OptionOrder = Static<typeof OptionOrder>;

/**
 * Exchange socket message (next to `holtOrder`/`pendingOrder`, contract `trading.ts`): options of the
 * socket's account the server just settled, each as `findOption` answers it. Sent once, right after the
 * settlement commits, to the owner's sockets of that account (real or demo) only; a client that missed it
 * (offline, reconnecting) still learns the result by polling `checkOptionOrderCompletion`.
 */
export const ExchangeOptionSettledMessage = Obj({
  ordertype: OneOf(['optionSettled']),
  virtual: T.Boolean(),
  list: T.Array(OptionOrder),
});
export type ExchangeOptionSettledMessage = Static<typeof ExchangeOptionSettledMessage>;

const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
const OptionUid = Str(40, { minLength: 1 });

/** `{api}/wa-na/option/findOptionsProduct` (public). */
export const findOptionsProduct = endpoint({
  service: 'api',
  path: 'wa-na/option/findOptionsProduct',
  access: 'public',
  tag: 'options',
  summary: 'Option products (one per instrument, or the one of productCode), a page at a time',
  input: Obj({
    limit: T.Optional(Int(1, 1000)),
    page: T.Optional(Int(1, 1_000_000)),
    productCode: T.Optional(Str(32)),
  }),
  data: Obj({
    optionsProducts: T.Array(OptionProduct),
    total: T.Integer({ minimum: 0 }),
    pages: T.Integer({ minimum: 0 }),
  }),
  codes: [Code.INCORRECT_PARAMETER],
});

/** `addOrderOption` body (spec §7). */
export const AddOrderOptionInput = Obj({
  tradePair: Str(32, { minLength: 1 }),
  optionsProductId: Int(1, 2_147_483_647),
  price: Dec({ description: "The price the client saw; within 5 % of the server's quote" }),
  timeLong: Int(1, 30 * 86_400, { description: 'Delivery time, seconds' }),
  btime: T.Optional(Int(0, 100_000_000_000, { description: 'Client time, unix seconds (informational)' })),
  rate: Dec({ description: "Profit rate / 100; must match the product's delivery time" }),
  amount: Dec({ description: 'Stake: a positive whole number within the delivery time range' }),
  orderType: OneOf([0, 1], '0 buy (up), 1 sell (down)'),
  token: T.Optional(Str(4096)),
});
export type AddOrderOptionRequest = Static<typeof AddOrderOptionInput>;

/** `{exchange}/order/addOrderOption` (demo: `addOrderOptionMock`). */
export const addOrderOption = endpoint({
  service: 'exchange',
  path: 'order/addOrderOption',
  mockPath: 'order/addOrderOptionMock',
  access: 'exchange',
  tag: 'options',
  summary: 'Buy an up/down option at the server quote; stake and fee leave the balance at once',
  input: AddOrderOptionInput,
  idempotent: 'optional',
  data: Obj({ uid: T.String(), beginTime: EpochMs(), endTime: EpochMs(), price: DecOut('Entry price') }),
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.ORDER_PARAMETER,
    ...SESSION_CODES,
    Code.WALLET_BALANCE_ERROR,
    Code.INSUFFICIENT_AVAILABLE_BALANCE,
    Code.TRADING_PROHIBITED,
    Code.UNVERIFIED_WITHDRAWALS,
    Code.WRONG_REAL_NAME_STATUS,
    Code.OPTION_PRICE_ERROR,
    Code.OPTION_TIME_ERROR,
    Code.OPTION_NOT_CONFIGURED,
    Code.PAIR_NOT_FOUND,
    Code.PAIR_CANNOT_TRADE,
    Code.OPTION_CONFIG_MISSING,
    Code.OPTION_ORDER_FAILED,
  ],
});

/** `{api}/waa/option/findOptionHistory`: the token's account (real or demo) decides whose options. */
export const findOptionHistory = endpoint({
  service: 'api',
  path: 'waa/option/findOptionHistory',
  access: 'protected',
  tag: 'options',
  summary: 'Running (0) or finished (1) options of the account, newest first, with win/loss totals',
  input: Obj({
    limit: T.Optional(Int(1, OPTION_RUNNING_LIMIT)),
    page: T.Optional(Int(1, 1_000_000)),
    positionStatus: T.Optional(OneOf([0, 1], '0 running, 1 finished')),
  }),
  data: Obj({
    items: T.Array(OptionOrder),
    page: T.Integer({ minimum: 1 }),
    pages: T.Integer({ minimum: 0 }),
    total: T.Integer({ minimum: 0 }),
    todayWinLoss: DecOut('Sum of winLost of the options settled since 00:00 UTC'),
    totalWinLoss: DecOut('Sum of winLost of every settled option'),
  }),
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

/** `{api}/waa/option/findOption`: one option of the account (another's answers like a missing one: 402). */
export const findOption = endpoint({
  service: 'api',
  path: 'waa/option/findOption',
  access: 'protected',
  tag: 'options',
  summary: 'One option order of the account',
  input: Obj({ uid: OptionUid }),
  data: OptionOrder,
  codes: [Code.INCORRECT_PARAMETER, Code.ORDER_NOT_FOUND, ...SESSION_CODES],
});

/** `{api}/waa/option/checkOptionOrderCompletion`. */
export const checkOptionOrderCompletion = endpoint({
  service: 'api',
  path: 'waa/option/checkOptionOrderCompletion',
  access: 'protected',
  tag: 'options',
  summary: 'Whether an option of the account is settled',
  input: Obj({ uid: OptionUid }),
  data: Obj({ completed: T.Boolean() }),
  codes: [Code.INCORRECT_PARAMETER, Code.ORDER_NOT_FOUND, ...SESSION_CODES],
});

/** `POST /admin/v1/options/products/{id}`: change a product; a malformed payload changes nothing (1001). */
export const adminUpdateOptionProduct = endpoint({
  service: 'admin',
  path: 'options/products/{id}',
  access: 'admin',
  tag: 'admin',
  summary: 'Change the delivery times, fee rate or trade status of an option product',
  input: Obj({
    id: Int(1, 2_147_483_647),
    timeRatePayload: T.Optional(T.Record(T.String({ maxLength: 12 }), Str(400), { maxProperties: 20 })),
    feeRate: T.Optional(Dec({ description: 'Fraction of the amount, below 1 (0.002 = 0.2 %)' })),
    tradeStatus: T.Optional(OneOf([0, 1])),
  }),
  data: OptionProduct,
  codes: [Code.INCORRECT_PARAMETER, Code.OPTION_CONFIG_MISSING],
});
