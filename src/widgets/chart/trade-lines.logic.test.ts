import { describe, expect, it } from 'vitest';
import type { OptionOrder } from '../../core/contract/options';
import { marketOrder } from '../../core/feeds/exchange-feed.fixture';
import { pnlUsd } from '../../core/domain/money';
import type { QuoteLookup } from '../../core/domain/money';
import { dragEdit, draggedPrice, livePnl, marketLines, optionLines } from './trade-lines.logic';
import type { PnlContext } from './trade-lines.logic';

const BTC = { productCode: 'BTCUSDT', type: 1, contractSize: '1' };
const EURJPY = { productCode: 'EURJPY', type: 3, contractSize: '100000' };
const noRates: QuoteLookup = () => null;
const live = (bid: string, ask: string, product = BTC, rates = noRates): PnlContext => ({
  product,
  quote: { bid, ask },
  rates,
});

describe('livePnl', () => {
  it.each([
    // side, open, bid, ask, lots → P&L valued at the exit side (bid for a buy, ask for a sell)
    [0, '65000.00', '65100.00', '65110.00', '0.10', '10.00'],
    [0, '65000.00', '64900.50', '64910.00', '0.10', '-9.95'],
    [1, '65000.00', '64890.00', '64900.00', '0.10', '10.00'],
    [1, '65000.00', '65010.00', '65020.05', '2', '-40.10'],
    [0, '65000.00', '65000.00', '65010.00', '1', '0.00'],
  ] as const)('side %i opened at %s, quote %s/%s, %s lots: %s', (side, open, bid, ask, lots, pnl) => {
    const order = marketOrder({
      orderType: side,
      openingPrice: open,
      orderQuantity: lots,
      profitLoss: '999',
    });
    expect(livePnl(order, live(bid, ask))).toBe(pnl);
  });

  it('is the money module: the same figure as pnlUsd with conversion through the rates', () => {
    const order = marketOrder({
      tradePair: 'EURJPY',
      orderType: 0,
      openingPrice: '160.000',
      orderQuantity: '0.5',
    });
    const rates = (code: string) => (code === 'USDJPY' ? { bid: '150.000', ask: '150.020' } : null);
    const expected = pnlUsd(EURJPY, 0, '160.000', '160.250', '0.5', rates);
    expect(expected).not.toBeNull();
    expect(livePnl(order, live('160.250', '160.270', EURJPY, rates))).toBe(expected);
  });

  it.each([
    ['no product', { product: null, quote: { bid: '1', ask: '1' }, rates: noRates }],
    ['no quote', { product: BTC, quote: null, rates: noRates }],
    ['no conversion rate', live('160.250', '160.270', EURJPY)],
  ] as const)("falls back to the server's figure with %s", (_, context) => {
    const order = marketOrder({ tradePair: 'EURJPY', openingPrice: '160.000', profitLoss: '12.05' });
    expect(livePnl(order, context)).toBe('12.05');
  });
});

describe('marketLines', () => {
  const context = live('65100.00', '65110.00');
  it.each([
    [
      'an open buy: entry with P&L tone up',
      marketOrder({ id: 'a', openingPrice: '65000.00', orderQuantity: '0.10' }),
      [{ id: 'a:entry', kind: 'entry', price: '65000.00', pnl: '10.00', tone: 'up', draggable: false }],
    ],
    [
      'an open sell losing: tone down',
      marketOrder({ id: 'b', orderType: 1, openingPrice: '65000.00', orderQuantity: '1' }),
      [{ id: 'b:entry', kind: 'entry', pnl: '-110.00', tone: 'down' }],
    ],
    [
      'an open buy with SL and TP: both draggable, loss and gain colours',
      marketOrder({ id: 'c', stopPrice: '64000.00', takeProfitPrice: '67000.00' }),
      [
        { id: 'c:entry', kind: 'entry' },
        { id: 'c:stop', kind: 'stop', price: '64000.00', tone: 'down', draggable: true, pnl: null },
        { id: 'c:take', kind: 'take', price: '67000.00', tone: 'up', draggable: true, pnl: null },
      ],
    ],
    [
      'a zero SL is off',
      marketOrder({ id: 'd', stopPrice: '0', takeProfitPrice: null }),
      [{ id: 'd:entry' }],
    ],
    [
      'a pending order: its limit price in the accent colour, no P&L, and its TP',
      marketOrder({
        id: 'e',
        positionStatus: 1,
        buyPoint: 1,
        price: '64500.00',
        openingPrice: '64500.00',
        takeProfitPrice: '66000.00',
      }),
      [
        { id: 'e:pending', kind: 'pending', price: '64500.00', tone: 'accent', pnl: null, draggable: false },
        { id: 'e:take', kind: 'take', price: '66000.00', draggable: true },
      ],
    ],
    ['another symbol: nothing', marketOrder({ id: 'f', tradePair: 'ETHUSDT' }), []],
    ['a closed order: nothing', marketOrder({ id: 'g', positionStatus: 3 }), []],
  ] as const)('%s', (_, order, expected) => {
    const lines = marketLines([order], 'BTCUSDT', context);
    expect(lines).toHaveLength(expected.length);
    expected.forEach((line, i) => expect(lines[i]).toMatchObject(line));
  });

  it('keeps the order of the lists and the side and lots of each order', () => {
    const lines = marketLines(
      [marketOrder({ id: '1', orderQuantity: '0.50' }), marketOrder({ id: '2', orderType: 1 })],
      'BTCUSDT',
      context,
    );
    expect(lines.map((l) => [l.id, l.side, l.size])).toEqual([
      ['1:entry', 0, '0.50'],
      ['2:entry', 1, '0.10'],
    ]);
  });
});

function option(uid: string, overrides: Partial<OptionOrder> = {}): OptionOrder {
  return {
    id: uid,
    uid,
    optionsProductId: 1,
    orderType: 0,
    tradePair: 'EURUSD',
    productName: 'EUR/USD',
    price: '1.08412',
    priceEnd: null,
    rate: '0.85',
    feeAmount: '0.20',
    amount: '100',
    timeLong: 60,
    beginTime: 1_000,
    endTime: 61_000,
    completeTime: null,
    winLost: null,
    positionStatus: 0,
    ...overrides,
  };
}

describe('optionLines', () => {
  it.each([
    ['an up option', option('U1'), { tone: 'up', side: 0 }],
    ['a down option', option('D1', { orderType: 1 }), { tone: 'down', side: 1 }],
  ] as const)('%s: entry line at its price and a marker at its expiry', (_, order, look) => {
    const { lines, markers } = optionLines([order], 'EURUSD');
    expect(lines).toEqual([
      expect.objectContaining({
        id: `${order.uid}:option`,
        kind: 'option',
        price: '1.08412',
        size: '100',
        draggable: false,
        ...look,
      }),
    ]);
    expect(markers).toEqual([
      { id: `${order.uid}:expiry`, orderId: order.uid, time: 61_000, side: look.side },
    ]);
  });

  it("leaves out other symbols' options, and has nothing once the list dropped them (settled)", () => {
    expect(optionLines([option('X', { tradePair: 'BTCUSDT' })], 'EURUSD')).toEqual({
      lines: [],
      markers: [],
    });
    expect(optionLines([], 'EURUSD')).toEqual({ lines: [], markers: [] });
  });
});

describe('draggedPrice', () => {
  it.each([
    [64123.456789, 2, '64123.46'],
    [1.084126, 5, '1.08413'],
    [149.9999, 3, '150.000'],
    [0.004, 2, null],
    [-3, 2, null],
    [Number.NaN, 2, null],
    [Number.POSITIVE_INFINITY, 2, null],
  ] as const)('%d at %i decimals: %s', (value, precision, expected) => {
    expect(draggedPrice(value, precision)).toBe(expected);
  });
});

describe('dragEdit', () => {
  const order = marketOrder({ id: '9', stopPrice: '64000.00', takeProfitPrice: '67000.00' });
  it.each([
    [
      'stop',
      '63500.00',
      { kind: 'change', request: { orderId: '9', stopPrice: '63500', takeProfitPrice: '67000' } },
    ],
    [
      'take',
      '68000.10',
      { kind: 'change', request: { orderId: '9', stopPrice: '64000', takeProfitPrice: '68000.1' } },
    ],
    ['stop', '64000.00', { kind: 'unchanged' }],
    ['take', '67000', { kind: 'unchanged' }],
  ] as const)('%s line to %s', (kind, price, expected) => {
    expect(dragEdit({ kind }, order, price)).toEqual(expected);
  });

  it('keeps a trigger that is off off', () => {
    const edit = dragEdit({ kind: 'stop' }, marketOrder({ id: '3', stopPrice: '64000' }), '63000');
    expect(edit).toEqual({
      kind: 'change',
      request: { orderId: '3', stopPrice: '63000', takeProfitPrice: '' },
    });
  });

  it.each(['entry', 'pending', 'option'] as const)('an %s line asks for nothing', (kind) => {
    expect(dragEdit({ kind }, order, '1')).toBeNull();
  });
});
