import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, FOREX_HOURS } from '../market';
import {
  cancelRule,
  chargeRule,
  forexDepositRule,
  liveOrdersRule,
  lotDecimals,
  lotStepMessage,
  manualCloseRule,
  marketOpenRule,
  oppositeRule,
  pairRule,
  parseTrigger,
  pendingPriceRule,
  priceFormatRule,
  quantityRule,
  triggerRule,
  type TriggerReference,
} from './rules';

const LOTS = { minCount: '0.01', maxCount: '50', countNum: '0.01' };
const QUOTE = { bid: '100.00', ask: '101.00' };

describe('quantityRule', () => {
  it.each([
    ['0', 307],
    ['-1', 307],
    ['50.01', 305],
    ['0.001', 306],
    ['1.005', 302],
    ['0.01', null],
    ['50', null],
    ['1.25', null],
  ])('answers %s lots with %s', (qty, code) => {
    expect(quantityRule(qty, LOTS)).toBe(code);
  });

  it('refuses a quantity off a coarse step with 302', () => {
    expect(quantityRule('0.15', { minCount: '0.1', maxCount: '100', countNum: '0.1' })).toBe(302);
    expect(quantityRule('0.3', { minCount: '0.1', maxCount: '100', countNum: '0.1' })).toBeNull();
  });
});

describe('pairRule, marketOpenRule and priceFormatRule', () => {
  it('answers 303 for an unknown pair and 304 for a pair whose trade status is 0', () => {
    expect(pairRule(undefined)).toBe(303);
    expect(pairRule({ tradeStatus: 0 })).toBe(304);
    expect(pairRule({ tradeStatus: 1 })).toBeNull();
  });

  it('answers 605 on a Saturday for forex and nothing for cryptos', () => {
    const saturday = Date.parse('2026-03-14T12:00:00Z');
    expect(marketOpenRule(FOREX_HOURS, saturday)).toBe(605);
    expect(marketOpenRule(ALWAYS_OPEN, saturday)).toBeNull();
  });

  it.each([
    ['1.5', 2, null],
    ['1.555', 2, 501],
    ['0', 2, 501],
    ['-1', 2, 501],
    ['abc', 2, 501],
    ['1.5000000', 2, null],
    ['1000000000000', 2, null],
    ['1000000000000.01', 2, 501],
    ['1000000000000000000000000000000', 2, 501],
  ])('answers price %s at precision %s with %s', (price, precision, code) => {
    expect(priceFormatRule(price, precision)).toBe(code);
  });
});

describe('pendingPriceRule', () => {
  it.each([
    [0, '0', 301],
    [0, '101.01', 301],
    [0, '101.00', null],
    [0, '90', null],
    [1, '99.99', 301],
    [1, '100.00', null],
    [1, '110', null],
  ] as const)('answers a %s (0 buy, 1 sell) at %s with %s', (type, price, code) => {
    expect(pendingPriceRule(type, price, QUOTE)).toBe(code);
  });
});

describe('triggerRule', () => {
  const market: TriggerReference = { kind: 'market', quote: QUOTE };
  const open: TriggerReference = { kind: 'open', quote: QUOTE };
  const pending: TriggerReference = { kind: 'pending', limit: '95.00' };
  it.each([
    ['market buy TP at the ask', 0, market, null, '101.00', 312],
    ['market sell TP at the bid', 1, market, null, '100.00', 313],
    ['market buy SL at the bid', 0, market, '100.00', null, 314],
    ['market sell SL at the ask', 1, market, '101.00', null, 315],
    ['open buy TP at the bid', 0, open, null, '100.00', 308],
    ['open sell TP at the ask', 1, open, null, '101.00', 308],
    ['open buy SL at the bid', 0, open, '100.00', null, 309],
    ['open sell SL at the ask', 1, open, '101.00', null, 309],
    ['pending buy TP at the limit', 0, pending, null, '95.00', 310],
    ['pending sell TP above the limit', 1, pending, null, '96.00', 310],
    ['pending buy SL above the limit', 0, pending, '96.00', null, 311],
    ['pending sell SL at the limit', 1, pending, '95.00', null, 311],
    ['market buy with both on their sides', 0, market, '99.99', '101.01', null],
    ['market sell with both on their sides', 1, market, '101.01', '99.99', null],
    ['open buy between bid and ask', 0, open, '99.00', '100.50', null],
    ['pending sell with both on their sides', 1, pending, '96.00', '94.00', null],
    ['no triggers at all', 0, market, null, null, null],
  ] as const)('answers %s with %s', (_name, type, ref, stop, tp, code) => {
    expect(triggerRule(type, stop, tp, ref)).toBe(code);
  });
});

describe('forexDepositRule and oppositeRule', () => {
  it.each([
    [3, false, '100000', '99999.99', 320],
    [3, false, '100000', '100000', null],
    [3, true, '100000', '0', null],
    [3, false, null, '0', null],
    [1, false, '100000', '0', null],
  ] as const)(
    'answers category %s virtual %s min %s deposits %s with %s',
    (type, virtual, min, total, code) => {
      expect(forexDepositRule(type, virtual, min, total)).toBe(code);
    },
  );

  it('answers 321 only where the brand forbids an opposite live order', () => {
    expect(oppositeRule(true, 0, [1])).toBe(321);
    expect(oppositeRule(true, 0, [0, 0])).toBeNull();
    expect(oppositeRule(false, 0, [1])).toBeNull();
  });
});

describe('parseTrigger', () => {
  it.each([
    ['', null],
    ['0', null],
    ['0.00', null],
    ['12.5', '12.50'],
    ['212', '212.00'],
    [' 7.05 ', '7.05'],
    ['-1', 501],
    ['12.345', 501],
    ['x', 501],
  ] as const)('reads %j as %j', (value, expected) => {
    expect(parseTrigger(value, 2)).toBe(expected);
  });
});

describe('manualCloseRule and cancelRule', () => {
  const executed = 1_000_000;
  it.each([
    [2, executed, executed + 179_999, 409],
    [2, executed, executed + 180_000, null],
    [1, null, executed, 404],
    [3, executed, executed + 999_999, 404],
  ] as const)('answers status %s executed %s at %s with %s', (status, at, now, code) => {
    expect(manualCloseRule(status, at, now, 180_000)).toBe(code);
  });

  it.each([
    [2, 2, 407],
    [2, 1, 407],
    [1, 2, 408],
    [1, 4, 408],
    [1, 1, null],
  ] as const)('answers buyPoint %s status %s with %s', (buyPoint, status, code) => {
    expect(cancelRule(buyPoint, status)).toBe(code);
  });
});

describe('floors and lot steps', () => {
  it.each([
    ['0.00', 306],
    ['0.009', 306],
    ['0.01', null],
  ])('answers a margin of %s with %s', (margin, code) => {
    expect(chargeRule(margin)).toBe(code);
  });

  it.each([
    [0, null],
    [199, null],
    [200, 502],
    [250, 502],
  ])('answers %i live orders with %s', (live, code) => {
    expect(liveOrdersRule(live)).toBe(code);
  });

  it.each([
    ['0.01', 2],
    ['0.010', 2],
    ['0.1', 1],
    ['1', 0],
  ])('stores quantities on a step of %s with %i decimals', (step, digits) => {
    expect(lotDecimals(step)).toBe(digits);
  });

  it('names the step in a 302 message', () => {
    expect(lotStepMessage('0.10')).toBe('quantity must be a multiple of the lot step 0.1');
  });
});
