/**
 * Test support of <tk-option-form>: a real platform (api client, feed, atoms, i18n) and a real session on a
 * scripted server (handlers by path after `/v1/`, or `exchange/…`), a fake STOMP client for live prices,
 * and the widget rendered inside a PlatformProvider.
 */
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { sampleConfigJson } from '../../core/config/runtime-config.fixture';
import type { OptionOrder, OptionProduct } from '../../core/contract/options';
import { Topic } from '../../core/contract/paths';
import type { PriceEntry } from '../../core/contract/types';
import { parseTimeRatePayload } from '../../core/domain/option-payload';
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
import { PlatformProvider } from '../_shared/platform-context';
import { priceEntry } from '../_shared/test-platform.fixture';
import { OptionForm } from './option-form';
import type { OptionFormProps } from './option-form';

/** The BTCUSDT option product: 30 s at 85 % (10 to 5000), 60 s at 90 % without maximum; fee 0.2 %. */
export function btcOptionProduct(overrides: Partial<OptionProduct> = {}): OptionProduct {
  const timeRatePayload = {
    '30': '30|85^10|50|100^5000|10^30 s',
    '60': '60|90^20|200^0|20',
  };
  const parsed = parseTimeRatePayload(timeRatePayload);
  if (!parsed.ok) throw new Error(parsed.error);
  return {
    id: 7,
    productCode: 'BTCUSDT',
    productName: 'Bitcoin',
    feeRate: '0.002',
    tradeStatus: 1,
    timeRatePayload,
    deliveryTimes: parsed.value,
    ...overrides,
  };
}

/** What addOrderOption answers: accepted now, at the server's bid, for `timeLong` seconds. */
function placed(body: Record<string, unknown>, uid: string) {
  const beginTime = Date.now();
  return { uid, beginTime, endTime: beginTime + Number(body.timeLong) * 1000, price: '98500.00' };
}

/** A settled option as `findOption` answers it. */
export function settledOption(overrides: Partial<OptionOrder> = {}): OptionOrder {
  return {
    id: '1',
    uid: 'OP202611250001',
    optionsProductId: 7,
    orderType: 0,
    tradePair: 'BTCUSDT',
    productName: 'Bitcoin',
    price: '98500.00',
    priceEnd: '98620.50',
    rate: '0.85',
    feeAmount: '0.20',
    amount: '100.00',
    timeLong: 30,
    beginTime: 1_764_000_000_000,
    endTime: 1_764_000_030_000,
    completeTime: 1_764_000_030_200,
    winLost: '85.00',
    positionStatus: 1,
    ...overrides,
  };
}

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

/** Options of renderOptionForm. */
export interface OptionFormOptions {
  signedIn?: boolean;
  virtual?: boolean;
  product?: OptionProduct;
  handlers?: Record<string, Handler>;
  /** Publish the BTCUSDT quote once the feed connects (default true). */
  quote?: PriceEntry | null;
}

/** A platform and session on a scripted server, with the live-price feed under the test's control. */
export interface OptionServer {
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
export interface OptionFormView extends RenderResult, Omit<OptionServer, 'connect' | 'close'> {
  close(): void;
}

/** Build the scripted server, platform and session (signed in to the real account by default). */
export async function createOptionServer(options: OptionFormOptions = {}): Promise<OptionServer> {
  const virtual = options.virtual ?? false;
  const product = options.product ?? btcOptionProduct();
  const calls: OptionServer['calls'] = [];
  const handlers: Record<string, Handler> = {
    'waa/user/info': () => ({ code: 0, data: userInfo('10000007', virtual) }),
    'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '10000.00', lockMargin: '0.00' } }),
    'wa-na/option/findOptionsProduct': () => ({
      code: 0,
      data: { optionsProducts: [product], total: 1, pages: 1 },
    }),
    'exchange/order/addOrderOption': (body) => ({ code: 0, data: placed(body, 'OP202611250001') }),
    'exchange/order/addOrderOptionMock': (body) => ({ code: 0, data: placed(body, 'OM202611250001') }),
    'market/status/BTCUSDT': () => ({ code: 0, data: 'open' }),
    ...options.handlers,
  };
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/config.json') return reply(sampleConfigJson());
    if (url.pathname.endsWith('/getAllConfigStatusWeb'))
      return reply({ code: 0, msg: '', data: { systemConfigs: [], walletType: 0 } });
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

/** Render `<OptionForm {...props}>` on a fresh server; the BTCUSDT quote arrives unless `quote` is null. */
export async function renderOptionForm(
  props: OptionFormProps,
  options: OptionFormOptions = {},
): Promise<OptionFormView> {
  const server = await createOptionServer(options);
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <PlatformProvider platform={server.platform}>
        <OptionForm {...props} />
      </PlatformProvider>,
    );
  });
  if (options.quote !== null) await act(() => server.connect(options.quote ?? btcQuote()));
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
