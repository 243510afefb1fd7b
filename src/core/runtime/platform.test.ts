import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceEntry, SystemConfigResponse } from '../contract/types';
import { sampleConfigJson } from '../config/runtime-config.fixture';
import { ConfigError } from '../config/runtime-config';
import { fakeClientFactory } from '../feeds/fake-stomp-client.fixture';
import { createI18n } from '../i18n/i18n';
import { createIsolatedStore } from '../state/store';
import { createPlatform, getPlatform, isQuoteStale, resetPlatformForTests, setAuthHooks } from './platform';
import type { FeedState, QuoteView } from './types';
import { adHocEndpoint } from '../api/ad-hoc-endpoint.fixture';

const ORIGIN = 'https://platform.test';
const SYSTEM: SystemConfigResponse = { systemConfigs: [{ name: 'Contract', enable: true }], walletType: 0 };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function server(configBody: unknown = sampleConfigJson(), configStatus = 200) {
  return vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith(`${ORIGIN}/config.json`)) return json(configBody, configStatus);
    if (url.endsWith('/v1/wa-na/system/systemConfig/getAllConfigStatusWeb'))
      return json({ code: 0, msg: '', data: SYSTEM });
    if (url.endsWith('/v1/waa/user/info')) return json({ code: 23519, msg: 'login required', data: null });
    return json({}, 404);
  });
}

function setup(fetchImpl = server(), extra: { brand?: string } = {}) {
  const fake = fakeClientFactory();
  const sockets: string[] = [];
  const platform = createPlatform({
    origin: ORIGIN,
    fetchImpl: fetchImpl as unknown as typeof fetch,
    store: createIsolatedStore(),
    i18n: createI18n(),
    clientFactory: fake.factory,
    webSocketFactory: (url) => (sockets.push(url), {} as never),
    ...extra,
  });
  return { platform, fetchImpl, client: fake.client, sockets };
}

afterEach(() => {
  resetPlatformForTests();
  vi.restoreAllMocks();
  delete (globalThis as { TRADEKIT_API?: string }).TRADEKIT_API;
});

describe('createPlatform start-up', () => {
  it('loads the runtime config, then the system config, into the atoms', async () => {
    const { platform, fetchImpl } = setup(server(), { brand: 'acme' });
    const config = await platform.ready;
    expect(config.services.marketWs).toBe('wss://platform.test/market-ws');
    expect(platform.store.get(platform.atoms.config)).toBe(config);
    await vi.waitFor(() => expect(platform.store.get(platform.atoms.systemConfig)).toEqual(SYSTEM));
    expect(fetchImpl.mock.calls[0]![0]).toBe(`${ORIGIN}/config.json?brand=acme`);
    const [url, init] = fetchImpl.mock.calls[1]!;
    expect(url).toBe(`${ORIGIN}/v1/wa-na/system/systemConfig/getAllConfigStatusWeb`);
    expect(init?.headers).toMatchObject({ 'x-tk-brand': 'acme' });
    expect(platform.staleAfterMs).toBe(10_000);
  });

  it('publishes the config error key and never opens a socket when config.json is missing', async () => {
    const { platform, client } = setup(server({}, 404));
    await expect(platform.ready).rejects.toBeInstanceOf(ConfigError);
    expect(platform.store.get(platform.atoms.configError)).toBe('app.config_missing');
    platform.feed.subscribe('/topic/prices', () => undefined);
    await vi.waitFor(() => expect(platform.feed.getState().status).toBe('idle'));
    expect(() => client()).toThrow();
    const result = await platform.api.call(adHocEndpoint('api', 'wa-na/login'), {}, { silent: true });
    expect(result).toMatchObject({ ok: false, message: 'Cannot load config, please contact administrator.' });
  });

  it('opens the market socket at the configured address only once something subscribes', async () => {
    const { platform, client, sockets } = setup();
    await platform.ready;
    expect(() => client()).toThrow();
    platform.feed.subscribe<PriceEntry[]>('/topic/prices', () => undefined);
    await vi.waitFor(() => expect(client().active).toBe(true));
    client().config.webSocketFactory();
    expect(sockets).toEqual(['wss://platform.test/market-ws']);
    client().acceptConnect();
    expect(platform.store.get(platform.atoms.prices).size).toBe(0);
  });

  it('warns but goes on when the config was written for another client version', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { platform } = setup(server(sampleConfigJson({ version: '1.153' })));
    await platform.ready;
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1.153'));
  });

  it('switches to the brand default language when the current one is not offered', async () => {
    const { platform } = setup(
      server(
        sampleConfigJson({
          brand: { ...(sampleConfigJson().brand as object), languages: ['ja'], defaultLanguage: 'ja' },
        }),
      ),
    );
    await platform.ready;
    await vi.waitFor(() => expect(platform.store.get(platform.atoms.language)).toBe('ja'));
  });
});

describe('createPlatform follows brand edits on the market socket (BE10)', () => {
  const brandOf = (revision: number, up: string) => ({
    ...(sampleConfigJson().brand as object),
    colors: { up, down: '#d63b3b' },
    revision,
  });
  /** A server whose config and system config are what the test last set, with the calls it answered. */
  function editableServer() {
    const served = {
      config: sampleConfigJson({ brand: brandOf(0, '#1e6bd6') }),
      system: SYSTEM,
      configLoads: 0,
    };
    const fetchImpl = vi.fn(async (input: string | URL | Request) => {
      const url = String(input);
      if (url.startsWith(`${ORIGIN}/config.json`)) {
        served.configLoads += 1;
        return json(served.config);
      }
      if (url.endsWith('/v1/wa-na/system/systemConfig/getAllConfigStatusWeb'))
        return json({ code: 0, msg: '', data: served.system });
      return json({}, 404);
    });
    return { served, fetchImpl };
  }
  /** A platform whose prices opened the socket, once it holds the brand's topic. */
  async function following() {
    const { served, fetchImpl } = editableServer();
    const ctx = setup(fetchImpl);
    await ctx.platform.ready;
    ctx.platform.feed.subscribe('/topic/prices', () => undefined);
    await vi.waitFor(() => expect(ctx.client().active).toBe(true));
    ctx.client().acceptConnect();
    await vi.waitFor(() => expect(ctx.client().subscribed()).toContain('/topic/brand.demo'));
    return { ...ctx, served };
  }
  const upColour = (platform: ReturnType<typeof setup>['platform']) =>
    platform.store.get(platform.atoms.config)?.brand.colors.up;

  it('loads the config and the system config again when the topic names another revision', async () => {
    const { platform, client, served } = await following();
    await vi.waitFor(() => expect(platform.store.get(platform.atoms.systemConfig)).toEqual(SYSTEM));
    // The revision the page already has changes nothing (every subscriber hears it at once).
    client().deliver('/topic/brand.demo', { revision: 0 });
    await Promise.resolve();
    expect(served.configLoads).toBe(1);

    const edited: SystemConfigResponse = {
      systemConfigs: [{ name: 'Contract', enable: false }],
      walletType: 0,
    };
    served.config = sampleConfigJson({ brand: brandOf(1_700_000, '#00aa55') });
    served.system = edited;
    client().deliver('/topic/brand.demo', { revision: 1_700_000 });
    await vi.waitFor(() => expect(upColour(platform)).toBe('#00aa55'));
    await vi.waitFor(() => expect(platform.store.get(platform.atoms.systemConfig)).toEqual(edited));
    expect(served.configLoads).toBe(2);
    // Service addresses stay absolute, as on the first load.
    expect(platform.store.get(platform.atoms.config)?.services.api).toBe(`${ORIGIN}/v1`);
  });

  it('ignores a body without a whole-number revision, and stops listening when closed', async () => {
    const { platform, client, served } = await following();
    for (const body of [{}, { revision: '5' }, { revision: 1.5 }, null])
      client().deliver('/topic/brand.demo', body);
    await Promise.resolve();
    expect(served.configLoads).toBe(1);
    (platform as ReturnType<typeof createPlatform>).close();
    served.config = sampleConfigJson({ brand: brandOf(9, '#00aa55') });
    client().deliver('/topic/brand.demo', { revision: 9 });
    await Promise.resolve();
    expect([served.configLoads, upColour(platform)]).toEqual([1, '#1e6bd6']);
  });

  it('keeps the config it has when the server does not have the edit yet, and takes it on the next word', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { platform, client, served } = await following();
    // Another process announced revision 5; this one still serves revision 0: no loop, the page keeps its config.
    client().deliver('/topic/brand.demo', { revision: 5 });
    await vi.waitFor(() => expect(served.configLoads).toBe(2));
    served.config = sampleConfigJson({ brand: brandOf(5, '#00aa55') });
    client().deliver('/topic/brand.demo', { revision: 5 });
    await vi.waitFor(() => expect(upColour(platform)).toBe('#00aa55'));
    expect(served.configLoads).toBe(3);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('createPlatform product names', () => {
  const PRODUCTS = { EURUSD: 'ユーロ/米ドル', XAUUSD: '金（ゴールド）' };
  function withProducts() {
    const base = server();
    return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('/v1/wa-na/forex/product/list')) {
        const body = JSON.parse(String(init?.body)) as { locale?: string };
        const data = Object.entries(PRODUCTS).map(([productCode, name]) => ({
          productCode,
          productName: body.locale === 'ja' ? name : productCode,
        }));
        return json({ code: 0, msg: '', data });
      }
      return base(input, init);
    });
  }
  const productCalls = (fetchImpl: ReturnType<typeof withProducts>) =>
    fetchImpl.mock.calls.filter(([u]) => String(u).endsWith('/forex/product/list'));

  it('loads no names on an English page', async () => {
    const fetchImpl = withProducts();
    const { platform } = setup(fetchImpl);
    await platform.ready;
    await vi.waitFor(() => expect(platform.store.get(platform.atoms.systemConfig)).not.toBeNull());
    expect(productCalls(fetchImpl)).toHaveLength(0);
    expect(platform.store.get(platform.atoms.productNames).size).toBe(0);
  });

  it('shows the local names in the prices once the page switches language, and English names back', async () => {
    const fetchImpl = withProducts();
    const { platform } = setup(fetchImpl);
    await platform.ready;
    const quote = { symbol: 'EURUSD', name: 'Euro / US Dollar' } as PriceEntry;
    platform.store.sub(platform.atoms.prices, () => undefined);
    platform.store.set(platform.atoms.prices as never, [quote]);
    await platform.i18n.changeLanguage('ja');
    await vi.waitFor(() =>
      expect(platform.store.get(platform.atoms.prices).get('EURUSD')?.name).toBe('ユーロ/米ドル'),
    );
    expect(JSON.parse(String(productCalls(fetchImpl)[0]![1]!.body))).toMatchObject({ locale: 'ja' });
    await platform.i18n.changeLanguage('en');
    await vi.waitFor(() =>
      expect(platform.store.get(platform.atoms.prices).get('EURUSD')?.name).toBe('Euro / US Dollar'),
    );
  });
});

describe('createPlatform session hooks', () => {
  it('sends the token from the auth hooks and reports login-required back to them', async () => {
    const { platform, fetchImpl } = setup();
    const onUnauthorized = vi.fn();
    setAuthHooks(platform, { getToken: () => 'tok-9', onUnauthorized });
    const result = await platform.api.call(adHocEndpoint('api', 'waa/user/info'), {}, { silent: true });
    expect(result).toMatchObject({ ok: false, code: 23519, message: 'Please log in (23519)' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    const call = fetchImpl.mock.calls.find(([u]) => String(u).endsWith('/waa/user/info'));
    expect(call?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok-9' });
  });
});

describe('getPlatform', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', server());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one platform per page and warns about a second, different origin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = getPlatform('https://platform.test/');
    expect(first.origin).toBe(ORIGIN);
    expect(getPlatform()).toBe(first);
    expect(getPlatform(ORIGIN)).toBe(first);
    expect(warn).not.toHaveBeenCalled();
    expect(getPlatform('https://other.test')).toBe(first);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://other.test'));
    await vi.waitFor(() => expect(first.store.get(first.atoms.systemConfig)).toEqual(SYSTEM));
  });

  it('uses the page setting when no origin is given and starts afresh after a reset', async () => {
    (globalThis as { TRADEKIT_API?: string }).TRADEKIT_API = 'https://global.test';
    const first = getPlatform();
    expect(first.origin).toBe('https://global.test');
    resetPlatformForTests();
    const second = getPlatform(ORIGIN);
    expect(second).not.toBe(first);
    expect(second.store).not.toBe(first.store);
    await expect(first.ready).rejects.toBeInstanceOf(ConfigError);
    await vi.waitFor(() => expect(second.store.get(second.atoms.systemConfig)).toEqual(SYSTEM));
  });
});

describe('isQuoteStale', () => {
  const quote = { receivedAt: 50_000 } as QuoteView;
  const feed = (connectionLost: boolean): FeedState => ({
    status: 'open',
    attempt: 0,
    connectionLost,
    lastMessageAt: 0,
  });

  it.each([
    [60_000, false, false],
    [60_001, false, true],
    [50_001, true, true],
  ])('at %i with connectionLost %s is stale: %s', (now, lost, expected) => {
    expect(isQuoteStale(quote, now, feed(lost))).toBe(expected);
  });

  it('takes another stale limit', () => {
    expect(isQuoteStale(quote, 52_000, feed(false), 1_000)).toBe(true);
  });
});
