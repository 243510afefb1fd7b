import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ALL_STRINGS } from './english.fixture';
import { addStrings, createI18n, hasStrings, loadCodeMessages, loadLanguage, loadNamespaces } from './i18n';
import type { I18n, LocaleFiles } from './i18n';
import chart from './locales/en/chart.json';

/** The locale files of the namespaces a widget would bring. */
const filesOf = (...namespaces: string[]): LocaleFiles => ({
  english: Object.fromEntries(namespaces.map((ns) => [ns, ALL_STRINGS.english[ns] ?? {}])),
  languages: ALL_STRINGS.languages,
});
const quotes = filesOf('quotes');
// Files only: the folder `backoffice/` holds the back office's queue namespaces (locales.test.ts).
const NAMESPACES = readdirSync(resolve(import.meta.dirname, 'locales', 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace('.json', ''));

function languageChanged(i18n: I18n): Promise<string> {
  return new Promise((resolve) => i18n.on('languageChanged', resolve));
}

describe('createI18n', () => {
  it('translates English synchronously right after creation', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
  });

  it('interpolates without HTML escaping because React escapes', () => {
    const i18n = createI18n();
    expect(i18n.t('error.code', { message: '<b>A & B</b>', code: 23519 })).toBe('<b>A & B</b> (23519)');
  });

  it('returns independent instances that never touch the global i18next', async () => {
    const a = createI18n();
    const b = createI18n();
    expect(a).not.toBe(b);
    a.addResource('en', 'common', 'nav.home', 'Changed');
    await loadLanguage(a, 'de');
    expect(a.language).toBe('de');
    expect(b.language).toBe('en');
    expect(b.t('nav.home')).toBe('Home');
    expect(createI18n().t('nav.home')).toBe('Home');
    const global = (await import('i18next')).default;
    expect(global.isInitialized).toBeFalsy();
    expect(global.language).toBeUndefined();
  });

  it('loads the requested language in the background and switches once it is there', async () => {
    const i18n = createI18n({ language: 'ko-KR' });
    expect(i18n.t('nav.home')).toBe('Home');
    await expect(languageChanged(i18n)).resolves.toBe('ko');
    expect(i18n.t('nav.home')).toBe('홈');
  });

  it('stays in English when the requested language is hidden by the brand', async () => {
    const warn = vi.spyOn(console, 'warn');
    const i18n = createI18n({ language: 'zh-CN', supported: ['en', 'ja'] });
    await loadLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('loadLanguage', () => {
  it('switches to Japanese so that nav.home is Japanese', async () => {
    const i18n = createI18n({ strings: quotes });
    await loadLanguage(i18n, 'ja');
    expect(i18n.language).toBe('ja');
    expect(i18n.t('nav.home')).toBe('ホーム');
    expect(i18n.t('quotes.buy')).toBe('買い');
  });

  it('accepts a browser tag and loads the matching language', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'zh-Hant-TW');
    expect(i18n.language).toBe('zh-tw');
    expect(i18n.t('quotes.sell')).toBe('賣出');
  });

  it('falls back to English for an unsupported language', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'fr');
    await loadLanguage(i18n, 'pt-BR');
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
  });

  it('falls back to English for a language the brand hides', async () => {
    const i18n = createI18n({ supported: ['en', 'ja'] });
    await loadLanguage(i18n, 'id');
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('id', 'common')).toBe(false);
  });

  it('ends in the language asked for last when an earlier load finishes later', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'es');
    await loadLanguage(i18n, 'en');
    const slow = loadLanguage(i18n, 'th');
    const fast = loadLanguage(i18n, 'es');
    await Promise.all([slow, fast]);
    expect(i18n.language).toBe('es');
    expect(i18n.t('quotes.buy')).toBe('Comprar');
  });

  it('fills placeholders in the loaded language', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'zh-cn');
    expect(i18n.t('quotes.spread_pips', { pips: 3 })).toBe('3 点');
  });

  it('loads the shared messages of a widget that brings their English from the page table', async () => {
    // The widget's entry gives only the English file; the other languages come with common's (page-locales.ts).
    const i18n = createI18n({
      strings: { english: { messages: ALL_STRINGS.english.messages ?? {} }, languages: {} },
    });
    expect(i18n.t('msg.request_frequency', { second: 3 })).toBe(
      'The request frequency is high, please try again after 3 s',
    );
    await loadLanguage(i18n, 'zh-cn');
    expect(i18n.t('msg.request_frequency', { second: 3 })).toBe('请求过于频繁，请 3 秒后再试');
  });

  it('has no shared messages where no widget brought them', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'zh-cn');
    expect(i18n.exists('msg.request_frequency')).toBe(false);
  });
});

describe('loadCodeMessages', () => {
  it('adds the English server-code messages on demand', async () => {
    const i18n = createI18n();
    expect(i18n.exists('code.1034')).toBe(false);
    await loadCodeMessages(i18n);
    expect(i18n.t('code.1034')).toBe('User does not exist');
  });

  it('adds the messages of the current language and keeps its UI strings', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'ko');
    await loadCodeMessages(i18n);
    expect(i18n.t('code.1034')).toBe(i18n.getResource('ko', 'codes', 'code.1034'));
    expect(i18n.t('code.1034')).not.toBe('User does not exist');
    expect(i18n.t('nav.home')).toBe('홈');
  });

  it('loads each language once per instance', async () => {
    const i18n = createI18n();
    const add = vi.spyOn(i18n, 'addResourceBundle');
    await Promise.all([loadCodeMessages(i18n), loadCodeMessages(i18n)]);
    await loadCodeMessages(i18n);
    expect(add).toHaveBeenCalledOnce();
  });
});

describe('namespaces', () => {
  it("are common, messages, codes, host, backoffice (the operators' site), embed (the partners' configurator), announce (the announcer's), devices (the account's device list), risk-warning (the CFD risk warning's), offline (the service worker's offline page) and one per widget folder", () => {
    const widgets = readdirSync(resolve(import.meta.dirname, '../../widgets'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name);
    expect([...NAMESPACES].sort()).toEqual(
      [
        ...widgets,
        'announce',
        'backoffice',
        'codes',
        'common',
        'devices',
        'embed',
        'host',
        'messages',
        'offline',
        'risk-warning',
      ].sort(),
    );
  });

  it('start with common only: a widget brings its own English', () => {
    expect(createI18n().t('quotes.bid')).toBe('quotes.bid');
    expect(createI18n({ strings: quotes }).t('quotes.bid')).toBe('Bid');
    const i18n = createI18n();
    addStrings(i18n, quotes);
    expect(i18n.t('quotes.bid')).toBe('Bid');
    expect(i18n.t('nav.home')).toBe('Home');
  });

  it('switch language in the namespaces asked for and no others', async () => {
    const i18n = createI18n({ strings: quotes });
    await loadLanguage(i18n, 'de');
    expect(i18n.t('quotes.bid')).toBe('Geld');
    expect(i18n.hasResourceBundle('de', 'common')).toBe(true);
    expect(NAMESPACES.filter((ns) => i18n.hasResourceBundle('de', ns))).toEqual(['common', 'quotes']);
  });

  it('load a widget that joins a page already in another language before it shows', async () => {
    const i18n = createI18n({ strings: quotes });
    await loadLanguage(i18n, 'fr');
    addStrings(i18n, filesOf('chart'));
    expect(hasStrings(i18n, ['quotes', 'chart'])).toBe(false);
    await loadNamespaces(i18n, ['chart']);
    expect(hasStrings(i18n, ['quotes', 'chart'])).toBe(true);
    expect(i18n.t('chart.load_failed')).toBe(i18n.getResource('fr', 'chart', 'chart.load_failed'));
    expect(i18n.t('chart.load_failed')).not.toBe(chart.chart.load_failed);
  });

  it('load a namespace added while a language loads before switching to it', async () => {
    const i18n = createI18n();
    const switching = loadLanguage(i18n, 'vi');
    addStrings(i18n, filesOf('chart'));
    await loadNamespaces(i18n, ['chart']);
    await switching;
    expect(i18n.language).toBe('vi');
    expect(hasStrings(i18n, ['common', 'chart'])).toBe(true);
  });

  it('reject a namespace without a file and keep the language', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'it');
    await expect(loadNamespaces(i18n, ['nope'])).rejects.toThrow(/nope/);
    expect(i18n.language).toBe('it');
  });
});

describe('a widget table of other languages given lazily', () => {
  /** A fresh i18n module (its loader registry empty) and a table of the quotes namespace counting its loads. */
  async function fresh(failFirst = false) {
    vi.resetModules();
    const i18nModule = await import('./i18n');
    const table = Object.fromEntries(
      Object.entries(ALL_STRINGS.languages as Record<string, () => Promise<unknown>>).filter(([path]) =>
        path.endsWith('/quotes.json'),
      ),
    );
    let calls = 0;
    const languages = () => {
      calls += 1;
      if (failFirst && calls === 1) return Promise.reject(new Error('offline'));
      return Promise.resolve({ default: table });
    };
    const files: LocaleFiles = { english: { quotes: ALL_STRINGS.english.quotes ?? {} }, languages };
    return { ...i18nModule, files, calls: () => calls };
  }

  it('is not loaded on an English page', async () => {
    const { createI18n: create, files, calls } = await fresh();
    const i18n = create({ strings: files });
    expect(i18n.t('quotes.bid')).toBe('Bid');
    expect(calls()).toBe(0);
  });

  it('is loaded once, with the first other language, and gives its files', async () => {
    const { createI18n: create, loadLanguage: load, files, calls } = await fresh();
    const i18n = create({ strings: files });
    await load(i18n, 'de');
    expect(i18n.t('quotes.bid')).toBe('Geld');
    await load(i18n, 'fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('quotes.bid')).not.toBe('Geld');
    expect(calls()).toBe(1);
  });

  it('is tried again after a failed load', async () => {
    const { createI18n: create, loadLanguage: load, files, calls } = await fresh(true);
    const i18n = create({ strings: files });
    await expect(load(i18n, 'de')).rejects.toThrow('offline');
    expect(i18n.language).toBe('en');
    await load(i18n, 'de');
    expect(i18n.t('quotes.bid')).toBe('Geld');
    expect(calls()).toBe(2);
  });
});
