/**
 * What a screen reader hears of a trading event (issue #22, decisions SR1–SR3): a fill, a close with its P&L,
 * an option's settlement. Pure: the caller gives `t` (the `announce.*` keys, announce.json) and the records.
 * The sign of money is said in words ("Profit 12.40 USD.", "Loss 3.10 USD."), never as "+"/"−" or colour.
 */
import type { OptionOrder } from '../../core/contract/options';
import type { CloseReason, MarketOrder } from '../../core/contract/trading';
import { isDecimal } from '../../core/domain/decimal';
import { formatAmount } from '../../core/domain/format';
import { optionOutcome } from '../../core/domain/option-order';
import { orderDirection, pnlTone, priceText } from '../../core/domain/order-format';
import type { Translate } from './use-t';

/** The event kinds the exchange socket reports (a server-made change) that close a position. */
const CLOSES: ReadonlySet<string> = new Set(['manual', 'stop_loss', 'take_profit', 'stop_out']);

/** "Profit 12.40 USD." / "Loss 3.10 USD." / "No profit or loss."; null for a value that is not a decimal. */
export function pnlWords(value: string | null | undefined, t: Translate): string | null {
  if (!value || !isDecimal(value)) return null;
  const tone = pnlTone(value);
  const amount = formatAmount(value).replace(/^-/, '');
  if (tone === 'flat') return t('announce.pnl.even');
  return t(tone === 'up' ? 'announce.pnl.profit' : 'announce.pnl.loss', { amount });
}

/** Two sentences in one message; each ends with its language's stop (Thai's is the space itself). */
function joined(first: string, second: string | null): string {
  return second ? `${first} ${second}` : first;
}

const symbolOf = (order: Pick<MarketOrder, 'productName' | 'tradePair'>) =>
  order.productName || order.tradePair;

/**
 * A fill: a market order the trader placed (`pending` false) or a pending order the server filled. The price is
 * the fill price when the order is known open; without it (not yet seen) the sentence leaves it out.
 */
export function fillWords(
  order: Pick<MarketOrder, 'productName' | 'tradePair' | 'orderType' | 'orderQuantity' | 'openingPrice'>,
  pending: boolean,
  t: Translate,
  withPrice = true,
): string {
  const vars = {
    side: t(`announce.side.${orderDirection(order)}`),
    lots: order.orderQuantity,
    symbol: symbolOf(order),
    price: priceText(order.openingPrice),
  };
  if (pending) return t('announce.fill.pending', vars);
  return t(withPrice ? 'announce.fill.market' : 'announce.fill.market_no_price', vars);
}

/**
 * A position that closed (by the trader, stop loss, take profit or stop-out) with its realised P&L in words, or
 * without it when the closed order could not be read. A pending order the server cancelled or failed has no P&L.
 */
export function closeWords(
  kind: CloseReason,
  order: Pick<MarketOrder, 'productName' | 'tradePair'> & { profitLoss?: string | null },
  t: Translate,
): string {
  const symbol = symbolOf(order);
  if (!CLOSES.has(kind))
    return t(kind === 'cancelled' ? 'announce.cancelled' : 'announce.failed', { symbol });
  return joined(t(`announce.close.${kind}`, { symbol }), pnlWords(order.profitLoss, t));
}

/** A settled option: won (with the profit), lost (with the stake lost) or even (the stake back); null while running. */
export function optionWords(
  order: Pick<OptionOrder, 'productName' | 'tradePair' | 'winLost'>,
  t: Translate,
): string | null {
  const outcome = optionOutcome(order.winLost);
  if (!outcome) return null;
  const said = t(`announce.option.${outcome}`, { symbol: symbolOf(order) });
  return outcome === 'tie' ? said : joined(said, pnlWords(order.winLost, t));
}
