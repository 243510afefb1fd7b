import { describe, expect, it } from 'vitest';
import { logoLines, logoSvg } from './logo';

describe('logoLines', () => {
  it.each([
    ['BTCUSDT', 1, ['BTC']],
    ['EURUSD', 3, ['EUR', 'USD']],
    ['XAUUSD', 2, ['XAUUSD']],
    ['AAPL', 5, ['AAPL']],
  ] as const)('shows %s (type %i) as %j', (productCode, type, expected) => {
    expect(logoLines({ productCode, type })).toEqual(expected);
  });
});

describe('logoSvg', () => {
  it('draws a coloured disc with the letters and no external reference', () => {
    const svg = logoSvg({ productCode: 'ETHUSDT', type: 1, logoColor: '#627eea' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('fill="#627eea"');
    expect(svg).toContain('>ETH</text>');
    expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org)/);
  });

  it('picks dark letters on a light colour and white on a dark one', () => {
    expect(logoSvg({ productCode: 'BNBUSDT', type: 1, logoColor: '#f3ba2f' })).toContain('fill="#111111"');
    expect(logoSvg({ productCode: 'US30', type: 4, logoColor: '#0a3161' })).toContain('fill="#ffffff"');
  });
});
