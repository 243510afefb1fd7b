// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, priceEntry } from '../widgets/_shared/test-platform.fixture';
import { chartEngineModule } from '../widgets/chart/chart-test.fixture';
import { App } from './app';
import { navigate } from './routing/history';

// jsdom has no canvas: the chart panels draw through an engine that only records.
vi.mock(import('../widgets/chart/chart-engine'), () => chartEngineModule());

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

  it('holds the top cards\u2019 places on the mobile home until the first prices arrive (EK16)', async () => {
    mockWidth(390);
    window.history.replaceState(null, '', '/');
    const test = createTestPlatform();
    close = () => test.platform.close();
    render(<App platform={test.platform} />);
    await test.connect();
    const home = await screen.findByTestId('home');
    const placeholders = within(home).getAllByTestId('top-symbol-placeholder');
    expect(placeholders).toHaveLength(3);
    expect(placeholders.every((card) => card.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(within(home).queryAllByTestId('top-symbol')).toEqual([]);
    act(() => test.publish(quotes));
    await waitFor(() => expect(within(home).getAllByTestId('top-symbol')).toHaveLength(3));
    expect(within(home).queryAllByTestId('top-symbol-placeholder')).toEqual([]);
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
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/quotation',
      '/position',
      '/history',
      '/user',
    ]);
    expect(within(home).getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
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

  it('shows the desktop trading layout with the BTCUSDT chart once prices arrive', async () => {
    mockWidth(1440);
    const test = await start('/');
    close = () => test.platform.close();
    expect(screen.getByTestId('desktop-shell')).toBeTruthy();
    const panel = await screen.findByTestId('chart-panel');
    expect(panel.dataset.symbol).toBe('BTCUSDT');
    expect(within(panel).getByText('97000.00')).toBeTruthy();
    expect(within(panel).getByText('97010.00')).toBeTruthy();
    expect(screen.getByText('Version 1.152')).toBeTruthy();
    // The top bar drives the chart: its own period buttons give way to the top bar's.
    expect(within(panel).queryByRole('button', { name: '5m' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '5m' }));
    expect(localStorage.getItem('chartPeriod')).toBe('5min');
  });

  it('recolours the chart from the top bar colour themes above 1600 px', async () => {
    mockWidth(1700);
    const test = await start('/');
    close = () => test.platform.close();
    const panel = await screen.findByTestId('chart-panel');
    const frame = panel.querySelector<HTMLElement>('.tk-chart__frame')!;
    expect(frame.style.getPropertyValue('--tk-color-up')).toBe('');
    fireEvent.click(screen.getByRole('radio', { name: 'Colour theme 2' }));
    expect(frame.style.getPropertyValue('--tk-color-up')).toBe('#16a34a');
    // The page's text and buttons take the scheme's green darkened just enough for 4.5:1 on the light
    // surface (readablePair, decisions BR); the chart's candles keep the scheme's own colour.
    expect(document.documentElement.style.getPropertyValue('--tk-color-up')).toBe('#12823b');
    expect(localStorage.getItem('colorScheme')).toBe('green-red');
  });

  it('shows the symbol of a desktop chart link and opens search as a dialog', async () => {
    mockWidth(1440);
    const test = await start('/XAUUSD/chart');
    close = () => test.platform.close();
    expect((await screen.findByTestId('chart-panel')).dataset.symbol).toBe('XAUUSD');
    fireEvent.click(screen.getByTestId('top-search'));
    const dialog = await screen.findByTestId('search-dialog');
    fireEvent.change(within(dialog).getByTestId('search-input'), { target: { value: 'eur' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Euro/ }));
    await waitFor(() => expect(screen.getByTestId('chart-panel').dataset.symbol).toBe('EURUSD'));
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByTestId('search-dialog')).toBeNull();
  });

  it('opens the mobile chart page from search without the tab bar', async () => {
    mockWidth(390);
    const test = await start('/search');
    close = () => test.platform.close();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'eur' } });
    fireEvent.click(await screen.findByRole('button', { name: /Euro/ }));
    const page = await screen.findByTestId('chart-page');
    expect(page.dataset.symbol).toBe('EURUSD');
    expect(window.location.pathname).toBe('/EURUSD/chart');
    expect(within(page).getByRole('heading', { name: 'EURUSD' })).toBeTruthy();
  });

  it('sends a chart link of a symbol nobody quotes home', async () => {
    mockWidth(390);
    const test = await start('/NOPE/chart');
    close = () => test.platform.close();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it('shows the default symbol on desktop after a chart link of a symbol nobody quotes', async () => {
    mockWidth(1440);
    const test = await start('/NOPE/chart');
    close = () => test.platform.close();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect((await screen.findByTestId('chart-panel')).dataset.symbol).toBe('BTCUSDT');
  });

  it('shows the first page in full at once and loads another page\u2019s code when it opens (EK19)', async () => {
    mockWidth(390);
    const test = await start('/');
    close = () => test.platform.close();
    // The start-up waited for the home page's chunk: no empty place behind the loading screen's end.
    expect(screen.getByTestId('home')).toBeTruthy();
    expect(screen.queryByTestId('page-pending')).toBeNull();
    // No test of this file opens the sign-in page before: its chunk is not loaded yet, its place is held.
    act(() => navigate('/login'));
    expect(screen.getByTestId('page-pending').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByTestId('auth-page')).toBeTruthy();
    expect(screen.queryByTestId('page-pending')).toBeNull();
  });
});
