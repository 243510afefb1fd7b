import { describe, expect, it } from 'vitest';
import { chartPath, normalizeSymbol, placeDirection, placePath } from './paths';
import { resolve } from './resolve';

describe('route paths', () => {
  it.each([
    ['BTCUSDT', '/BTCUSDT/chart'],
    ['EUR/USD', '/EUR%2FUSD/chart'],
  ])('builds the chart path of %s', (symbol, path) => {
    expect(chartPath(symbol)).toBe(path);
    expect(resolve(path, { signedIn: false })).toMatchObject({ page: 'chart', params: { symbol } });
  });

  it('builds the place path with the direction query', () => {
    expect(placePath('XAUUSD', 1)).toBe('/XAUUSD/place?direction=1');
    expect(placePath('XAUUSD', 0)).toBe('/XAUUSD/place?direction=0');
  });

  it.each([
    ['btcusdt', 'BTCUSDT'],
    [' eurusd ', 'EURUSD'],
    [undefined, ''],
  ])('spells the symbol parameter %j as %j', (param, symbol) => {
    expect(normalizeSymbol(param)).toBe(symbol);
  });
});

describe('the direction of the place route', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['2', null],
    ['', null],
    [' 1', null],
    ['01', null],
    ['buy', null],
    [undefined, null],
  ])('reads direction=%j as %j', (query, direction) => {
    expect(placeDirection(query)).toBe(direction);
  });
});
