import { describe, expect, it } from 'vitest';
import { add, compare, div, mul, sub, type Decimal } from '../../../src/core/domain/decimal';
import { previewOrder } from '../../../src/core/domain/trade-preview';
import { INSTRUMENTS } from '../market/instruments';
import { feeOf, marginOf, notionalUsd, type DecimalQuote } from './money';

// The order form previews margin and fee with the client's rules (core/domain), the engine charges with its
// own; a trader must never see one figure and pay another beyond rounding of the conversion rate.
const quotes = new Map<string, DecimalQuote>(
  INSTRUMENTS.map((i) => [
    i.productCode,
    { bid: i.referencePrice, ask: add(i.referencePrice, mul(i.pip, String(i.spreadPips))) },
  ]),
);
const mid = (symbol: string): Decimal | null => {
  const q = quotes.get(symbol);
  return q ? div(add(q.bid, q.ask), '2', 10) : null;
};
const within = (a: Decimal, b: Decimal, relative: string) => {
  const diff = sub(a, b).replace('-', '');
  const bound = add(mul(b.replace('-', ''), relative), '0.01');
  return compare(diff, bound) <= 0;
};

describe('order form preview and engine charges', () => {
  it.each(INSTRUMENTS.map((i) => [i.productCode, i] as const))(
    'agree on margin and fee for %s within the spread of the conversion rate',
    (_code, instrument) => {
      const quote = quotes.get(instrument.productCode)!;
      const quantity = mul(instrument.minCount, '10');
      const serverNotional = notionalUsd(instrument, quantity, quote.ask, (s) => quotes.get(s));
      expect(serverNotional).not.toBeNull();
      const margin = marginOf(serverNotional!, instrument.multiple);
      const fee = feeOf(instrument, serverNotional!, quantity);
      const preview = previewOrder(instrument, quantity, quote.ask, '1000000', mid);
      if ('error' in preview) throw new Error(`preview failed: ${preview.error}`);
      expect({
        margin: within(preview.margin, margin, '0.005'),
        fee: within(preview.fee, fee, '0.005'),
      }).toEqual({
        margin: true,
        fee: true,
      });
    },
  );
});
