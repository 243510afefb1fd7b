import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../contract/types';
import { createI18n, loadCodeMessages, loadLanguage } from '../i18n/i18n';
import type { I18n } from '../i18n/i18n';
import { CODE_MESSAGES_WAIT_MS, createApiClient } from './api-client';
import { adHocEndpoint } from './ad-hoc-endpoint.fixture';

const services: RuntimeConfig['services'] = {
  api: 'https://platform.test/v1',
  market: 'https://platform.test/market',
  marketWs: 'wss://platform.test/market-ws',
  exchange: 'https://platform.test/exchange',
  exchangeWs: 'wss://platform.test/exchange-ws',
};

const answer = (body: unknown) => async () =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** An API client on a real i18next instance whose code messages load through `load`. */
function client(i18n: I18n, body: unknown, load: () => Promise<unknown> = () => loadCodeMessages(i18n)) {
  return createApiClient({
    services: () => services,
    translate: (key, vars) => i18n.t(key, vars ?? {}),
    loadCodeMessages: load,
    fetchImpl: answer(body) as unknown as typeof fetch,
  });
}

const LOGIN_FAILED = { code: 1108, msg: 'bad login', data: null };

afterEach(() => vi.useRealTimers());

describe('server-code messages', () => {
  it('are not part of the first load and arrive before a failed call is answered', async () => {
    const i18n = createI18n();
    expect(i18n.exists('code.1108')).toBe(false);
    expect(i18n.t('nav.home')).toBe('Home');
    const result = await client(i18n, LOGIN_FAILED).call(adHocEndpoint('api', 'wa-na/login'), {});
    expect(result).toMatchObject({ ok: false, message: 'Incorrect account or password (1108)' });
  });

  it('are not loaded for a successful call', async () => {
    const i18n = createI18n();
    const load = vi.fn(() => loadCodeMessages(i18n));
    const result = await client(i18n, { code: 0, msg: 'success', data: 1 }, load).call(
      adHocEndpoint('api', 'wa-na/x'),
      {},
    );
    expect(result.ok).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('are shown in the page language', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'ja');
    const result = await client(i18n, LOGIN_FAILED).call(adHocEndpoint('api', 'wa-na/login'), {});
    expect(result).toMatchObject({ message: 'アカウントまたはパスワードが正しくありません（1108）' });
  });

  it('fall back to the server message, never a raw key, when they cannot load', async () => {
    const i18n = createI18n();
    const failing = () => Promise.reject(new Error('offline'));
    const a = await client(i18n, LOGIN_FAILED, failing).call(adHocEndpoint('api', 'wa-na/login'), {});
    expect(a).toMatchObject({ message: 'bad login (1108)' });
    const b = await client(i18n, { code: 1108, msg: '' }, failing).call(
      adHocEndpoint('api', 'wa-na/login'),
      {},
    );
    expect(b).toMatchObject({ message: 'Incorrect data, please try again later (1108)' });
    expect(JSON.stringify([a, b])).not.toContain('code.');
  });

  it(`are waited for at most ${CODE_MESSAGES_WAIT_MS} ms`, async () => {
    vi.useFakeTimers();
    const i18n = createI18n();
    let result: unknown;
    const hanging = () => new Promise<never>(() => undefined);
    void client(i18n, LOGIN_FAILED, hanging)
      .call(adHocEndpoint('api', 'wa-na/login'), {})
      .then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(CODE_MESSAGES_WAIT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toMatchObject({ message: 'bad login (1108)' });
  });
});
