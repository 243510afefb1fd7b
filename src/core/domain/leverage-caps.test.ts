import { describe, expect, it } from 'vitest';
import {
  assetClassOf,
  cappedMultiple,
  ESMA_LEVERAGE,
  leverageCap,
  parseLeverageTable,
} from './leverage-caps';

const on = { on: true, caps: ESMA_LEVERAGE };

describe('assetClassOf', () => {
  it.each([
    ['EURUSD', 3, 'forex_major'],
    ['USDJPY', 3, 'forex_major'],
    ['EURGBP', 3, 'forex_major'],
    ['usdchf', 3, 'forex_major'],
    ['AUDUSD', 3, 'forex_minor'],
    ['NZDUSD', 3, 'forex_minor'],
    ['USDHKD', 3, 'forex_minor'],
    ['XAUUSD', 2, 'gold'],
    ['XAGUSD', 2, 'commodity'],
    ['USOIL', 2, 'commodity'],
    ['GER40', 4, 'index_major'],
    ['UK100', 4, 'index_major'],
    ['JPN225', 4, 'index_major'],
    ['HK50', 4, 'index'],
    ['AAPL', 5, 'share'],
    ['BTCUSDT', 1, 'crypto'],
  ] as const)('puts %s (category %i) in %s', (productCode, type, expected) => {
    expect(assetClassOf({ productCode, type })).toBe(expected);
  });
});

describe('leverageCap and cappedMultiple', () => {
  it('lowers the leverage to the class cap while protections are on', () => {
    const btc = { productCode: 'BTCUSDT', type: 1, multiple: 100 };
    expect(leverageCap(btc, on)).toBe(2);
    expect(cappedMultiple(btc, on)).toBe(2);
    expect(cappedMultiple(btc, { ...on, on: false })).toBe(100);
  });

  it('keeps a product leverage already under the cap and says no cap applied', () => {
    const low = { productCode: 'EURUSD', type: 3, multiple: 10 };
    expect(leverageCap(low, on)).toBeNull();
    expect(cappedMultiple(low, on)).toBe(10);
  });

  it('uses a brand table of its own', () => {
    const caps = { ...ESMA_LEVERAGE, share: 2 };
    expect(cappedMultiple({ productCode: 'TSLA', type: 5, multiple: 10 }, { on: true, caps })).toBe(2);
  });
});

describe('parseLeverageTable', () => {
  it('takes ESMA for null and for missing classes', () => {
    expect(parseLeverageTable(null)).toEqual(ESMA_LEVERAGE);
    expect(parseLeverageTable({ crypto: 5 })).toEqual({ ...ESMA_LEVERAGE, crypto: 5 });
  });

  it.each([[[]], ['30'], [{ crypto: 0 }], [{ crypto: 2.5 }], [{ crypto: 1001 }], [{ metals: 20 }]])(
    'refuses %j',
    (value) => {
      expect(parseLeverageTable(value)).toHaveProperty('error');
    },
  );
});
