/** Orders as the wire shows them, valued at the current quotes, and the position summary of an account. */
import type { MarketOrder, PositionSummary } from '../../../src/core/contract/trading';
import { add, isZero, type Decimal } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { findUserAccount, toMoney } from '../ledger';
import type { Engine } from './engine';
import { accountMargin, exitPrice, pnlUsd } from '../../../src/core/domain/money';
import { ORDER_COLUMNS, selectOrders, type OrderRow } from './orders-repo';
import { exactStopPrice } from './trailing';

/**
 * The wire order: an open position carries its floating P&L at the exit side of the current quote, a
 * pending order the P&L it would have if filled at its limit price now; a closed one its realised P&L.
 */
export function toMarketOrder(engine: Engine, order: OrderRow): MarketOrder {
  const live = order.positionStatus === 1 || order.positionStatus === 2;
  const product = engine.product(order.tradePair);
  const quote = live ? engine.quote(order.tradePair) : undefined;
  const current = quote ? exitPrice(order.orderType, quote) : (order.closingPrice ?? order.openingPrice);
  const floating =
    live && quote && product
      ? pnlUsd(product, order.orderType, order.openingPrice, current, order.orderQuantity, engine.lookup)
      : null;
  return {
    // The internal sequential id stays inside: `id` carries the public order number too (decisions).
    id: order.uid,
    uid: order.uid,
    tradePair: order.tradePair,
    productName: order.productName,
    positionStatus: order.positionStatus,
    orderType: order.orderType,
    buyPoint: order.buyPoint,
    price: order.price,
    openingPrice: order.openingPrice,
    currentPrice: current,
    closingPrice: order.closingPrice,
    // A trailing stop as the book holds it, which the stored row follows at most once a second (OT6).
    stopPrice: live && product ? exactStopPrice(engine.book, order, product.pricePrecision) : order.stopPrice,
    takeProfitPrice: order.takeProfitPrice,
    orderQuantity: order.orderQuantity,
    multiple: order.multiple,
    securityDepositInitial: toMoney(order.margin),
    feeAmount: toMoney(order.feeAmount),
    overnightFee: toMoney(order.overnightFee),
    profitLoss: toMoney(live ? (floating ?? '0') : order.profitLoss),
    orderTimeTs: order.orderTime,
    transactionTimeTs: order.transactionTime,
    closingTimeTs: order.closingTime,
    closeReason: order.closeReason,
    parentUid: order.parentUid,
    trailingDistance: order.trailingDistance,
    // Only when the house absorbed part of the loss (PR7), so the other orders' wire stays as it was.
    ...(isZero(order.absorbedLoss) ? {} : { absorbedLoss: toMoney(order.absorbedLoss) }),
  };
}

/** An account's live orders valued now, and its summary inputs. */
export interface AccountView {
  open: MarketOrder[];
  pending: MarketOrder[];
  balance: Decimal;
  lockMargin: Decimal;
}

/** Reads the account and its pending and open orders. */
export async function accountView(
  engine: Engine,
  q: Queryable,
  userId: string,
  virtual: boolean,
): Promise<AccountView> {
  const account = await findUserAccount(q, userId, virtual ? 'demo' : 'real');
  const rows = await selectOrders(
    q,
    `select ${ORDER_COLUMNS} from orders where user_id = $1 and virtual = $2 and position_status in (1, 2)
      order by order_time desc, id desc`,
    [userId, virtual],
  );
  const orders = rows.map((row) => toMarketOrder(engine, row));
  return {
    open: orders.filter((o) => o.positionStatus === 2),
    pending: orders.filter((o) => o.positionStatus === 1),
    balance: account?.balance ?? '0',
    lockMargin: account?.lockMargin ?? '0',
  };
}

const total = (orders: MarketOrder[]) => orders.reduce<Decimal>((sum, o) => add(sum, o.profitLoss), '0');

/**
 * The position summary: `profitLossSum` of the given list (open, or pending for the pending tab); net value
 * = balance + locked margin + floating P&L of the open positions; available = net value − locked margin.
 */
export function summaryOf(view: AccountView, list: MarketOrder[]): PositionSummary {
  const { netValue, available } = accountMargin(view.balance, view.lockMargin, total(view.open));
  return {
    profitLossSum: toMoney(total(list)),
    netValue: toMoney(netValue),
    securityDepositPrent: toMoney(view.lockMargin),
    securityDepositAvailableSum: toMoney(available),
  };
}
