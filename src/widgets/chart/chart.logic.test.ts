import { describe, expect, it } from 'vitest';
import type { ProductInfo, SessionHours } from '../../core/contract/types';
import { isMarketOpen } from '../../core/domain/market-hours';
import {
  COLOR_SCHEMES,
  INDICATORS,
  MAX_INDICATORS,
  colorScheme,
  isDrawingTool,
  isLive,
  parseCandleType,
  parsePeriod,
  toggleIndicator,
  modeOffered,
  tradeBlock,
} from './chart.logic';
import type { IndicatorSet, MarketStatus, TradeBlock } from './chart.logic';
import { showsVolume } from './header.logic';

const WEEKDAYS: SessionHours = { marketStartTime: '00:00', marketCloseTime: '24:00' };
const WEEKEND: SessionHours = { marketStartTime: null, marketCloseTime: null };
/** Wednesday noon and Saturday noon, UTC. */
const WEDNESDAY = Date.UTC(2025, 0, 15, 12);
const SATURDAY = Date.UTC(2025, 0, 18, 12);

function product(overrides: Partial<ProductInfo> = {}): ProductInfo {
  return {
    productCode: 'EURUSD',
    productName: 'Euro / US Dollar',
    type: 3,
    sort: 1,
    maxCount: '100',
    minCount: '0.01',
    countNum: '0.01',
    multiple: 100,
    pip: '0.00001',
    pricePrecision: 5,
    contractSize: '100000',
    sessions: [WEEKEND, WEEKDAYS, WEEKDAYS, WEEKDAYS, WEEKDAYS, WEEKDAYS, WEEKEND],
    tradeStatus: 1,
    logoUrl: '',
    feeType: 'PERCENTAGE',
    feeValue: '0.002',
    ...overrides,
  };
}

describe('toggleIndicator', () => {
  const set = (main: string[], sub: string[] = []): IndicatorSet => ({ main, sub });

  it.each([
    ['adds a main indicator', set(['MA']), 'main', 'EMA', set(['MA', 'EMA']), false],
    ['removes a shown indicator', set(['MA', 'EMA']), 'main', 'MA', set(['EMA']), false],
    ['adds the third main indicator', set(['MA', 'EMA']), 'main', 'BOLL', set(['MA', 'EMA', 'BOLL']), false],
    [
      'refuses a fourth main indicator',
      set(['MA', 'EMA', 'BOLL']),
      'main',
      'SAR',
      set(['MA', 'EMA', 'BOLL']),
      true,
    ],
    ['still removes from a full area', set(['MA', 'EMA', 'BOLL']), 'main', 'EMA', set(['MA', 'BOLL']), false],
    [
      'counts the areas apart',
      set(['MA', 'EMA', 'BOLL'], ['VOL']),
      'sub',
      'MACD',
      set(['MA', 'EMA', 'BOLL'], ['VOL', 'MACD']),
      false,
    ],
    [
      'refuses a fourth sub indicator',
      set([], ['VOL', 'MACD', 'KDJ']),
      'sub',
      'RSI',
      set([], ['VOL', 'MACD', 'KDJ']),
      true,
    ],
    ['ignores a sub-only indicator over the candles', set([]), 'main', 'VOL', set([]), false],
    ['ignores an unknown name', set([]), 'sub', 'XYZ', set([]), false],
  ] as const)('%s', (_, current, pane, name, expected, refused) => {
    const result = toggleIndicator(current, pane, name);
    expect(result.indicators).toEqual(expected);
    expect(result.refused).toBe(refused);
  });

  it('allows three per area', () => {
    expect(MAX_INDICATORS).toBe(3);
  });

  it('offers SAR over the candles only, after the spec’s main indicators', () => {
    expect(INDICATORS.main).toEqual(['MA', 'EMA', 'SMA', 'BOLL', 'BBI', 'SAR']);
    expect(INDICATORS.sub).not.toContain('SAR');
  });

  it.each([
    ['adds SAR as a main indicator', set(['MA', 'EMA']), 'main', 'SAR', set(['MA', 'EMA', 'SAR']), false],
    ['removes SAR', set(['MA', 'SAR']), 'main', 'SAR', set(['MA']), false],
    [
      'counts SAR toward the three and refuses a fourth',
      set(['MA', 'SAR', 'EMA']),
      'main',
      'BOLL',
      set(['MA', 'SAR', 'EMA']),
      true,
    ],
    ['ignores SAR in a sub pane', set([], ['VOL']), 'sub', 'SAR', set([], ['VOL']), false],
  ] as const)('%s', (_, current, pane, name, expected, refused) => {
    const result = toggleIndicator(current, pane, name);
    expect(result.indicators).toEqual(expected);
    expect(result.refused).toBe(refused);
  });
});

describe('tradeBlock (spec §4 trade button states, §5 chart buy/sell rules)', () => {
  it.each<[string, ProductInfo | null | undefined, MarketStatus | null, number, boolean, TradeBlock]>([
    ['trades an open product in hours', product(), 'open', WEDNESDAY, false, 'none'],
    ['waits while the product list loads', undefined, 'open', WEDNESDAY, false, 'unknown'],
    ['waits while the status is not known', product(), null, WEDNESDAY, false, 'unknown'],
    ['closes for status closed', product(), 'closed', WEDNESDAY, false, 'closed'],
    ['closes for early trading', product(), 'early_trading', WEDNESDAY, false, 'closed'],
    ['closes outside the trading hours', product(), 'open', SATURDAY, false, 'closed'],
    ['closes outside hours before the status is known', product(), null, SATURDAY, false, 'closed'],
    ['closes for status closed before the product is known', undefined, 'closed', WEDNESDAY, false, 'closed'],
    [
      'blocks tradeStatus 0 even while open',
      product({ tradeStatus: 0 }),
      'open',
      WEDNESDAY,
      false,
      'not_tradable',
    ],
    [
      'blocks tradeStatus 0 before the status',
      product({ tradeStatus: 0 }),
      null,
      WEDNESDAY,
      false,
      'not_tradable',
    ],
    ['blocks a product the list does not have', null, 'open', WEDNESDAY, false, 'not_tradable'],
    ['locks buttons on a delayed quote', product(), 'open', WEDNESDAY, true, 'stale'],
    ['prefers the closed banner to the delayed lock', product(), 'closed', WEDNESDAY, true, 'closed'],
    [
      'keeps a product without hours open by its status',
      product({ sessions: [] }),
      'open',
      SATURDAY,
      false,
      'none',
    ],
  ])('%s', (_, p, status, now, stale, expected) => {
    expect(tradeBlock({ product: p, status, now, stale, isOpen: isMarketOpen })).toBe(expected);
  });

  it('waits for the trading hours code before it opens a product with hours', () => {
    const input = { product: product(), status: 'open' as const, now: WEDNESDAY, stale: false };
    expect(tradeBlock({ ...input, isOpen: null })).toBe('unknown');
    expect(tradeBlock({ ...input, product: product({ sessions: [] }), isOpen: null })).toBe('none');
    expect(tradeBlock({ ...input, isOpen: isMarketOpen })).toBe('none');
  });
});

describe('a trade mode the brand does not offer (spec §5, CB1)', () => {
  const input = {
    product: product(),
    status: 'open' as const,
    now: WEDNESDAY,
    stale: false,
    isOpen: isMarketOpen,
  };

  it('locks the buttons with a notice where they would trade or show a delayed quote', () => {
    expect(tradeBlock({ ...input, modeOffered: false })).toBe('mode');
    expect(tradeBlock({ ...input, stale: true, modeOffered: false })).toBe('mode');
    expect(tradeBlock({ ...input, modeOffered: true })).toBe('none');
  });

  it('leaves the closed and not-tradable banners and the unknown state as they are', () => {
    expect(tradeBlock({ ...input, status: 'closed', modeOffered: false })).toBe('closed');
    expect(tradeBlock({ ...input, product: product({ tradeStatus: 0 }), modeOffered: false })).toBe(
      'not_tradable',
    );
    expect(tradeBlock({ ...input, status: null, modeOffered: false })).toBe('unknown');
  });

  it.each<[string | undefined, readonly string[] | undefined, boolean]>([
    ['option', ['market'], false],
    ['option', ['market', 'option'], true],
    [undefined, ['option'], false],
    ['market', ['option'], false],
    ['anything else', ['market'], true],
    ['option', undefined, true],
  ])('mode %s on a brand trading %j: offered %s', (mode, modes, expected) => {
    expect(modeOffered(mode, modes)).toBe(expected);
  });
});

describe('chart attributes and small rules', () => {
  it.each([
    ['5min', '5min'],
    [' 1H ', '1h'],
    ['1d', '1d'],
    ['2min', null],
    ['', null],
    [null, null],
  ])('reads period %j as %j', (text, period) => {
    expect(parsePeriod(text)).toBe(period);
  });

  it.each([
    ['area', 'area'],
    ['OHLC', 'ohlc'],
    ['candle_up_stroke', 'candle_up_stroke'],
    ['line', null],
    [undefined, null],
  ])('reads candle type %j as %j', (text, type) => {
    expect(parseCandleType(text)).toBe(type);
  });

  it.each<[MarketStatus | null, boolean]>([
    ['open', true],
    [null, true],
    ['closed', false],
    ['early_trading', false],
  ])('follows the live candle for status %j: %j', (status, live) => {
    expect(isLive(status)).toBe(live);
  });

  it.each([
    [1, true],
    [2, false],
    [3, false],
    [4, true],
    [5, true],
    [undefined, true],
  ] as const)('shows volume for type %j: %j', (type, shown) => {
    expect(showsVolume(type)).toBe(shown);
  });

  it('knows the drawing tools by their klinecharts names', () => {
    expect(isDrawingTool('fibonacciLine')).toBe(true);
    expect(isDrawingTool('brush')).toBe(false);
    expect(isDrawingTool(3)).toBe(false);
  });

  it('falls back to the brand colours for an unknown scheme', () => {
    expect(colorScheme('red-green').colors).toEqual({ up: '#dc2626', down: '#16a34a' });
    expect(colorScheme('purple')).toBe(COLOR_SCHEMES[0]);
  });
});
