// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartEngineModule } from '../widgets/chart/chart-test.fixture';
import { mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));
// jsdom has no canvas: the chart panels draw through an engine that only records.
vi.mock(import('../widgets/chart/chart-engine'), () => chartEngineModule());

const where = () => window.location.pathname + window.location.search;
let close: (() => void) | undefined;

beforeEach(() => localStorage.clear());
afterEach(() => {
  close?.();
  close = undefined;
  cleanup();
});

describe('the market order pages on mobile', () => {
  beforeEach(() => mockWidth(390));

  it('shows the order form of the symbol on the side the link names, without the tab bar', async () => {
    const host = await startHost(getSession, { path: '/BTCUSDT/place?direction=1' });
    close = host.close;
    const page = await screen.findByTestId('place-page');
    expect(page.dataset.symbol).toBe('BTCUSDT');
    expect(within(page).getByRole('heading', { name: 'Place order' })).toBeTruthy();
    expect(page.querySelector('[part~="form"]')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it.each(['/BTCUSDT/place?direction=2', '/BTCUSDT/place', '/BTCUSDT/place?direction=buy'])(
    'leaves %s for home',
    async (path) => {
      const host = await startHost(getSession, { path });
      close = host.close;
      await waitFor(() => expect(where()).toBe('/'));
      expect(await screen.findByTestId('home')).toBeTruthy();
    },
  );

  it.each(['/position', '/history'])('asks visitors on %s to sign in first', async (path) => {
    const host = await startHost(getSession, { path });
    close = host.close;
    await waitFor(() => expect(where()).toBe(`/login?to=${encodeURIComponent(path)}`));
  });

  it.each([
    ['/position', 'position-page', 'Positions'],
    ['/history', 'history-page', 'History'],
  ])('shows %s to a signed-in user above the tab bar', async (path, testId, title) => {
    const host = await startHost(getSession, { path, signedIn: true });
    close = host.close;
    expect(await screen.findByTestId(testId)).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(tabs).getByRole('link', { name: title }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the desktop order panel and side rail', () => {
  beforeEach(() => mockWidth(1440));

  it('opens the order panel from the place-order toggle and closes it again', async () => {
    const host = await startHost(getSession, { path: '/', signedIn: true });
    close = host.close;
    await screen.findByTestId('chart-panel');
    const toggle = screen.getByTestId('place-order-toggle');
    expect(screen.queryByTestId('order-panel')).toBeNull();
    fireEvent.click(toggle);
    expect((await screen.findByTestId('order-panel')).dataset.symbol).toBe('BTCUSDT');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.queryByTestId('order-panel')).toBeNull();
  });

  it('turns a place link into the chart with the order panel open', async () => {
    const host = await startHost(getSession, { path: '/BTCUSDT/place?direction=1', signedIn: true });
    close = host.close;
    expect((await screen.findByTestId('order-panel')).dataset.symbol).toBe('BTCUSDT');
    await waitFor(() => expect(where()).toBe('/BTCUSDT/chart'));
  });

  it('shows the quotation list always on template 2, and on template 1 at first only above 790 px (BA4)', async () => {
    const list = () => document.querySelector('aside.host-trading__list');
    const railList = () =>
      within(screen.getByRole('navigation', { name: 'Side panels' })).queryByRole('button', {
        name: 'Quotation',
      });
    for (const [template, height, shown] of [
      [2, 700, true],
      [1, 790, false],
      [1, 791, true],
    ] as const) {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
      const host = await startHost(getSession, { path: '/', signedIn: true, brand: { template } });
      await screen.findByTestId('chart-panel');
      expect(list() !== null, `template ${template} at ${height} px`).toBe(shown);
      expect(railList() !== null, `template ${template} rail`).toBe(template === 1);
      if (template === 1) {
        // The rail's toggle closes and opens it; the chart takes its column meanwhile.
        fireEvent.click(railList()!);
        expect(list() !== null).toBe(!shown);
        expect(railList()!.getAttribute('aria-pressed')).toBe(String(!shown));
        expect(document.querySelector('.host-trading')?.hasAttribute('data-list-closed')).toBe(shown);
      }
      host.close();
      cleanup();
    }
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 768 });
  });

  it('toggles the positions and history panels from the rail, following the route', async () => {
    const host = await startHost(getSession, { path: '/', signedIn: true });
    close = host.close;
    const rail = screen.getByRole('navigation', { name: 'Side panels' });
    const positions = within(rail).getByRole('button', { name: 'Positions' });
    // Pressed from the keyboard (the button has the focus): the panel takes it (KO6).
    positions.focus();
    fireEvent.click(positions);
    expect(await screen.findByTestId('position-panel')).toBeTruthy();
    expect(where()).toBe('/position');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('position-panel')));
    fireEvent.click(within(rail).getByRole('button', { name: 'History' }));
    expect(await screen.findByTestId('history-panel')).toBeTruthy();
    expect(screen.queryByTestId('position-panel')).toBeNull();
    fireEvent.click(within(rail).getByRole('button', { name: 'History' }));
    await waitFor(() => expect(screen.queryByTestId('history-panel')).toBeNull());
    expect(where()).toBe('/');
  });

  it('sends a visitor who opens a panel to the sign-in card', async () => {
    const host = await startHost(getSession, { path: '/' });
    close = host.close;
    const rail = screen.getByRole('navigation', { name: 'Side panels' });
    fireEvent.click(within(rail).getByRole('button', { name: 'Positions' }));
    await waitFor(() => expect(where()).toBe('/login?to=%2Fposition'));
  });
});
