// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceEntry } from '../_shared/test-platform.fixture';
import { ChartHeader } from './chart-header';
import type { ChartHeaderProps } from './chart-header';
import { headerView } from './header.logic';

afterEach(cleanup);

const TEXT: Record<string, string> = {
  'status.closed': 'Market closed',
  'status.early_trading': 'Pre-market',
  'quotes.buy': 'Buy',
  'quotes.sell': 'Sell',
  'category.cryptos': 'Cryptos',
  'category.forex': 'Forex',
};
const t = (key: string) => TEXT[key] ?? key;
const quote = priceEntry({
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  type: 1,
  pricePrecision: 2,
  price: '65000.5',
});

function renderHeader(overrides: Partial<ChartHeaderProps> = {}) {
  const props: ChartHeaderProps = {
    symbol: 'BTCUSDT',
    view: headerView('BTCUSDT', quote, undefined),
    options: [
      { symbol: 'BTCUSDT', name: 'Bitcoin', type: 1 },
      { symbol: 'EURUSD', name: 'Euro / US Dollar', type: 3 },
    ],
    block: 'none',
    status: 'open',
    t,
    onSymbolChange: vi.fn(),
    onTrade: vi.fn(),
    ...overrides,
  };
  render(<ChartHeader {...props} />);
  return props;
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('ChartHeader', () => {
  it('shows name dropdown, price, change, high, low and volume', () => {
    renderHeader();
    expect($('[part="header"]')).not.toBeNull();
    expect(screen.getByRole('combobox').textContent).toBe('Bitcoin (BTCUSDT)Euro / US Dollar (EURUSD)');
    expect([...document.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Cryptos', 'Forex']);
    expect($('[part="price"]')?.textContent).toBe('65000.50');
    expect($('[part="price"]')?.dataset.direction).toBe('up');
    expect(['high', 'low', 'volume'].map((f) => $(`[data-field="${f}"]`)?.textContent)).toEqual([
      '1.08',
      '1.08',
      '1.00K',
    ]);
  });

  it('sends buy as 0 and sell as 1, with ask and bid on the buttons', () => {
    const props = renderHeader();
    expect($('[data-testid="sell"]')?.textContent).toBe('Sell1.08');
    fireEvent.click($('[data-testid="buy"]')!);
    fireEvent.click($('[data-testid="sell"]')!);
    expect(props.onTrade).toHaveBeenNthCalledWith(1, 0);
    expect(props.onTrade).toHaveBeenNthCalledWith(2, 1);
  });

  it('names the buttons Up and Down in option mode (0 up, 1 down)', () => {
    const props = renderHeader({ tradeMode: 'option' });
    expect($('[data-testid="buy"]')?.textContent).toBe('chart.trade.up1.08');
    expect($('[data-testid="sell"]')?.textContent).toBe('chart.trade.down1.08');
    fireEvent.click($('[data-testid="buy"]')!);
    expect(props.onTrade).toHaveBeenCalledWith(0);
  });

  it.each(['unknown', 'stale'] as const)('keeps the buttons but marks them disabled while %s', (block) => {
    const props = renderHeader({ block });
    expect($('[data-testid="buy"]')?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click($('[data-testid="buy"]')!);
    expect(props.onTrade).toHaveBeenCalledWith(0);
  });

  it.each([
    ['closed', 'closed', 'Market closed'],
    ['closed', 'early_trading', 'Pre-market'],
    ['not_tradable', 'open', 'chart.not_tradable'],
  ] as const)('replaces the buttons by the banner for %s (status %s)', (block, status, text) => {
    renderHeader({ block, status });
    expect($('[data-testid="closed-banner"]')?.textContent).toBe(text);
    expect($('[data-testid="buy"]')).toBeNull();
  });

  it('reports a pick in the name dropdown', () => {
    const props = renderHeader();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'EURUSD' } });
    expect(props.onSymbolChange).toHaveBeenCalledWith('EURUSD');
  });
});

describe("the header price's direction is not told by colour alone (SR4)", () => {
  // As written: the test environment hands `?inline` CSS imports over empty.
  const headerCss = readFileSync(join(import.meta.dirname, 'chart-header.css'), 'utf8');

  it.each([
    ['up', '1.25', '+1.25%', '\\25B2'],
    ['down', '-0.40', '-0.40%', '\\25BC'],
  ])(
    'marks %s with a glyph its CSS draws, and the change says it in its sign',
    (direction, pct, change, glyph) => {
      renderHeader({ view: headerView('BTCUSDT', { ...quote, priceChangePercent: pct }, undefined) });
      expect($('.tk-chart__price')?.dataset.direction).toBe(direction);
      expect($('[data-field="change"]')?.textContent).toBe(change);
      const start = headerCss.lastIndexOf(`.tk-chart__price[data-direction='${direction}']::before {`);
      const declarations = headerCss.slice(start, headerCss.indexOf('}', start));
      expect(start).toBeGreaterThan(-1);
      // Hidden from screen readers ("/ ''"): the change beside it is read instead.
      expect(declarations).toContain(`content: '${glyph}' / '';`);
    },
  );
});
