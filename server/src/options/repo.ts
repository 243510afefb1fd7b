/** Option products and option orders in the database, as the contract's shapes. */
import type { OptionOrder, OptionProduct } from '../../../src/core/contract/options';
import { normalize } from '../../../src/core/domain/decimal';
import { parseDeliveryTime, type DeliveryTime } from '../../../src/core/domain/option-payload';
import type { Queryable } from '../db/types';

/** A product as stored, with its instrument's name. */
export interface ProductRow {
  id: number;
  productCode: string;
  productName: string;
  feeRate: string;
  tradeStatus: 0 | 1;
  timeRatePayload: Record<string, string>;
}

export const PRODUCT_COLUMNS = `p.id, p.product_code as "productCode", i.product_name as "productName",
  p.fee_rate as "feeRate", p.trade_status as "tradeStatus", p.time_rate_payload as "timeRatePayload"`;
export const PRODUCT_FROM = 'option_products p join instruments i on i.product_code = p.product_code';

/** The valid delivery times of a stored payload (an entry that went bad is left out, never fatal). */
export function deliveryTimesOf(payload: Record<string, string>): DeliveryTime[] {
  const times: DeliveryTime[] = [];
  for (const [key, text] of Object.entries(payload)) {
    const parsed = parseDeliveryTime(text);
    if (parsed.ok && String(parsed.value.time) === key) times.push(parsed.value);
  }
  return times.sort((a, b) => a.time - b.time);
}

/** The wire shape of a product. */
export function toOptionProduct(row: ProductRow): OptionProduct {
  return {
    id: Number(row.id),
    productCode: row.productCode,
    productName: row.productName,
    feeRate: normalize(row.feeRate),
    tradeStatus: Number(row.tradeStatus) === 1 ? 1 : 0,
    timeRatePayload: row.timeRatePayload,
    deliveryTimes: deliveryTimesOf(row.timeRatePayload),
  };
}

/** One product by id, or null. */
export async function findProduct(q: Queryable, id: number): Promise<ProductRow | null> {
  const { rows } = await q.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where p.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** An option order as stored. */
export interface OptionRow {
  id: string;
  uid: string;
  userId: string;
  virtual: boolean;
  accountId: string;
  brandId: string;
  optionsProductId: number;
  tradePair: string;
  productName: string;
  orderType: 0 | 1;
  price: string;
  priceEnd: string | null;
  rate: string;
  amount: string;
  feeAmount: string;
  timeLong: number;
  beginTime: string;
  endTime: string;
  completeTime: string | null;
  winLost: string | null;
  positionStatus: 0 | 1;
}

export const OPTION_COLUMNS = `id, uid, user_id as "userId", virtual, account_id as "accountId",
  brand_id as "brandId", options_product_id as "optionsProductId", trade_pair as "tradePair",
  product_name as "productName", order_type as "orderType", price, price_end as "priceEnd", rate, amount,
  fee_amount as "feeAmount", time_long as "timeLong", begin_time as "beginTime", end_time as "endTime",
  complete_time as "completeTime", win_lost as "winLost", position_status as "positionStatus"`;

/** Money columns are numeric(28, 8): shown at the cent. */
const cents = (value: string) => {
  const text = normalize(value);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

/** The wire shape of an option order. */
export function toOptionOrder(row: OptionRow): OptionOrder {
  return {
    id: String(row.id),
    uid: row.uid,
    optionsProductId: Number(row.optionsProductId),
    orderType: Number(row.orderType) === 1 ? 1 : 0,
    tradePair: row.tradePair,
    productName: row.productName,
    price: normalize(row.price),
    priceEnd: row.priceEnd === null ? null : normalize(row.priceEnd),
    rate: normalize(row.rate),
    feeAmount: cents(row.feeAmount),
    amount: cents(row.amount),
    timeLong: Number(row.timeLong),
    beginTime: Number(row.beginTime),
    endTime: Number(row.endTime),
    completeTime: row.completeTime === null ? null : Number(row.completeTime),
    winLost: row.winLost === null ? null : cents(row.winLost),
    positionStatus: Number(row.positionStatus) === 1 ? 1 : 0,
  };
}

/** One option of an account by its number, or null (another account's option is not found either). */
export async function findAccountOption(
  q: Queryable,
  uid: string,
  userId: string,
  virtual: boolean,
): Promise<OptionRow | null> {
  const { rows } = await q.query<OptionRow>(
    `select ${OPTION_COLUMNS} from option_orders where uid = $1 and user_id = $2 and virtual = $3`,
    [uid, userId, virtual],
  );
  return rows[0] ?? null;
}
