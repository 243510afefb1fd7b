import { describe, expect, it } from 'vitest';
import { btcProduct } from './order-form.fixture';
import {
  activeFields,
  commitAll,
  loginPath,
  orderDraft,
  orderRequest,
  routeDirection,
  withDefaults,
} from './order-form.logic';
import type { FormValues } from './order-form.logic';

const quote = { bid: '98500.00', ask: '98510.00' };
const form = (change: Partial<FormValues> = {}): FormValues => ({
  direction: 0,
  pending: false,
  volume: '0.10',
  price: '',
  stopLossOn: false,
  stopLoss: '',
  takeProfitOn: false,
  takeProfit: '',
  ...change,
});

describe('routeDirection', () => {
  it.each<[string | undefined, unknown, 0 | 1 | null]>([
    ['market', 0, 0],
    ['market', 1, 1],
    ['market', '1', 1],
    [undefined, undefined, 0],
    ['', 1, 1],
    ['market', 2, null],
    ['market', -1, null],
    ['market', Number.NaN, null],
    ['market', 'sell', null],
    ['option', 0, null],
    ['MARKET', 0, null],
  ])('mode %j with direction %j → %j', (mode, direction, expected) => {
    expect(routeDirection(mode, direction)).toBe(expected);
  });
});

describe('order form helpers', () => {
  it('signs in with a return path to the same form', () => {
    expect(loginPath('EURUSD', 1)).toBe('/login?to=%2FEURUSD%2Fplace%3Fdirection%3D1');
  });

  it('fills the spec defaults a server left out', () => {
    const bare = { ...btcProduct(), multiple: 0, pip: '', pricePrecision: Number.NaN };
    expect(withDefaults(bare)).toMatchObject({ multiple: 100, pip: '0.01', pricePrecision: 2 });
  });

  it.each<[Partial<FormValues>, string[]]>([
    [{}, ['volume']],
    [{ pending: true }, ['volume', 'price']],
    [{ stopLossOn: true, takeProfitOn: true }, ['volume', 'stopLoss', 'takeProfit']],
  ])('checks the fields that are in use: %j', (change, fields) => {
    expect(activeFields(form(change))).toEqual(fields);
  });
});

describe('commitAll', () => {
  it('passes a valid market order unchanged but formatted', () => {
    const result = commitAll(form({ stopLossOn: true, stopLoss: '97000' }), btcProduct(), quote);
    expect(result).toEqual({
      values: form({ stopLossOn: true, stopLoss: '97000.00' }),
      messages: [],
      clamped: false,
    });
  });

  it('checks triggers against a clamped pending price, not the quote', () => {
    const values = form({ pending: true, price: '99999', takeProfitOn: true, takeProfit: '98600' });
    const result = commitAll(values, btcProduct(), quote);
    expect(result.values.price).toBe('98510.00');
    expect(result.values.takeProfit).toBe('98600.00');
    expect(result.messages.map((m) => m.key)).toEqual(['order.rule.wrong_price']);
    expect(result.clamped).toBe(true);
  });

  it('collects every message in field order', () => {
    const values = form({ volume: '', stopLossOn: true, takeProfitOn: true, takeProfit: '1' });
    const result = commitAll(values, btcProduct(), quote);
    expect(result.messages.map((m) => m.key)).toEqual([
      'order.rule.volume_empty_rule',
      'order.rule.stoploss_empty_rule',
      'order.rule.min_is',
    ]);
  });
});

describe('orderRequest', () => {
  it('sends a market order with price 0 and empty triggers', () => {
    expect(orderRequest('BTCUSDT', form(), btcProduct())).toEqual({
      tradePair: 'BTCUSDT',
      price: '0',
      stopPrice: '',
      takeProfitPprice: '',
      orderQuantity: '0.10',
      multiple: 100,
      orderType: 0,
      buyPoint: 2,
    });
  });

  it('sends a pending sell with its price and both triggers', () => {
    const values = form({
      direction: 1,
      pending: true,
      price: '99000.00',
      stopLossOn: true,
      stopLoss: '99500.00',
      takeProfitOn: true,
      takeProfit: '98000.00',
    });
    expect(orderRequest('BTCUSDT', values, btcProduct({ multiple: 50 }))).toMatchObject({
      price: '99000.00',
      stopPrice: '99500.00',
      takeProfitPprice: '98000.00',
      multiple: 50,
      orderType: 1,
      buyPoint: 1,
    });
  });

  it('leaves a switched-off trigger empty even when a value was typed', () => {
    const values = form({ stopLoss: '97000.00', takeProfit: '99000.00' });
    expect(orderRequest('BTCUSDT', values, btcProduct())).toMatchObject({
      stopPrice: '',
      takeProfitPprice: '',
    });
  });
});

describe('orderDraft', () => {
  const noRates = () => null;
  it.each<[string, Partial<FormValues>, boolean, string | null, string | null, string | null]>([
    // name, values, has quote, qty, entry, preview value
    ['buy at market takes the ask', {}, true, '0.10', '98510.00', '9851.00'],
    ['sell at market takes the bid', { direction: 1 }, true, '0.10', '98500.00', '9850.00'],
    [
      'a pending order enters at its limit',
      { pending: true, price: '98000' },
      true,
      '0.10',
      '98000',
      '9800.00',
    ],
    ['a trailing dot is still a number', { volume: '2.' }, true, '2', '98510.00', '197020.00'],
    ['a pending order without a limit has no entry', { pending: true, price: '' }, true, '0.10', null, null],
    ['no quote: no market entry, no preview', {}, false, '0.10', null, null],
    [
      'no quote: a pending limit still parses',
      { pending: true, price: '98000' },
      false,
      '0.10',
      '98000',
      null,
    ],
    ['an empty volume has no quantity', { volume: '' }, true, null, '98510.00', null],
    ['a volume that is not a number', { volume: '1e3' }, true, null, '98510.00', null],
  ])('%s', (_name, change, hasQuote, qty, entry, value) => {
    const draft = orderDraft(form(change), btcProduct(), hasQuote ? quote : null, null, noRates);
    expect(draft.qty).toBe(qty);
    expect(draft.entry).toBe(entry);
    expect(draft.preview && 'value' in draft.preview ? draft.preview.value : null).toBe(value);
    expect(draft.enough).toBe(true);
  });

  it('keeps the limit only for a pending order', () => {
    expect(orderDraft(form({ price: '98000' }), btcProduct(), quote, null, noRates).limit).toBeNull();
    expect(
      orderDraft(form({ pending: true, price: '98000' }), btcProduct(), quote, null, noRates).limit,
    ).toBe('98000');
  });

  it('has no preview before the product arrives, and does not block on it', () => {
    const draft = orderDraft(form(), null, quote, '1', noRates);
    expect(draft.preview).toBeNull();
    expect(draft.enough).toBe(true);
  });

  it.each<[string, boolean]>([
    // margin 98.51 + fee 19.71 = 118.22
    ['100000', true],
    ['118.22', true],
    ['118.21', false],
    ['1', false],
    ['0', false],
  ])('available %s covers the margin and fee: %j', (available, enough) => {
    const draft = orderDraft(form(), btcProduct(), quote, available, noRates);
    expect(
      draft.preview && 'balanceAfter' in draft.preview ? draft.preview.balanceAfter : null,
    ).not.toBeNull();
    expect(draft.enough).toBe(enough);
  });
});
