import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../contract/types';
import { endpoint } from '../contract/endpoint';
import { adHocEndpoint } from './ad-hoc-endpoint.fixture';
import { Obj, Str, T } from '../contract/schema';
import { createApiClient, formDataOf } from './api-client';
import type { ApiClientOptions } from './api-client';

const TEXT: Record<string, string> = {
  'error.timeout': 'Connection timeout',
  'error.server': 'Server error (500)',
  'error.network': 'The network is abnormal',
  'error.api_constructor': 'Api constructor error.',
  'error.generic': 'Incorrect data, please try again later',
  'error.code': '{{message}} ({{code}})',
  'code.23519': 'Login required',
  'code.1108': 'Incorrect account or password',
  'app.config_missing': 'Cannot load config, please contact administrator.',
};

/** Like i18next: interpolates {{vars}} and answers the key itself when it has no text. */
const translate = (key: string, vars: Record<string, unknown> = {}) =>
  (TEXT[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));

const services: RuntimeConfig['services'] = {
  api: 'https://platform.test/v1',
  market: 'https://platform.test/market/',
  marketWs: 'wss://platform.test/market-ws',
  exchange: 'https://platform.test/exchange',
  exchangeWs: 'wss://platform.test/exchange-ws',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  answer: (url: string, init: RequestInit) => Promise<Response> | Response,
  extra: Partial<ApiClientOptions> = {},
) {
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
    answer(String(url), init ?? {}),
  );
  const onUnauthorized = vi.fn();
  const onError = vi.fn();
  const api = createApiClient({
    services: () => services,
    getToken: () => 'tok-1',
    translate,
    fetchImpl: fetchImpl as unknown as typeof fetch,
    onUnauthorized,
    ...extra,
  });
  api.onError(onError);
  return { api, fetchImpl, onUnauthorized, onError };
}

const ep = adHocEndpoint;

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('createApiClient idempotency keys', () => {
  const money = { ...adHocEndpoint('api', 'waa/user/withdraw'), idempotent: true };

  it("sends a fresh Idempotency-Key per call of an idempotent endpoint, and the caller's when given", async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: 'success', data: null }));
    await api.call(money, {});
    await api.call(money, {});
    await api.call(money, {}, { idempotencyKey: 'submission-0001' });
    const keys = fetchImpl.mock.calls.map((call) => headersOf(call[1]!)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('submission-0001');
  });

  it('sends no key on other endpoints', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: 'success', data: null }));
    await api.call(ep('api', 'waa/user/info'), {});
    expect(headersOf(fetchImpl.mock.calls[0]![1]!)['idempotency-key']).toBeUndefined();
  });
});

describe('createApiClient requests', () => {
  it('POSTs JSON to the service base and returns the data of a code-0 envelope', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: 'success', data: { list: [1] } }));
    const result = await api.call(ep('api', 'wa-na/forex/product/list'), { page: 1 });
    expect(result).toMatchObject({ ok: true, data: { list: [1] } });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://platform.test/v1/wa-na/forex/product/list');
    expect(init).toMatchObject({ method: 'POST', body: '{"page":1}' });
    expect(headersOf(init!)['content-type']).toBe('application/json');
  });

  it('fills {name} path segments from the payload', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: 'open' }));
    await api.call(ep('market', 'status/{symbol}'), { symbol: 'EUR/USD' });
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://platform.test/market/status/EUR%2FUSD');
  });

  it('sends GET calls without a body and with the other payload fields as query', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: [] }));
    await api.call(ep('market', 'thumb/{symbol}'), { symbol: 'XAUUSD', limit: 30 }, { method: 'GET' });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://platform.test/market/thumb/XAUUSD?limit=30');
    expect(init).toMatchObject({ method: 'GET' });
    expect(init!.body).toBeUndefined();
  });

  it.each([
    ['api', 'waa/user/info', true],
    ['api', '/waa/user/info', true],
    ['api', 'wa-na/login', false],
    ['market', 'history', false],
    ['exchange', 'order/addOrder', true],
  ] as const)('on %s %s sends the bearer token: %s', async (service, path, sent) => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: null }));
    await api.call(ep(service, path), {});
    expect(headersOf(fetchImpl.mock.calls[0]![1]!).authorization).toBe(sent ? 'Bearer tok-1' : undefined);
  });

  it('sends no authorization header on a protected path when there is no token', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: null }), { getToken: () => null });
    await api.call(ep('api', 'waa/user/info'), {});
    expect(headersOf(fetchImpl.mock.calls[0]![1]!).authorization).toBeUndefined();
  });

  it('names the brand in an x-tk-brand header when the page has one', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: null }), { brand: () => 'acme' });
    await api.call(ep('api', 'wa-na/system/systemConfig/getAllConfigStatusWeb'), {});
    expect(headersOf(fetchImpl.mock.calls[0]![1]!)['x-tk-brand']).toBe('acme');
    const plain = setup(() => json({ code: 0, msg: '', data: null }));
    await plain.api.call(ep('api', 'wa-na/login'), {});
    expect(headersOf(plain.fetchImpl.mock.calls[0]![1]!)['x-tk-brand']).toBeUndefined();
  });

  it('waits for the runtime config when a call is made before it has loaded', async () => {
    let loaded: RuntimeConfig['services'] | null = null;
    let markReady!: () => void;
    const servicesReady = new Promise<void>((resolve) => (markReady = resolve));
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: 1 }), {
      services: () => loaded,
      servicesReady,
    });
    const pending = api.call(ep('api', 'wa-na/getCustomerLink'), {});
    loaded = services;
    markReady();
    expect(await pending).toMatchObject({ ok: true, data: 1 });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it('fails with the config message when the config never loads', async () => {
    const { api, fetchImpl, onError } = setup(() => json({}), {
      services: () => null,
      servicesReady: Promise.reject(new Error('no config')),
    });
    const result = await api.call(ep('api', 'wa-na/login'), {});
    expect(result).toMatchObject({ ok: false, message: 'Cannot load config, please contact administrator.' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('createApiClient and declared endpoints', () => {
  const order = endpoint({
    service: 'exchange',
    path: 'order/addOrder',
    mockPath: 'order/addOrderMock',
    access: 'exchange',
    summary: '',
    input: Obj({ tradePair: Str(32) }),
    data: T.String(),
    codes: [],
  });

  it('calls the Mock path of an endpoint when asked to (spec §6: the demo account)', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: 'N1' }));
    expect(await api.call(order, { tradePair: 'BTCUSDT' }, { mock: true })).toMatchObject({ data: 'N1' });
    await api.call(order, { tradePair: 'BTCUSDT' });
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      'https://platform.test/exchange/order/addOrderMock',
      'https://platform.test/exchange/order/addOrder',
    ]);
    expect(headersOf(fetchImpl.mock.calls[0]![1]!).authorization).toBe('Bearer tok-1');
  });

  it('uses the first declared method, so a POST-only endpoint is never sent as GET by default', async () => {
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: null }));
    await api.call(ep('market', 'history', ['GET']), { symbol: 'X' });
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({ method: 'GET' });
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://platform.test/market/history?symbol=X');
  });

  it('sends a multipart endpoint as a form: files as files, objects as JSON text, no JSON content type', async () => {
    const upload = endpoint({
      service: 'api',
      path: 'waa/user/info/submit',
      access: 'protected',
      contentType: 'multipart/form-data',
      summary: '',
      input: T.Unknown(),
      data: T.Null(),
      codes: [],
    });
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: null }));
    const avatar = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await api.call(upload, { avatar, metaData: { nickName: 'Ann' }, skip: undefined });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(headersOf(init)['content-type']).toBeUndefined();
    const form = init.body as FormData;
    expect((form.get('avatar') as File).name).toBe('me.png');
    expect(form.get('metaData')).toBe('{"nickName":"Ann"}');
    expect(form.has('skip')).toBe(false);
  });

  it('builds the same form outside a call', () => {
    const form = formDataOf({ n: 1, flag: true });
    expect([...form.entries()]).toEqual([
      ['n', '1'],
      ['flag', 'true'],
    ]);
  });

  it('refuses to call admin and site endpoints from a browser', async () => {
    const { api } = setup(() => json({ code: 0, msg: '', data: null }));
    const admin = endpoint({
      service: 'admin',
      path: 'x',
      access: 'admin',
      summary: '',
      input: T.Unknown(),
      data: T.Null(),
      codes: [],
    });
    await expect(api.call(admin, {})).rejects.toThrow(/not called through the API client/);
  });
});

describe('createApiClient response handling', () => {
  it('turns a nonzero code into the translated message with the code in brackets', async () => {
    const { api, onError } = setup(() =>
      json({ code: 1108, msg: 'incorrect account or password', data: null }),
    );
    const result = await api.call(ep('api', 'wa-na/login'), {});
    expect(result).toMatchObject({ ok: false, code: 1108, message: 'Incorrect account or password (1108)' });
    expect(onError).toHaveBeenCalledWith(
      'Incorrect account or password (1108)',
      expect.objectContaining({ code: 1108 }),
    );
  });

  it('falls back to the server message (msg or message) for a code without translation', async () => {
    const a = setup(() => json({ code: 1999, msg: 'odd failure', data: null }));
    expect(await a.api.call(ep('api', 'wa-na/x'), {})).toMatchObject({ message: 'odd failure (1999)' });
    const b = setup(() => json({ code: '1999', message: 'other failure' }));
    expect(await b.api.call(ep('api', 'wa-na/x'), {})).toMatchObject({
      code: 1999,
      message: 'other failure (1999)',
    });
    const c = setup(() => json({ code: 1999 }));
    expect(await c.api.call(ep('api', 'wa-na/x'), {})).toMatchObject({
      message: 'Incorrect data, please try again later (1999)',
    });
  });

  it('keeps extra top-level envelope fields such as token and uuid', async () => {
    const { api } = setup(() => json({ code: 0, message: 'ok', data: 'img', uuid: 'u-1' }));
    const result = await api.call(ep('api', 'wa-na/getImageCode'), {});
    expect(result.ok && result.envelope).toMatchObject({ msg: 'ok', uuid: 'u-1' });
  });

  it('reports code 23519 as login required and asks the host to sign in again', async () => {
    const { api, onUnauthorized } = setup(() => json({ code: 23519, msg: 'login required', data: null }));
    expect(await api.call(ep('api', 'waa/user/info'), {})).toMatchObject({
      message: 'Login required (23519)',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not redirect on 23519 when the call says noAuthRedirect', async () => {
    const { api, onUnauthorized } = setup(() => json({ code: 23519, msg: '', data: null }));
    await api.call(ep('api', 'waa/user/info'), {}, { noAuthRedirect: true });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('tells the session which token was rejected, also when the call opts out of the redirect', async () => {
    const onRejected = vi.fn();
    const { api, onUnauthorized } = setup(() => json({}, 401), { onRejected });
    await api.call(ep('api', 'waa/user/info'), {}, { noAuthRedirect: true });
    expect(onRejected).toHaveBeenCalledWith('tok-1');
    expect(onUnauthorized).not.toHaveBeenCalled();
    await api.call(ep('api', 'waa/user/info'), {});
    expect(onUnauthorized).toHaveBeenCalledWith('tok-1');
  });

  it('awaits beforeProtectedCall before reading the token of a protected call only', async () => {
    let token = 'old';
    const beforeProtectedCall = vi.fn(async () => {
      token = 'fresh';
    });
    const { api, fetchImpl } = setup(() => json({ code: 0, msg: '', data: null }), {
      getToken: () => token,
      beforeProtectedCall,
    });
    await api.call(ep('api', 'wa-na/login'), {});
    expect(beforeProtectedCall).not.toHaveBeenCalled();
    await api.call(ep('api', 'waa/user/info'), {});
    expect(headersOf(fetchImpl.mock.calls[1]![1]!).authorization).toBe('Bearer fresh');
  });

  it('sends nothing for a session that ended while the call waited, and sends no page to sign in', async () => {
    let token: string | null = 'tok-1';
    const { api, fetchImpl, onUnauthorized, onError } = setup(() => json({}, 401), {
      getToken: () => token,
      // The trader signs out while the call waits for a refresh.
      beforeProtectedCall: async () => {
        token = null;
      },
    });
    expect(await api.call(ep('api', 'waa/user/balance'), {})).toEqual({
      ok: false,
      code: 23519,
      message: 'Login required (23519)',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    // A visitor's own protected call (no session when it began) is still sent, and its 401 asks for sign-in.
    await api.call(ep('api', 'waa/user/balance'), {});
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledWith(null);
  });

  it('gives the server error for any HTTP status other than 200', async () => {
    const { api } = setup(() => json({ code: 0, msg: '', data: null }, 502));
    expect(await api.call(ep('api', 'wa-na/login'), {})).toEqual({
      ok: false,
      code: 'http',
      message: 'Server error (500)',
    });
  });

  it('redirects on 401 from a protected path only', async () => {
    const prot = setup(() => json({}, 401));
    await prot.api.call(ep('api', 'waa/user/info'), {});
    expect(prot.onUnauthorized).toHaveBeenCalledOnce();
    const pub = setup(() => json({}, 401));
    await pub.api.call(ep('api', 'wa-na/login'), {});
    expect(pub.onUnauthorized).not.toHaveBeenCalled();
    const quiet = setup(() => json({}, 401));
    await quiet.api.call(ep('api', 'waa/user/info'), {}, { noAuthRedirect: true });
    expect(quiet.onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives the network message when fetch itself fails', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await api.call(ep('api', 'wa-na/login'), {})).toEqual({
      ok: false,
      code: 'network',
      message: 'The network is abnormal',
    });
  });

  it.each([[{ foo: 1 }], [[1, 2]], ['text'], [null], [{ code: 'abc', data: 1 }]])(
    'calls a body of %j an Api constructor error',
    async (body) => {
      const { api } = setup(() => json(body));
      expect(await api.call(ep('api', 'wa-na/login'), {})).toEqual({
        ok: false,
        code: 'malformed',
        message: 'Api constructor error.',
      });
    },
  );

  it('calls a body that is not JSON an Api constructor error', async () => {
    const { api } = setup(() => new Response('<html>', { status: 200 }));
    expect(await api.call(ep('api', 'wa-na/login'), {})).toMatchObject({ code: 'malformed' });
  });

  it('does not tell the error listeners about a silent call', async () => {
    const { api, onError } = setup(() => json({ code: 1108, msg: '', data: null }));
    expect(await api.call(ep('api', 'wa-na/login'), {}, { silent: true })).toMatchObject({ ok: false });
    expect(onError).not.toHaveBeenCalled();
  });

  it('stops telling a listener after it unsubscribes and survives a listener that throws', async () => {
    const { api, onError } = setup(() => json({ code: 1108, msg: '', data: null }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = api.onError(() => {
      throw new Error('listener bug');
    });
    await api.call(ep('api', 'wa-na/login'), {});
    off();
    await api.call(ep('api', 'wa-na/login'), {});
    expect(onError).toHaveBeenCalledTimes(2);
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});

describe('createApiClient timeouts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A fetch that never answers but rejects like the real one when aborted. */
  const hanging = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('aborts at the per-call timeout plus 0.7 s with the timeout message', async () => {
    const { api, onError } = setup(hanging);
    let result: unknown;
    void api.call(ep('api', 'wa-na/login'), {}, { timeoutSec: 2 }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(2699);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: false, code: 'timeout', message: 'Connection timeout' });
    expect(onError).toHaveBeenCalledWith('Connection timeout', expect.objectContaining({ code: 'timeout' }));
  });

  it('uses the configured default timeout when the call gives none', async () => {
    const { api } = setup(hanging, { defaultTimeoutSec: () => 5 });
    let result: unknown;
    void api.call(ep('api', 'wa-na/login'), {}).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(5699);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toMatchObject({ code: 'timeout' });
  });

  it('never aborts when the timeout is 0 and clears the timer of an answered call', async () => {
    const { api } = setup(hanging, { defaultTimeoutSec: () => 0 });
    let result: unknown;
    void api.call(ep('api', 'wa-na/login'), {}).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(result).toBeUndefined();
    const answered = setup(() => json({ code: 0, msg: '', data: 1 }));
    await answered.api.call(ep('api', 'wa-na/login'), {}, { timeoutSec: 3 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
