/**
 * The trader's orders as chart lines (pure): an open position's entry (side, lots, live P&L), a pending
 * order's trigger price, the stop loss and take profit of either (the two lines that can be dragged), and a
 * running option's entry price with a marker at its expiry. The live P&L is `pnlUsd` of the money module,
 * valued where the engine closes (`exitPrice`); the server's last figure stands in while the product or a
 * conversion rate is unknown.
 */
import type { OptionOrder } from '../../core/contract/options';
import { PositionStatus } from '../../core/contract/trading';
import type { MarketOrder } from '../../core/contract/trading';
import type { Decimal } from '../../core/domain/decimal';
import { exitPrice, pnlUsd } from '../../core/domain/money';
import type { MoneyProduct, Quote, QuoteLookup } from '../../core/domain/money';
import { pnlTone, triggerText } from '../../core/domain/order-format';
import { moveTrigger } from '../../core/domain/trigger-edit';
import type { TriggerEdit } from '../../core/domain/trigger-edit';

/** What a line stands for. */
export type TradeLineKind = 'entry' | 'pending' | 'stop' | 'take' | 'option';

/** Colour role of a line: P&L sign, the loss and gain colours, or the accent for a pending order. */
export type LineTone = 'up' | 'down' | 'flat' | 'accent';

/** One horizontal line of an order. */
export interface TradeLine {
  /** `<order id>:<kind>`: stable while the order lives. */
  id: string;
  kind: TradeLineKind;
  orderId: string;
  price: Decimal;
  /** 0 buy (up), 1 sell (down). */
  side: 0 | 1;
  /** Lots of a market order; the stake of an option. */
  size: Decimal;
  /** Live P&L of an open position's entry line (USD), else null. */
  pnl: Decimal | null;
  tone: LineTone;
  /** Stop loss and take profit lines can be dragged to a new price. */
  draggable: boolean;
}

/** The expiry of a running option: a vertical marker at `time`. */
export interface ExpiryMarker {
  id: string;
  orderId: string;
  /** Epoch ms (the option's endTime). */
  time: number;
  side: 0 | 1;
}

/** What the live P&L needs of the shown symbol. */
export interface PnlContext {
  product: Pick<MoneyProduct, 'productCode' | 'type' | 'contractSize'> | null;
  /** The symbol's live quote, null while unknown. */
  quote: Quote | null;
  rates: QuoteLookup;
}

/** The live P&L of an open position: money.ts at the exit side of the quote, else the server's figure. */
export function livePnl(order: MarketOrder, context: PnlContext): Decimal {
  const { product, quote, rates } = context;
  if (!product || !quote) return order.profitLoss;
  const close = exitPrice(order.orderType, quote);
  return (
    pnlUsd(product, order.orderType, order.openingPrice, close, order.orderQuantity, rates) ??
    order.profitLoss
  );
}

function triggerLines(order: MarketOrder): TradeLine[] {
  const lines: TradeLine[] = [];
  const base = {
    orderId: order.id,
    side: order.orderType,
    size: order.orderQuantity,
    pnl: null,
    draggable: true,
  };
  const stop = triggerText(order.stopPrice);
  if (stop) lines.push({ ...base, id: `${order.id}:stop`, kind: 'stop', price: stop, tone: 'down' });
  const take = triggerText(order.takeProfitPrice);
  if (take) lines.push({ ...base, id: `${order.id}:take`, kind: 'take', price: take, tone: 'up' });
  return lines;
}

/** Lines of the open positions and pending orders of `symbol` (entry or trigger price, then SL and TP). */
export function marketLines(
  orders: readonly MarketOrder[],
  symbol: string,
  context: PnlContext,
): TradeLine[] {
  return orders
    .filter((order) => order.tradePair === symbol)
    .flatMap((order) => {
      const pending = order.positionStatus === PositionStatus.pending;
      if (!pending && order.positionStatus !== PositionStatus.open) return [];
      const pnl = pending ? null : livePnl(order, context);
      const main: TradeLine = {
        id: `${order.id}:${pending ? 'pending' : 'entry'}`,
        kind: pending ? 'pending' : 'entry',
        orderId: order.id,
        // A pending order opens at its limit (`price`); an open one at its fill.
        price: pending ? order.price : order.openingPrice,
        side: order.orderType,
        size: order.orderQuantity,
        pnl,
        tone: pending ? 'accent' : pnlTone(pnl),
        draggable: false,
      };
      return [main, ...triggerLines(order)];
    });
}

/** Entry lines and expiry markers of the running options of `symbol` (gone once the list drops them). */
export function optionLines(
  options: readonly OptionOrder[],
  symbol: string,
): { lines: TradeLine[]; markers: ExpiryMarker[] } {
  const shown = options.filter((option) => option.tradePair === symbol);
  return {
    lines: shown.map((option) => ({
      id: `${option.uid}:option`,
      kind: 'option',
      orderId: option.uid,
      price: option.price,
      side: option.orderType,
      size: option.amount,
      pnl: null,
      tone: option.orderType === 0 ? 'up' : 'down',
      draggable: false,
    })),
    markers: shown.map((option) => ({
      id: `${option.uid}:expiry`,
      orderId: option.uid,
      time: option.endTime,
      side: option.orderType,
    })),
  };
}

/** A dragged line's value as a price at the product's precision; null for no usable price. */
export function draggedPrice(value: number, precision: number): Decimal | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const text = value.toFixed(Math.max(0, Math.min(precision, 10)));
  return Number(text) > 0 ? text : null;
}

/** The updateOrder edit a stop loss or take profit line dragged to `price` asks for. */
export function dragEdit(
  line: Pick<TradeLine, 'kind'>,
  order: Pick<MarketOrder, 'id' | 'stopPrice' | 'takeProfitPrice'>,
  price: Decimal,
): TriggerEdit | null {
  if (line.kind !== 'stop' && line.kind !== 'take') return null;
  return moveTrigger(order, line.kind === 'stop' ? 'stopPrice' : 'takeProfitPrice', price);
}
