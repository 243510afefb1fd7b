// @vitest-environment jsdom
// A trader's own up/down colours (issue #22, UC1–UC3): the brand's `userColors` hides every choice and ignores
// a stored one; signed in, the server's pair is applied and a new pick saved; a visitor's stays on the device.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readablePair } from '../core/domain/contrast';
import { userInfo, type Answer } from '../core/session/session.fixture';
import { chartEngineModule } from '../widgets/chart/chart-test.fixture';
import { closeHosts, mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));
// jsdom has no canvas: the desktop's chart panel draws through an engine that only records.
vi.mock(import('../widgets/chart/chart-engine'), () => chartEngineModule());

/** The sample brand's pair (runtime-config.fixture) and the two conventions, as the light page shows them. */
const BRAND = readablePair({ up: '#1e6bd6', down: '#d63b3b' }, 'light');
const GREEN_UP = readablePair({ up: '#16a34a', down: '#dc2626' }, 'light');
const RED_UP = readablePair({ up: '#dc2626', down: '#16a34a' }, 'light');

const rootUp = () => document.documentElement.style.getPropertyValue('--tk-color-up');
const swatch = (n: number) => screen.getByRole('radio', { name: `Colour theme ${n}` });

/** user/info with the saved pair `saved`, and a preferences endpoint that records what it was sent. */
function server(saved: string | null) {
  const sent: Array<Record<string, unknown>> = [];
  const handlers = {
    'waa/user/info': (): Answer => ({ code: 0, data: { ...userInfo(), colorScheme: saved } }),
    'waa/user/preferences/submit': (body: Record<string, unknown>): Answer => {
      sent.push(body);
      return { code: 0, data: body };
    },
  };
  return { sent, handlers };
}

beforeEach(() => localStorage.clear());
afterEach(closeHosts);

describe('the up/down colours where the brand allows a choice', () => {
  it("applies the signed-in trader's saved pair over the device's, and saves a new pick", async () => {
    mockWidth(1700);
    localStorage.setItem('colorScheme', 'green-red');
    const { sent, handlers } = server('red-green');
    await startHost(getSession, { path: '/', signedIn: true, handlers });
    await waitFor(() => expect(swatch(3).getAttribute('aria-checked')).toBe('true'));
    expect(rootUp()).toBe(RED_UP.up);
    // The device follows, so the next load paints it before user/info answers.
    expect(localStorage.getItem('colorScheme')).toBe('red-green');

    fireEvent.click(swatch(2));
    expect(rootUp()).toBe(GREEN_UP.up);
    expect(localStorage.getItem('colorScheme')).toBe('green-red');
    await waitFor(() => expect(sent).toEqual([{ colorScheme: 'green-red' }]));
  });

  it("keeps a visitor's pick on the device and asks the server nothing", async () => {
    mockWidth(1700);
    const { sent, handlers } = server(null);
    await startHost(getSession, { path: '/', handlers });
    expect(rootUp()).toBe(BRAND.up);
    fireEvent.click(swatch(3));
    expect(rootUp()).toBe(RED_UP.up);
    expect(localStorage.getItem('colorScheme')).toBe('red-green');
    expect(sent).toEqual([]);
  });

  it('keeps the device pair when the signed-in trader has none saved', async () => {
    mockWidth(1700);
    localStorage.setItem('colorScheme', 'green-red');
    const { session } = await startHost(getSession, {
      path: '/',
      signedIn: true,
      handlers: server(null).handlers,
    });
    await waitFor(() => expect(session.getState().status).toBe('signedIn'));
    expect(swatch(2).getAttribute('aria-checked')).toBe('true');
    expect(rootUp()).toBe(GREEN_UP.up);
  });
});

describe('a brand that fixes its colours (userColors: false)', () => {
  const brand = { userColors: false };

  it('offers no pair on the wide desktop and shows its own over the device and server choices', async () => {
    mockWidth(1700);
    localStorage.setItem('colorScheme', 'green-red');
    const { sent, handlers } = server('red-green');
    await startHost(getSession, { path: '/', signedIn: true, brand, handlers });
    await screen.findByTestId('chart-panel');
    expect(screen.queryByRole('radiogroup', { name: 'Colour theme' })).toBeNull();
    expect(document.querySelector('[data-scheme]')).toBeNull();
    expect(rootUp()).toBe(BRAND.up);
    // Ignored, not forgotten: the brand may allow choices again.
    expect(localStorage.getItem('colorScheme')).toBe('green-red');
    expect(sent).toEqual([]);
  });

  it('has no colour theme row in the user menu', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user',
      signedIn: true,
      brand,
      handlers: server('red-green').handlers,
    });
    await screen.findByTestId('menu-account');
    expect(screen.queryByText('Colour theme')).toBeNull();
    expect(rootUp()).toBe(BRAND.up);
  });

  it('still has the row where the brand allows a choice', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user', signedIn: true, handlers: server(null).handlers });
    await screen.findByTestId('menu-account');
    expect(screen.getByText('Colour theme')).toBeTruthy();
  });
});
