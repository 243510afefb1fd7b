/**
 * Test support shared by the two order forms (<tk-order-form>, <tk-option-form>): a real platform (api client,
 * feed, atoms, i18n) and a real session on a scripted server (handlers by path after `/v1/`, or `exchange/…`
 * and `market/…`), a fake STOMP client for live prices, and a form rendered inside a PlatformProvider. Each
 * form's fixture adds its product and its order calls.
 */
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import { Topic } from '../../core/contract/paths';
import type { OptionOrder } from '../../core/contract/options';
import type { PriceEntry } from '../../core/contract/types';
import { fakeSocketFactory } from '../../core/feeds/exchange-feed.fixture';
import { fakeClientFactory } from '../../core/feeds/fake-stomp-client.fixture';
import type { FakeStompClient } from '../../core/feeds/fake-stomp-client.fixture';
import { ALL_STRINGS } from '../../core/i18n/english.fixture';
import { createI18n } from '../../core/i18n/i18n';
import { createPlatform } from '../../core/runtime/platform';
import type { OwnedPlatform } from '../../core/runtime/platform';
import { createSession, setSessionForTests } from '../../core/session/session';
import type { OwnedSession } from '../../core/session/session';
import { makeToken, userInfo } from '../../core/session/session.fixture';
import type { Answer, Handler } from '../../core/session/session.fixture';
import { createKeyValueStore } from '../../core/session/storage';
import { MemoryStorage } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import { createIsolatedStore } from '../../core/state/store';
import { mountHtml, shadowPart } from './element-harness.fixture';
import { PlatformProvider } from './platform-context';
import { priceEntry } from './test-platform.fixture';

/** The BTCUSDT quote of the tests: bid 98500.00, ask 98510.00. */
export function btcQuote(overrides: Partial<PriceEntry> = {}): PriceEntry {
  return priceEntry({
    symbol: 'BTCUSDT',
    name: 'Bitcoin',
    type: 1,
    bidPrice: '98500.00',
    askPrice: '98510.00',
    price: '98505.00',
    pricePrecision: 2,
    ...overrides,
  });
}

function activeClient(client: () => FakeStompClient): boolean {
  try {
    return client().active;
  } catch {
    // The feed makes its client once config.json is loaded.
    return false;
  }
}

/** Options of a form's render helper; `product` is the form's own product type. */
export interface TradeFormOptions<P> {
  signedIn?: boolean;
  virtual?: boolean;
  product?: P;
  handlers?: Record<string, Handler>;
  /** Publish the BTCUSDT quote once the feed connects (default true). */
  quote?: PriceEntry | null;
  /** The brand's switches (`getAllConfigStatusWeb`); none by default. */
  systemConfigs?: Array<{ name: string; enable: boolean }>;
}

/** A platform and session on a scripted server, with the live-price feed under the test's control. */
export interface TradeServer {
  platform: OwnedPlatform;
  session: OwnedSession;
  client: () => FakeStompClient;
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  callsTo(path: string): Array<{ body: Record<string, unknown> }>;
  /** Accept the feed's connection once it asks, then publish `quote` (if any). */
  connect(quote: PriceEntry | null): Promise<void>;
  publish(entries: PriceEntry[]): void;
  /** The exchange sockets the page opened (a fake: the test accepts and feeds them). */
  exchange: ReturnType<typeof fakeSocketFactory>;
  /** The server's settlement push of `list` on the open exchange socket (accepted first if needed). */
  pushSettled(list: OptionOrder[]): void;
  close(): void;
}

/** A rendered form with its scripted server. */
export interface TradeFormView extends RenderResult, Omit<TradeServer, 'connect' | 'close'> {
  close(): void;
}

/**
 * Build the scripted server, platform and session (signed in to the real account by default). `formHandlers`
 * are the form's own paths (product, order calls); the test's `options.handlers` override any of them.
 */
export async function createTradeServer(
  options: TradeFormOptions<unknown>,
  formHandlers: Record<string, Handler>,
): Promise<TradeServer> {
  const virtual = options.virtual ?? false;
  const calls: TradeServer['calls'] = [];
  const handlers: Record<string, Handler> = {
    'waa/user/info': () => ({ code: 0, data: userInfo('10000007', virtual) }),
    'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '10000.00', lockMargin: '0.00' } }),
    'market/status/BTCUSDT': () => ({ code: 0, data: 'open' }),
    ...formHandlers,
    ...options.handlers,
  };
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/config.json') return reply(sampleConfigJson());
    if (url.pathname.endsWith('/getAllConfigStatusWeb'))
      return reply({ code: 0, msg: '', data: { systemConfigs: options.systemConfigs ?? [], walletType: 0 } });
    const path = url.pathname.replace(/^\/(v1|exchange|market)\//, (_, root: string) =>
      root === 'v1' ? '' : `${root}/`,
    );
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const handler = handlers[path];
    if (!handler) return reply({}, 404);
    const answer: Answer = await handler(body, null);
    if (typeof answer.http === 'number') return reply({}, answer.http);
    return reply({ msg: '', data: null, ...answer });
  }) as typeof fetch;
  const stomp = fakeClientFactory();
  const platform = createPlatform({
    origin: 'https://platform.test',
    fetchImpl,
    clientFactory: stomp.factory,
    store: createIsolatedStore(),
    i18n: createI18n({ strings: ALL_STRINGS }),
  });
  const session = createSession(platform, {
    storage: createKeyValueStore(new MemoryStorage(), null),
    lock: (task) => task(),
    page: null,
    pageOrigin: 'https://brand.test',
  });
  setSessionForTests(platform, session);
  const exchange = fakeSocketFactory();
  const orders = createOrders(platform, { socketFactory: exchange.factory });
  setOrdersForTests(platform, orders);
  await platform.ready;
  if (options.signedIn ?? true) {
    const exp = Math.floor(Date.now() / 1000) + 900;
    await session.signIn({
      token: makeToken({ exp, virtualStatus: virtual ? '1' : '0' }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
  }
  const publish = (entries: PriceEntry[]) => stomp.client().deliver(Topic.prices, entries);
  return {
    platform,
    session,
    client: stomp.client,
    calls,
    callsTo: (path) => calls.filter((c) => c.path === path),
    publish,
    exchange,
    pushSettled(list) {
      const socket = exchange.last();
      if (socket.sent.length === 0) socket.acceptOpen();
      socket.deliver({ ordertype: 'optionSettled', virtual, list });
    },
    async connect(quote) {
      for (let i = 0; i < 100 && !activeClient(stomp.client); i++)
        await new Promise((resolve) => setTimeout(resolve, 5));
      stomp.client().acceptConnect();
      if (quote) publish([quote]);
    },
    close() {
      orders.feed.close();
      session.close();
      platform.close();
    },
  };
}

/** Render `form` on `server`; the BTCUSDT quote arrives unless `quote` is null. */
export async function renderTradeForm(
  server: TradeServer,
  form: ReactElement,
  quote: PriceEntry | null | undefined,
): Promise<TradeFormView> {
  let result!: RenderResult;
  await act(async () => {
    result = render(<PlatformProvider platform={server.platform}>{form}</PlatformProvider>);
  });
  if (quote !== null) await act(() => server.connect(quote ?? btcQuote()));
  let mounted = true;
  const unmount = () => {
    if (mounted) result.unmount();
    mounted = false;
  };
  const { platform, session, client, calls, callsTo, publish, exchange, pushSettled } = server;
  return {
    ...result,
    platform,
    session,
    client,
    calls,
    callsTo,
    publish,
    exchange,
    pushSettled,
    unmount,
    close: () => {
      unmount();
      server.close();
    },
  };
}

/** The element test both forms share: a wrong route asks the page to go home and renders no form. */
export function itLeavesAWrongRoute(name: string, html: string): void {
  it(name, async () => {
    const seen: string[] = [];
    const listen = (e: GlobalEventHandlersEventMap['tk-navigate']) => seen.push(e.detail.to);
    document.addEventListener('tk-navigate', listen);
    const el = await mountHtml(html);
    document.removeEventListener('tk-navigate', listen);
    expect(seen).toEqual(['/']);
    expect(shadowPart(el, 'form')).toBeNull();
  });
}
