import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeOrigin, resolveBrand, resolveOrigin } from './origin';

type Globals = { document?: unknown; TRADEKIT_API?: unknown; TRADEKIT_BRAND?: unknown; location?: unknown };
const g = globalThis as Globals;

function fakeDocument(content: string | null, name = 'tk-api') {
  return {
    querySelector: (selector: string) =>
      selector === `meta[name="${name}"]` && content !== null ? { getAttribute: () => content } : null,
  };
}

afterEach(() => {
  delete g.document;
  delete g.TRADEKIT_API;
  delete g.TRADEKIT_BRAND;
  delete g.location;
  vi.restoreAllMocks();
});

describe('normalizeOrigin', () => {
  it.each([
    ['https://platform.example/', 'https://platform.example'],
    ['  http://localhost:8080  ', 'http://localhost:8080'],
    ['https://platform.example/tradekit/?x=1#top', 'https://platform.example/tradekit'],
    ['HTTPS://Platform.Example', 'https://platform.example'],
    ['ftp://platform.example', null],
    ['javascript:alert(1)', null],
    ['/relative', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (value, expected) => {
    expect(normalizeOrigin(value)).toBe(expected);
  });
});

describe('resolveOrigin', () => {
  it('prefers the api attribute over every page setting', () => {
    g.document = fakeDocument('https://meta.example');
    g.TRADEKIT_API = 'https://global.example';
    g.location = { origin: 'https://page.example' };
    expect(resolveOrigin('https://attr.example/')).toBe('https://attr.example');
  });

  it('falls back to the meta tag, then TRADEKIT_API, then the page origin', () => {
    g.location = { origin: 'https://page.example' };
    expect(resolveOrigin()).toBe('https://page.example');
    g.TRADEKIT_API = 'https://global.example/';
    expect(resolveOrigin(null)).toBe('https://global.example');
    g.document = fakeDocument('https://meta.example');
    expect(resolveOrigin('')).toBe('https://meta.example');
  });

  it('warns about an invalid setting and uses the next one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    g.location = { origin: 'https://page.example' };
    expect(resolveOrigin('ws://nope.example')).toBe('https://page.example');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('api attribute'));
  });

  it('throws when nothing names an http(s) origin', () => {
    expect(() => resolveOrigin()).toThrow(/no platform origin/);
    g.location = { origin: 'null' };
    expect(() => resolveOrigin()).toThrow(/no platform origin/);
  });
});

describe('resolveBrand', () => {
  it('reads the tk-brand meta tag, then TRADEKIT_BRAND, else none', () => {
    expect(resolveBrand()).toBeNull();
    g.TRADEKIT_BRAND = ' acme ';
    expect(resolveBrand()).toBe('acme');
    g.document = fakeDocument('globex', 'tk-brand');
    expect(resolveBrand()).toBe('globex');
  });
});
