/**
 * The whole host on a real platform and session with a scripted server and a fake market socket, for tests
 * of the issue-#3 host parts. Test files mock getSession with the `getSession` mock they pass in.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Mock } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import { Topic } from '../../core/contract/paths';
import type { SystemConfigEntry } from '../../core/contract/types';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import { createI18n } from '../../core/i18n/i18n';
import { createPlatform } from '../../core/runtime/platform';
import { createSession } from '../../core/session/session';
import type { OwnedSession } from '../../core/session/session';
import { makeToken, MemoryStorage, userInfo } from '../../core/session/session.fixture';
import type { Handler } from '../../core/session/session.fixture';
import { createKeyValueStore } from '../../core/session/storage';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import { createIsolatedStore } from '../../core/state/store';
import type { ExchangeSocketLike } from '../../core/feeds/exchange-feed-types';
import { priceEntry } from '../../widgets/_shared/test-platform.fixture';
import { App } from '../app';
import { loadAllPages } from '../pages/registry';
import { loadDesktopShell } from '../shells/desktop-loader';

/** Options of startHost. */
export interface HostOptions {
  path: string;
  signedIn?: boolean;
  virtual?: boolean;
  systemConfigs?: SystemConfigEntry[];
  handlers?: Record<string, Handler>;
  /** Brand fields over the sample config's (e.g. one trade mode). */
  brand?: Record<string, unknown>;
  /** Opens the page's exchange socket through this factory (a fake) instead of a browser WebSocket. */
  exchangeSockets?: (url: string) => ExchangeSocketLike;
}

/** Make matchMedia answer as a viewport of `width` px. */
export function mockWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

/** The close of every host startHost started and nobody closed yet. */
const open = new Set<() => void>();

/**
 * Closes every host still open, then unmounts whatever else the test rendered: a test file's
 * `afterEach(closeHosts)`. Closing a host twice does nothing.
 */
export function closeHosts(): void {
  for (const close of [...open]) close();
  cleanup();
}

/** Start <App> at `path` with quotes flowing; resolves once the loading screen is gone. */
export async function startHost(getSession: Mock, options: HostOptions) {
  window.history.replaceState(null, '', options.path);
  const handlers: Record<string, Handler> = {
    'waa/user/info': () => ({ code: 0, data: userInfo('10000007', options.virtual ?? false) }),
    'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '1000.10', lockMargin: '250.205' } }),
    'waa/user/logout': () => ({ code: 0, data: null }),
    ...options.handlers,
  };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.pathname === '/config.json') {
      const config = sampleConfigJson();
      return reply({ ...config, brand: { ...(config.brand as object), ...options.brand } });
    }
    if (url.pathname.endsWith('/getAllConfigStatusWeb'))
      return reply({ code: 0, msg: '', data: { systemConfigs: options.systemConfigs ?? [], walletType: 0 } });
    const handler = handlers[url.pathname.replace(/^\/v1\//, '')];
    if (!handler) return reply({}, 404);
    const answer = await handler(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>, null);
    return 'http' in answer ? reply({}, Number(answer.http)) : reply({ msg: '', data: null, ...answer });
  }) as typeof fetch;
  const stomp = fakeClientFactory();
  const i18n = createI18n();
  const platform = createPlatform({
    origin: 'https://platform.test',
    fetchImpl,
    store: createIsolatedStore(),
    i18n,
    clientFactory: stomp.factory,
  });
  const session: OwnedSession = createSession(platform, {
    storage: createKeyValueStore(new MemoryStorage(), null),
    lock: (task) => task(),
    page: null,
  });
  getSession.mockReturnValue(session);
  const orders = options.exchangeSockets
    ? createOrders(platform, { socketFactory: options.exchangeSockets })
    : null;
  if (orders) setOrdersForTests(platform, orders);
  await platform.ready;
  if (options.signedIn) {
    const exp = Math.floor(Date.now() / 1000) + 900;
    await session.signIn({
      token: makeToken({ exp, virtualStatus: options.virtual ? '1' : '0' }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
  }
  // Every page's code in place first, as on a visit that has loaded them (EK19): the tests walk from page to
  // page and read each at once; the first load's own wait is app.test.tsx's.
  await Promise.all([loadAllPages(), loadDesktopShell()]);
  const view = render(<App platform={platform} />);
  await waitFor(() => expect(stomp.client().active).toBe(true));
  act(() => stomp.client().acceptConnect());
  act(() => stomp.client().deliver(Topic.prices, [priceEntry({ symbol: 'BTCUSDT', type: 1 })]));
  await waitFor(() => expect(document.querySelector('[data-testid="loading"]')).toBeNull());
  const close = () => {
    if (!open.delete(close)) return;
    view.unmount();
    orders?.feed.close();
    session.close();
    platform.close();
  };
  open.add(close);
  return { platform, session, view, close };
}
