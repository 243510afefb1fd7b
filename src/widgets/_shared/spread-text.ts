/** The spread as shown on every screen: "10.00 USD", and for forex "0.00012 USD · 1.2 pips". */
import type { Spread } from '../../core/domain/spread';
import type { Translate } from './use-t';

/** Text of a spread (spreadOf in core/domain/spread.ts); '--' when unknown. */
export function spreadText(spread: Spread | null, t: Translate): string {
  if (!spread) return '--';
  const price = `${spread.price} ${spread.currency}`;
  return spread.pips === null ? price : `${price} · ${t('quotes.spread_pips', { pips: spread.pips })}`;
}
