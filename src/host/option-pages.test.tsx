// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartEngineModule } from '../widgets/chart/chart-test.fixture';
import { btcOptionProduct } from '../widgets/option-form/option-form.fixture';
import { btcProduct } from '../widgets/order-form/order-form.fixture';
import { routeByName } from './routing/routes';
import { mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));
// jsdom has no canvas: the chart panels draw through an engine that only records.
vi.mock(import('../widgets/chart/chart-engine'), () => chartEngineModule());

const where = () => window.location.pathname + window.location.search;
const handlers = {
  'wa-na/option/findOptionsProduct': () => ({
    code: 0,
    data: { optionsProducts: [btcOptionProduct()], total: 1, pages: 1 },
  }),
  // The chart's trade buttons work once the product and the market state are known.
  'wa-na/forex/product/list': () => ({ code: 0, data: [btcProduct()] }),
  '/market/status/BTCUSDT': () => ({ code: 0, data: 'open' }),
};
let close: (() => void) | undefined;

beforeEach(() => localStorage.clear());
afterEach(() => {
  close?.();
  close = undefined;
  cleanup();
});

describe('the placeOption route', () => {
  it('is a built trading route of the one route table', () => {
    expect(routeByName('placeOption')).toMatchObject({
      path: '/:symbol/placeOption',
      access: 'open',
      built: true,
      kind: 'trading',
      fullPage: true,
      page: 'place/place-option-page#PlaceOptionPage',
    });
  });
});

describe('the option order page on mobile', () => {
  beforeEach(() => mockWidth(390));

  it('shows the option form of the symbol on the side the link names, without the tab bar', async () => {
    localStorage.setItem('tradeMode', 'option');
    const host = await startHost(getSession, { path: '/BTCUSDT/placeOption?direction=1', handlers });
    close = host.close;
    const page = await screen.findByTestId('place-option-page');
    expect(page.dataset.symbol).toBe('BTCUSDT');
    expect(within(page).getByRole('heading', { name: 'Place order' })).toBeTruthy();
    await waitFor(() => expect(within(page).getByTestId('time-30')).toBeTruthy());
    expect(within(page).getByTestId('side-down').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it.each([
    ['option', '/BTCUSDT/placeOption?direction=2'],
    ['option', '/BTCUSDT/placeOption'],
    ['market', '/BTCUSDT/placeOption?direction=0'],
  ])('in %s mode leaves %s for home', async (mode, path) => {
    localStorage.setItem('tradeMode', mode);
    const host = await startHost(getSession, { path, handlers });
    close = host.close;
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByTestId('home')).toBeTruthy();
  });

  it('leaves the market order page for home in option mode', async () => {
    localStorage.setItem('tradeMode', 'option');
    const host = await startHost(getSession, { path: '/BTCUSDT/place?direction=0', handlers });
    close = host.close;
    await waitFor(() => expect(where()).toBe('/'));
  });

  it.each([
    ['option', 'buy', '/BTCUSDT/placeOption?direction=0'],
    ['option', 'sell', '/BTCUSDT/placeOption?direction=1'],
    ['market', 'buy', '/BTCUSDT/place?direction=0'],
  ])('in %s mode the chart page %s button opens %s', async (mode, button, path) => {
    localStorage.setItem('tradeMode', mode);
    const host = await startHost(getSession, { path: '/BTCUSDT/chart', handlers });
    close = host.close;
    const page = await screen.findByTestId('chart-page');
    const trade = await waitFor(() => {
      const found = page.querySelector<HTMLElement>(`[data-testid="${button}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(trade.textContent).toMatch(mode === 'option' ? /^(Up|Down)/ : /^(Buy|Sell)/);
    fireEvent.click(trade);
    await waitFor(() => expect(where()).toBe(path));
  });
});

describe('the trade-mode tabs and the desktop order panel', () => {
  beforeEach(() => mockWidth(1440));

  it('switches the order panel between the market and the option form and remembers the mode', async () => {
    const host = await startHost(getSession, { path: '/', signedIn: true, handlers });
    close = host.close;
    await screen.findByTestId('chart-panel');
    const contract = screen.getByRole('radio', { name: 'Contract' });
    const option = screen.getByRole('radio', { name: 'Option' });
    expect(contract.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('place-order-toggle'));
    const panel = await screen.findByTestId('order-panel');
    expect(panel.querySelector('[part~="order-type"]')).not.toBeNull();

    fireEvent.click(option);
    expect(option.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('tradeMode')).toBe('option');
    await waitFor(() =>
      expect(within(screen.getByTestId('order-panel')).getByTestId('time-30')).toBeTruthy(),
    );
    expect(screen.getByTestId('order-panel').querySelector('[part~="order-type"]')).toBeNull();

    fireEvent.click(contract);
    expect(localStorage.getItem('tradeMode')).toBe('market');
    await waitFor(() =>
      expect(screen.getByTestId('order-panel').querySelector('[part~="order-type"]')).not.toBeNull(),
    );
  });

  it('opens the option form on the side of the chart panel button in option mode', async () => {
    localStorage.setItem('tradeMode', 'option');
    const host = await startHost(getSession, { path: '/', signedIn: true, handlers });
    close = host.close;
    const chart = await screen.findByTestId('chart-panel');
    const sell = await waitFor(() => {
      const found = chart.querySelector<HTMLElement>('[data-testid="sell"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    fireEvent.click(sell);
    const panel = await screen.findByTestId('order-panel');
    await waitFor(() =>
      expect(within(panel).getByTestId('side-down').getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('turns a placeOption link into the chart with the option panel open in option mode', async () => {
    localStorage.setItem('tradeMode', 'option');
    const host = await startHost(getSession, {
      path: '/BTCUSDT/placeOption?direction=0',
      signedIn: true,
      handlers,
    });
    close = host.close;
    const panel = await screen.findByTestId('order-panel');
    expect(panel.dataset.symbol).toBe('BTCUSDT');
    await waitFor(() => expect(where()).toBe('/BTCUSDT/chart'));
    await waitFor(() =>
      expect(within(panel).getByTestId('side-up').getAttribute('aria-checked')).toBe('true'),
    );
  });

  it.each([
    ['market', '/BTCUSDT/placeOption?direction=0'],
    ['option', '/BTCUSDT/place?direction=0'],
  ])('in %s mode sends %s home without opening the panel', async (mode, path) => {
    localStorage.setItem('tradeMode', mode);
    const host = await startHost(getSession, { path, signedIn: true, handlers });
    close = host.close;
    await waitFor(() => expect(where()).toBe('/'));
    expect(screen.queryByTestId('order-panel')).toBeNull();
  });
});
