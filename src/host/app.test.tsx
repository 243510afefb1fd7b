// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, priceEntry } from '../widgets/_shared/test-platform.fixture';
import { App } from './app';

function mockWidth(width: number) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
  });
}

const quotes = [
  priceEntry({ symbol: 'EURUSD', name: 'Euro / US Dollar', type: 3, sort: 1 }),
  priceEntry({ symbol: 'GBPUSD', name: 'British Pound', type: 3, sort: 2 }),
  priceEntry({ symbol: 'XAUUSD', name: 'Gold', type: 2, sort: 1, priceChangePercent: '-0.50' }),
  priceEntry({
    symbol: 'BTCUSDT',
    name: 'Bitcoin',
    type: 1,
    sort: 1,
    pricePrecision: 2,
    bidPrice: '97000.00',
    askPrice: '97010.00',
  }),
];

async function start(path = '/') {
  window.history.replaceState(null, '', path);
  const test = createTestPlatform();
  render(<App platform={test.platform} />);
  await test.connect();
  act(() => test.publish(quotes));
  await waitFor(() => expect(screen.queryByTestId('loading')).toBeNull());
  return test;
}

describe('App', () => {
  let close: (() => void) | undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    close?.();
  });

  it('shows the mobile home with the brand home symbols as top cards', async () => {
    mockWidth(390);
    const test = await start('/');
    close = () => test.platform.close();
    expect(screen.getByTestId('mobile-shell')).toBeTruthy();
    const home = screen.getByTestId('home');
    const cards = within(home).getAllByTestId('top-symbol');
    expect(cards.map((c) => c.dataset.symbol)).toEqual(['EURUSD', 'XAUUSD', 'BTCUSDT']);
    expect(within(home).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/quotation');
    // Template 1 brand: one trade icon per category of the trade list.
    expect(within(home).getByRole('link', { name: 'Cryptos' }).getAttribute('href')).toBe(
      '/quotation?singleTrade=1',
    );
    const tabs = within(screen.getByRole('navigation', { name: 'Main navigation' })).getAllByRole('link');
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual(['/', '/quotation', '/user']);
  });

  it('shows only the singleTrade category on the mobile quotation page of a template 1 brand', async () => {
    mockWidth(390);
    const test = await start('/quotation?singleTrade=2');
    close = () => test.platform.close();
    const page = screen.getByTestId('quotation');
    expect(within(page).getByRole('heading', { name: 'Commodities' })).toBeTruthy();
    expect(within(page).queryByRole('tablist')).toBeNull();
    expect(within(page).getByText('Gold')).toBeTruthy();
    expect(within(page).queryByText('Euro / US Dollar')).toBeNull();
  });

  it('shows the desktop trading layout with BTCUSDT selected once prices arrive', async () => {
    mockWidth(1440);
    const test = await start('/');
    close = () => test.platform.close();
    expect(screen.getByTestId('desktop-shell')).toBeTruthy();
    const detail = await screen.findByTestId('symbol-detail');
    expect(detail.dataset.symbol).toBe('BTCUSDT');
    expect(within(detail).getByText('97000.00')).toBeTruthy();
    expect(within(detail).getByText('97010.00')).toBeTruthy();
    expect(screen.getByText('Version 1.152')).toBeTruthy();
  });
});
