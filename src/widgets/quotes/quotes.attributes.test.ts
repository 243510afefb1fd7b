import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAttribute, nearestAttribute, valueProblem } from '../_shared/attribute-check';
import { listedProps, listedValue } from '../_shared/listed-value';
import type { WidgetAttribute } from '../_shared/widget-meta';
import { quotesMeta } from './quotes.meta';

const attribute = (name: string): WidgetAttribute => {
  const found = quotesMeta.attributes.find((a) => a.name === name);
  if (!found) throw new Error(`no attribute ${name}`);
  return found;
};

afterEach(() => vi.restoreAllMocks());

describe('valueProblem', () => {
  it.each([
    ['layout', 'logo', null],
    ['layout', 'LOGO', null],
    ['layout', 'tabel', 'accepted values: table, logo'],
    ['theme', 'Dark', null],
    ['tabs', 'false', null],
    ['tabs', 'yes', null],
    ['tabs', '', 'accepted values: true, false; read as false'],
    ['mini-chart', 'hide', 'accepted values: true, false; read as false'],
    ['symbols', 'anything', null],
  ])('%s="%s" → %j', (name, value, expected) => {
    expect(valueProblem(attribute(name), value)).toBe(expected);
  });
});

describe('nearestAttribute', () => {
  it.each([
    ['categry', 'category'],
    ['categories', 'category'],
    ['minichart', 'mini-chart'],
    ['mini_chart', 'mini-chart'],
    ['language', 'lang'],
    ['tab', 'tabs'],
    ['symbol', 'symbols'],
    ['colour', undefined],
  ])('%s → %s', (written, expected) => {
    expect(nearestAttribute(quotesMeta, written)?.name).toBe(expected);
  });
});

describe('checkAttribute', () => {
  it('warns once about an attribute the widget does not have, with what it has', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    checkAttribute(quotesMeta, 'categry', 'forex');
    checkAttribute(quotesMeta, 'categry', 'forex');
    expect(warn.mock.calls).toEqual([
      [
        'TradeKit: <tk-quotes> has no attribute "categry" (did you mean "category"?); its attributes: api, symbols, category, lang, theme, layout, mini-chart, selected, tabs.',
      ],
    ]);
  });

  it("warns once per value the widget does not accept, and never about HTML's own attributes", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const [name, value] of [
      ['class', 'mine'],
      ['data-note', 'x'],
      ['aria-label', 'Prices'],
      ['part', 'quotes'],
      ['layout', 'Logo'],
      ['layout', 'grid'],
      ['layout', 'grid'],
    ] as const) {
      checkAttribute(quotesMeta, name, value);
    }
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'TradeKit: <tk-quotes layout="grid">: accepted values: table, logo.',
    ]);
  });
});

describe('listedProps', () => {
  it('gives listed values their listed spelling and leaves unknown ones as written', () => {
    expect(listedProps(quotesMeta, { layout: 'LOGO', theme: 'Dark', symbols: 'btcusdt' })).toEqual({
      layout: 'logo',
      theme: 'dark',
      symbols: 'btcusdt',
    });
    expect(listedProps(quotesMeta, { layout: 'grid' })).toEqual({ layout: 'grid' });
  });
});

describe('listedValue', () => {
  it('takes a listed value as written before one that differs only in case', () => {
    const periods: WidgetAttribute = {
      name: 'p',
      prop: 'p',
      type: 'string',
      description: '',
      values: ['1m', '1M'],
    };
    expect(listedValue(periods, '1M')).toBe('1M');
    expect(listedValue(periods, '1m')).toBe('1m');
    expect(listedValue(periods, ' 1M ')).toBe('1M');
    expect(listedValue(attribute('layout'), 'Table')).toBe('table');
    expect(listedValue(attribute('layout'), 'grid')).toBeUndefined();
  });
});
