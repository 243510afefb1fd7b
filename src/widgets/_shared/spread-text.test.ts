import { describe, expect, it } from 'vitest';
import { spreadOf } from '../../core/domain/spread';
import { spreadText } from './spread-text';

const t = (key: string, vars?: Record<string, unknown>) => `${key}(${String(vars?.pips)})`;

describe('spreadText', () => {
  it.each([
    ['BTCUSDT', 1, 2, '98500.00', '98510.00', '10.00 USD'],
    ['EURUSD', 3, 5, '1.16500', '1.16512', '0.00012 USD · quotes.spread_pips(1.2)'],
    ['USDJPY', 3, 3, '152.400', '152.415', '0.015 JPY · quotes.spread_pips(1.5)'],
    ['BTCUSDT', 1, 2, '', '98510.00', '--'],
  ] as const)(
    'shows %s (type %i, %i decimals) %s/%s as %s',
    (productCode, type, precision, bid, ask, text) => {
      expect(spreadText(spreadOf(bid, ask, { productCode, type, precision }), t)).toBe(text);
    },
  );
});
