/** The `orders` table: rows as the engine reads them, and the statements every operation shares. */
import { randomInt } from 'node:crypto';
import type { CloseReason, OrderTypeId, PositionStatusId } from '../../../src/core/contract/trading';
import type { Queryable } from '../db/types';

/** One stored order (amounts and prices as NUMERIC strings, instants as ms). */
export interface OrderRow {
  id: string;
  uid: string;
  userId: string;
  virtual: boolean;
  tradePair: string;
  productName: string;
  orderType: OrderTypeId;
  buyPoint: 1 | 2;
  positionStatus: PositionStatusId;
  price: string;
  openingPrice: string;
  closingPrice: string | null;
  stopPrice: string | null;
  takeProfitPrice: string | null;
  orderQuantity: string;
  contractSize: string;
  multiple: number;
  margin: string;
  feeAmount: string;
  overnightFee: string;
  /** What the account was credited or debited at the close (never more loss than the account held). */
  profitLoss: string;
  /** The part of the market loss the house absorbed at the close (PR7); market P&L = profitLoss − this. */
  absorbedLoss: string;
  closeReason: CloseReason | null;
  orderTime: number;
  transactionTime: number | null;
  closingTime: number | null;
  overnightUntil: number | null;
  brandId: string;
  /** The position a partial close came from (its order number); null otherwise (decision OT1). */
  parentUid: string | null;
  /** Distance of a trailing stop loss (price, at the product's precision); null when the stop does not trail. */
  trailingDistance: string | null;
}

/** The columns of `OrderRow`, aliased. */
export const ORDER_COLUMNS = `id, uid, user_id as "userId", virtual, trade_pair as "tradePair",
  product_name as "productName", order_type as "orderType", buy_point as "buyPoint",
  position_status as "positionStatus", price, opening_price as "openingPrice", closing_price as "closingPrice",
  stop_price as "stopPrice", take_profit_price as "takeProfitPrice", order_quantity as "orderQuantity",
  contract_size as "contractSize", multiple, margin, fee_amount as "feeAmount", overnight_fee as "overnightFee",
  profit_loss as "profitLoss", absorbed_loss as "absorbedLoss", close_reason as "closeReason", order_time as "orderTime",
  transaction_time as "transactionTime", closing_time as "closingTime", overnight_until as "overnightUntil",
  brand_id as "brandId", parent_uid as "parentUid", trailing_distance as "trailingDistance"`;

/** A stored order as the drivers return it (`ORDER_COLUMNS`, before `toOrder`). */
export type RawOrder = Omit<
  OrderRow,
  'orderTime' | 'transactionTime' | 'closingTime' | 'overnightUntil' | 'orderType'
> & {
  orderType: number | string;
  buyPoint: number | string;
  positionStatus: number | string;
  multiple: number | string;
  orderTime: string;
  transactionTime: string | null;
  closingTime: string | null;
  overnightUntil: string | null;
};

const ms = (value: string | null) => (value === null ? null : Number(value));

/** A stored row as an `OrderRow` (bigint columns arrive as strings). */
export function toOrder(raw: RawOrder): OrderRow {
  return {
    ...raw,
    orderType: Number(raw.orderType) as OrderTypeId,
    buyPoint: Number(raw.buyPoint) as 1 | 2,
    positionStatus: Number(raw.positionStatus) as PositionStatusId,
    multiple: Number(raw.multiple),
    orderTime: Number(raw.orderTime),
    transactionTime: ms(raw.transactionTime),
    closingTime: ms(raw.closingTime),
    overnightUntil: ms(raw.overnightUntil),
  };
}

/** Runs a select of `ORDER_COLUMNS` and maps the rows. */
export async function selectOrders(q: Queryable, sql: string, params: unknown[]): Promise<OrderRow[]> {
  const { rows } = await q.query<RawOrder>(sql, params);
  return rows.map(toOrder);
}

/**
 * An order by its public order number (the wire `orderId`; the internal id is never accepted there),
 * optionally locked. Null when there is none.
 */
export async function findOrder(q: Queryable, uid: string, lock = false): Promise<OrderRow | null> {
  const rows = await selectOrders(
    q,
    `select ${ORDER_COLUMNS} from orders where uid = $1 ${lock ? 'for update' : ''}`,
    [uid],
  );
  return rows[0] ?? null;
}

/** An order by its internal id (the engine's own references: trigger book, live index), optionally locked. */
export async function findOrderById(q: Queryable, id: string, lock = false): Promise<OrderRow | null> {
  if (!/^[0-9]{1,18}$/.test(id)) return null;
  const rows = await selectOrders(
    q,
    `select ${ORDER_COLUMNS} from orders where id = $1::bigint ${lock ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A new order number: the UTC date (yyMMdd) and twelve random digits (not guessable from volume). */
export function newOrderUid(now: number): string {
  const day = new Date(now).toISOString().slice(2, 10).replaceAll('-', '');
  const part = () => `${randomInt(0, 1_000_000)}`.padStart(6, '0');
  return `${day}${part()}${part()}`;
}

/** The fields of a new order. */
export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'uid'
  | 'closingPrice'
  | 'profitLoss'
  | 'absorbedLoss'
  | 'closeReason'
  | 'closingTime'
  | 'overnightUntil'
  | 'overnightFee'
  | 'parentUid'
  | 'trailingDistance'
>;

/** The columns a new order writes and their SQL types, in the order of `newOrderValues`. */
const NEW_ORDER_FIELDS = [
  ['uid', 'text'],
  ['user_id', 'bigint'],
  ['virtual', 'boolean'],
  ['trade_pair', 'text'],
  ['product_name', 'text'],
  ['order_type', 'smallint'],
  ['buy_point', 'smallint'],
  ['position_status', 'smallint'],
  ['price', 'numeric'],
  ['opening_price', 'numeric'],
  ['stop_price', 'numeric'],
  ['take_profit_price', 'numeric'],
  ['order_quantity', 'numeric'],
  ['contract_size', 'numeric'],
  ['multiple', 'int'],
  ['margin', 'numeric'],
  ['fee_amount', 'numeric'],
  ['order_time', 'bigint'],
  ['transaction_time', 'bigint'],
  ['brand_id', 'text'],
] as const;

/** The column list of a new order (`insert into orders (…)`). */
export const NEW_ORDER_COLUMNS = NEW_ORDER_FIELDS.map(([name]) => name).join(', ');

/**
 * The typed placeholders of a new order's values, numbered from `$first` (typed, so that the list also
 * serves `insert … select` where nothing else tells PostgreSQL the parameter types).
 */
export function newOrderPlaceholders(first: number): string {
  return NEW_ORDER_FIELDS.map(([, type], i) => `$${first + i}::${type}`).join(', ');
}

/** The values of a new order under the order number `uid`, in the order of `NEW_ORDER_COLUMNS`. */
export function newOrderValues(order: NewOrder, uid: string): unknown[] {
  return [
    uid,
    order.userId,
    order.virtual,
    order.tradePair,
    order.productName,
    order.orderType,
    order.buyPoint,
    order.positionStatus,
    order.price,
    order.openingPrice,
    order.stopPrice,
    order.takeProfitPrice,
    order.orderQuantity,
    order.contractSize,
    order.multiple,
    order.margin,
    order.feeAmount,
    order.orderTime,
    order.transactionTime,
    order.brandId,
  ];
}

/** Inserts an order under a fresh order number (drawn again on the rare clash) and returns it. */
export async function insertOrder(tx: Queryable, order: NewOrder, now: number): Promise<OrderRow> {
  for (;;) {
    const row = await tryInsert(tx, order, now);
    if (row) return row;
  }
}

async function tryInsert(tx: Queryable, order: NewOrder, now: number): Promise<OrderRow | undefined> {
  const rows = await selectOrders(
    tx,
    `insert into orders (${NEW_ORDER_COLUMNS}) values (${newOrderPlaceholders(1)})
     on conflict (uid) do nothing returning ${ORDER_COLUMNS}`,
    newOrderValues(order, newOrderUid(now)),
  );
  return rows[0];
}

/** Writes the given columns of an order and returns the row as stored. */
export async function updateOrder(
  tx: Queryable,
  id: string,
  changes: Record<string, unknown>,
): Promise<OrderRow> {
  const names = Object.keys(changes);
  const sets = names.map((name, i) => `${name} = $${i + 2}`).join(', ');
  const rows = await selectOrders(tx, `update orders set ${sets} where id = $1 returning ${ORDER_COLUMNS}`, [
    id,
    ...names.map((n) => changes[n]),
  ]);
  return rows[0] as OrderRow;
}
