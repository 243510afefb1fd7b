import { describe, expect, it } from 'vitest';
import { renderBanner, wrap } from './svg';

const look = {
  id: 'tradekit',
  name: 'TradeKit',
  theme: 'light' as const,
  colors: { up: '#2962ff', down: '#d32f2f' },
};

describe('wrap', () => {
  it('breaks at spaces, keeping a no-break space together', () => {
    expect(wrap('Frais de trading de 0,2\u00a0%, transferts', 22)).toEqual([
      'Frais de trading de',
      '0,2\u00a0%, transferts',
    ]);
  });

  it('breaks CJK text between characters, each counting double', () => {
    const lines = wrap('一个账户交易外汇、商品、指数和加密货币', 22);
    expect(lines).toEqual(['一个账户交易外汇、商品', '、指数和加密货币']);
  });
});

describe('renderBanner', () => {
  it('keeps a long translation on three lines with smaller type', () => {
    const svg = renderBanner(
      look,
      3,
      'Comisión de trading del 0,2\u00a0%, transferencias entre cuentas gratuitas',
    );
    expect(svg.match(/<tspan/g)).toHaveLength(3);
    expect(svg).toContain('font-size="22"');
    expect(svg).toContain('gratuitas');
  });
});
