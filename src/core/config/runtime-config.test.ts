import { describe, expect, it, vi } from 'vitest';
import { sampleConfigJson } from './runtime-config.fixture';
import { parseRuntimeConfig, resolveServiceUrl } from './parse-runtime-config';
import { ConfigError, loadRuntimeConfig } from './runtime-config';

const ORIGIN = 'https://platform.example';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('resolveServiceUrl', () => {
  it.each([
    ['/v1', false, 'https://platform.example/v1'],
    ['/market-ws', true, 'wss://platform.example/market-ws'],
    ['https://api.other.example/v1/', false, 'https://api.other.example/v1'],
    ['ws://feed.other.example:9000/ws', true, 'ws://feed.other.example:9000/ws'],
  ])('makes %s absolute (socket: %s) as %s', (value, socket, expected) => {
    expect(resolveServiceUrl(value, ORIGIN, socket)).toBe(expected);
  });

  it('turns http into ws for a socket on a plain-http origin', () => {
    expect(resolveServiceUrl('/market-ws', 'http://localhost:3000', true)).toBe(
      'ws://localhost:3000/market-ws',
    );
  });
});

describe('parseRuntimeConfig', () => {
  it('keeps the config and makes every service address absolute', () => {
    const config = parseRuntimeConfig(sampleConfigJson(), ORIGIN);
    expect(config.services).toEqual({
      api: 'https://platform.example/v1',
      market: 'https://platform.example/market',
      marketWs: 'wss://platform.example/market-ws',
      exchange: 'https://platform.example/exchange',
      exchangeWs: 'wss://platform.example/exchange-ws',
    });
    expect(config.brand.tradeList).toEqual([3, 2, 1, 4]);
    expect(config.siteTitle).toBe('TradeKit Demo');
  });

  it('fills optional fields with safe defaults', () => {
    const raw = sampleConfigJson({
      version: 1.152,
      siteTitle: undefined,
      fetchTimeout: undefined,
      support: undefined,
    });
    const config = parseRuntimeConfig(raw, ORIGIN);
    expect(config).toMatchObject({ version: '1.152', siteTitle: '', fetchTimeout: 0 });
    expect(config.support).toEqual({ url: '', telegram: '', whatsapp: '', email: '' });
  });

  const brand = sampleConfigJson().brand as Record<string, unknown>;
  it.each([
    ['a list', [], /not a JSON object/],
    ['no version', sampleConfigJson({ version: undefined }), /version/],
    ['no services', sampleConfigJson({ services: undefined }), /services are missing/],
    [
      'an empty marketWs',
      sampleConfigJson({
        services: { api: '/v1', market: '/m', marketWs: ' ', exchange: '/e', exchangeWs: '/x' },
      }),
      /marketWs/,
    ],
    ['no brand', sampleConfigJson({ brand: undefined }), /brand.id/],
    ['an unknown category', sampleConfigJson({ brand: { ...brand, tradeList: [3, 7] } }), /tradeList/],
    ['a text category', sampleConfigJson({ brand: { ...brand, tradeList: ['3'] } }), /tradeList/],
    ['bad languages', sampleConfigJson({ brand: { ...brand, languages: 'en' } }), /languages/],
    ['a negative timeout', sampleConfigJson({ fetchTimeout: -1 }), /fetchTimeout/],
  ])('rejects a config with %s', (_, raw, reason) => {
    expect(() => parseRuntimeConfig(raw, ORIGIN)).toThrow(ConfigError);
    expect(() => parseRuntimeConfig(raw, ORIGIN)).toThrow(reason);
  });
});

describe('loadRuntimeConfig', () => {
  it('fetches {origin}/config.json with the brand and returns the checked config', async () => {
    const fetchImpl = vi.fn(async () => json(sampleConfigJson()));
    const config = await loadRuntimeConfig(ORIGIN, { fetchImpl, brand: 'demo brand' });
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://platform.example/config.json?brand=demo%20brand',
      expect.anything(),
    );
    expect(config.services.api).toBe('https://platform.example/v1');
  });

  it.each([
    ['a 404', async () => json({}, 404), /HTTP 404/],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch')), /Failed to fetch/],
    ['a body that is not JSON', async () => new Response('<html>'), /JSON/],
    ['a broken config', async () => json({ version: '1.152' }), /services/],
  ])('rejects %s with a ConfigError keyed app.config_missing', async (_, answer, reason) => {
    const error = await loadRuntimeConfig(ORIGIN, { fetchImpl: vi.fn(answer) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ messageKey: 'app.config_missing', message: expect.stringMatching(reason) });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('abort'))),
        ),
    );
    const pending = loadRuntimeConfig(ORIGIN, { fetchImpl, timeoutMs: 3000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await pending).toMatchObject({ reason: 'timed out' });
    vi.useRealTimers();
  });
});
