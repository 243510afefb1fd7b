// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, priceEntry } from '../../widgets/_shared/test-platform.fixture';
import { fakePlatform, renderWithPlatform } from '../test-support';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import type { RuntimeConfig } from '../../core/contract';
import type { PrimitiveAtom } from '../../core/state/store';
import { useHost } from '../host-context';
import { APP_ONLY_PATH, appDownloadUrl, isTrustedBrowser } from './app-only';
import { splashTheme } from './loading-screen';
import { Startup } from './startup';
import { versionRedirect } from './use-boot';
import { WsFailedDialog } from './ws-failed-dialog';

const content = <p data-testid="content">site</p>;

describe('Startup', () => {
  let close: (() => void) | undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    close?.();
    close = undefined;
    delete document.documentElement.dataset.tkTheme;
    document.documentElement.removeAttribute('style');
  });

  it('shows the config error page when config.json cannot be loaded', async () => {
    const test = createTestPlatform({ config: null });
    close = () => test.platform.close();
    renderWithPlatform(<Startup>{content}</Startup>, test.platform);
    const page = await screen.findByTestId('config-error');
    expect(page.textContent).toContain('Cannot load config, please contact administrator.');
    expect(screen.queryByTestId('content')).toBeNull();
    expect(screen.queryByTestId('loading')).toBeNull();
  });

  it("reads the theme of the server's loading screen, and only a theme it knows (EK33)", () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="host-fullpage host-loading" data-testid="loading" data-tk-theme="dark"></div>';
    expect(splashTheme(root)).toBe('dark');
    root.firstElementChild?.setAttribute('data-tk-theme', 'neon');
    expect(splashTheme(root)).toBeNull();
    expect(splashTheme(document.createElement('div'))).toBeNull();
  });

  it('keeps the loading screen until the first prices arrive, then applies the brand', async () => {
    const test = createTestPlatform();
    close = () => test.platform.close();
    renderWithPlatform(<Startup>{content}</Startup>, test.platform);
    expect(screen.getByTestId('loading').textContent).toContain('Loading…');
    await screen.findByTestId('content');
    expect(screen.getByTestId('loading')).toBeTruthy();

    await test.connect();
    act(() => test.publish([priceEntry({ symbol: 'EURUSD' })]));
    await waitFor(() => expect(screen.queryByTestId('loading')).toBeNull());
    expect(document.title).toBe('TradeKit Demo');
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--tk-color-up')).toBe('#1e6bd6');
    // The fixture's down colour reads at 4.2:1 on the light surface-2: the host darkens it just enough.
    expect(root.style.getPropertyValue('--tk-color-down')).toBe('#cd3939');
    expect(root.dataset.tkTheme).toBe('light');
    expect(root.lang).toBe('en');
  });

  it('takes a brand edit on an open page: colours, title, theme and a trade mode taken away (BE10)', async () => {
    localStorage.setItem('tradeMode', 'option');
    const test = createTestPlatform();
    close = () => test.platform.close();
    function Mode() {
      return <p data-testid="content">{useHost().tradeMode}</p>;
    }
    renderWithPlatform(<Startup>{<Mode />}</Startup>, test.platform);
    expect((await screen.findByTestId('content')).textContent).toBe('option');
    const { store, atoms } = test.platform;
    const config = store.get(atoms.config) as RuntimeConfig;
    act(() =>
      store.set(atoms.config as PrimitiveAtom<RuntimeConfig | null>, {
        ...config,
        siteTitle: 'TradeKit Markets',
        brand: {
          ...config.brand,
          theme: 'dark',
          colors: { up: '#2e7d32', down: '#c62828' },
          readableColors: undefined,
          tradeModes: ['market'],
          defaultTradeMode: 'market',
          revision: 1,
        },
      }),
    );
    const root = document.documentElement;
    await waitFor(() => expect(document.title).toBe('TradeKit Markets'));
    expect(root.dataset.tkTheme).toBe('dark');
    expect(screen.getByTestId('content').textContent).toBe('market');
    expect(root.style.getPropertyValue('--tk-color-up')).not.toBe('#1e6bd6');
  });

  it('prefers the stored theme over the brand theme', async () => {
    localStorage.setItem('theme', 'dark');
    const test = createTestPlatform();
    close = () => test.platform.close();
    renderWithPlatform(<Startup>{content}</Startup>, test.platform);
    await screen.findByTestId('content');
    expect(document.documentElement.dataset.tkTheme).toBe('dark');
  });
});

describe('only trust app (BA1)', () => {
  const trustedApp = { userAgent: 'TradeKitApp', url: 'https://apps.example/tradekit' };
  const brand = { ...(sampleConfigJson().brand as object), trustedApp };
  let close: (() => void) | undefined;
  afterEach(() => {
    cleanup();
    close?.();
    close = undefined;
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('trusts every browser unless the brand names its app, then only a user agent with its token', () => {
    expect(isTrustedBrowser({}, 'Mozilla/5.0 Chrome/140')).toBe(true);
    expect(isTrustedBrowser({ trustedApp }, 'Mozilla/5.0 Chrome/140')).toBe(false);
    expect(isTrustedBrowser({ trustedApp }, 'Mozilla/5.0 Chrome/140 tradekitapp/3.1')).toBe(true);
    expect(isTrustedBrowser({ trustedApp: { userAgent: ' ', url: '' } }, 'Mozilla/5.0')).toBe(true);
  });

  it('follows only an http(s) address to get the app', () => {
    expect(appDownloadUrl({ trustedApp })).toBe('https://apps.example/tradekit');
    expect(appDownloadUrl({ trustedApp: { userAgent: 'x', url: 'javascript:alert(1)' } })).toBeNull();
    expect(appDownloadUrl({ trustedApp: { userAgent: 'x', url: 'not a url' } })).toBeNull();
    expect(appDownloadUrl({})).toBeNull();
  });

  it('sends a browser that is not the app to the app-only page, and the site never renders', async () => {
    window.history.replaceState(null, '', '/BTCUSDT/chart');
    const test = createTestPlatform({ config: { brand } });
    close = () => test.platform.close();
    renderWithPlatform(<Startup>{content}</Startup>, test.platform);
    const page = await screen.findByTestId('app-only');
    expect(window.location.pathname).toBe(APP_ONLY_PATH);
    expect(page.querySelector('h1')?.textContent).toBe('Use the TradeKit app');
    expect(screen.getByTestId('app-only-get').getAttribute('href')).toBe('https://apps.example/tradekit');
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it("opens the site in the brand's app", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 TradeKitApp/3.1');
    window.history.replaceState(null, '', '/BTCUSDT/chart');
    const test = createTestPlatform({ config: { brand } });
    close = () => test.platform.close();
    renderWithPlatform(<Startup>{content}</Startup>, test.platform);
    await screen.findByTestId('content');
    expect(screen.queryByTestId('app-only')).toBeNull();
    expect(window.location.pathname).toBe('/BTCUSDT/chart');
  });
});

describe('WsFailedDialog', () => {
  afterEach(cleanup);

  it('alerts once the feed has failed and reloads on OK', () => {
    const platform = fakePlatform();
    const reload = vi.fn();
    renderWithPlatform(<WsFailedDialog reload={reload} />, platform);
    expect(screen.queryByTestId('ws-failed')).toBeNull();
    act(() =>
      platform.store.set(platform.atoms.feedState, {
        status: 'reconnecting',
        attempt: 4,
        connectionLost: true,
        lastMessageAt: 1,
      }),
    );
    expect(screen.queryByTestId('ws-failed')).toBeNull();
    act(() =>
      platform.store.set(platform.atoms.feedState, {
        status: 'failed',
        attempt: 10,
        connectionLost: true,
        lastMessageAt: 1,
      }),
    );
    const dialog = screen.getByTestId('ws-failed');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain('Connection to live prices failed. Press OK to reload the page.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('versionRedirect', () => {
  it.each([
    ['1.152', '/quotation', null],
    ['1.152.0', '/quotation', null],
    ['1.153', '/quotation', '/'],
    ['1.153', '/', null],
  ])('for config version %s at %s gives %s', (version, path, expected) => {
    expect(versionRedirect({ version }, path)).toBe(expected);
  });
});
