import { describe, expect, it } from 'vitest';
import type { QuoteRowProps } from './quote-row';
import { sameRow } from './quote-row';

const props = (): QuoteRowProps => ({
  row: {
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    bid: '1.10000',
    ask: '1.10010',
    low: '1.09000',
    high: '1.11000',
    price: '1.10000',
    change: '+0.10%',
    direction: 'up',
    updated: '12-01 10:00:00',
    stale: false,
    closed: false,
    logoUrl: null,
  },
  livePrice: '1.10000',
  liveTime: 1,
  layout: 'table',
  miniChart: true,
  selected: false,
  t: (key: string) => key,
  onSelect: () => undefined,
});

describe('sameRow (which quote rows re-render, EK18)', () => {
  it('holds for a new but equal view model, so an unmoved row does not render again', () => {
    const a = props();
    expect(sameRow(a, { ...a, row: { ...a.row } })).toBe(true);
  });

  it('fails on any field of the view model and on any other prop', () => {
    const a = props();
    expect(sameRow(a, { ...a, row: { ...a.row, bid: '1.10001' } })).toBe(false);
    expect(sameRow(a, { ...a, row: { ...a.row, stale: true } })).toBe(false);
    expect(sameRow(a, { ...a, selected: true })).toBe(false);
    expect(sameRow(a, { ...a, liveTime: 2 })).toBe(false);
    expect(sameRow(a, { ...a, t: (key: string) => key })).toBe(false);
  });
});
