import { describe, expect, it, vi } from 'vitest';
import { ALL_STRINGS } from './english.fixture';
import { addStrings, createI18n, loadLanguage, SUPPORTED_LANGUAGES } from './i18n';
import type { I18n } from './i18n';
import { narrowLookups, VALUED_ANSWERS } from './narrow-lookups';

/** Every string key of a namespace's tree, as `t` takes it (`quotes.bid`), plural forms by their base key. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([name, value]) =>
    keysOf(value, prefix ? `${prefix}.${name.replace(/_(zero|one|two|few|many|other)$/, '')}` : name),
  );
}

const KEYS = [...new Set(Object.values(ALL_STRINGS.english).flatMap((tree) => keysOf(tree)))];
/** Values for every placeholder a string may have, and a count for plural keys. */
const VARS = { count: 2, amount: '12.50', code: 1014, name: 'Ana', symbol: 'BTCUSDT', minutes: 3, n: 4 };

/** Two instances with every namespace: one as i18next answers, one narrowing its lookups (EK37). */
function pair(): { plain: I18n; narrowed: I18n } {
  const plain = createI18n({ strings: ALL_STRINGS });
  const narrowed = createI18n({ strings: ALL_STRINGS });
  narrowLookups(narrowed);
  return { plain, narrowed };
}

describe('narrowLookups (EK37)', () => {
  it('answers every key of every namespace as i18next does, the first time and the next, with and without values', () => {
    expect(KEYS.length).toBeGreaterThan(500);
    const { plain, narrowed } = pair();
    for (let round = 0; round < 2; round++)
      for (const key of KEYS) {
        expect(narrowed.t(key), key).toBe(plain.t(key));
        expect(narrowed.t(key, VARS), key).toBe(plain.t(key, VARS));
      }
  });

  it('answers in another language as i18next does, after its names were read from the English trees', async () => {
    const { plain, narrowed } = pair();
    for (const key of KEYS) narrowed.t(key);
    await Promise.all([loadLanguage(plain, 'de'), loadLanguage(narrowed, 'de')]);
    expect(narrowed.language).toBe('de');
    for (const key of KEYS) expect(narrowed.t(key, VARS), key).toBe(plain.t(key, VARS));
  });

  it("looks first in the namespaces that have the key's first part, where i18next walks every namespace before", () => {
    const { plain, narrowed } = pair();
    // A key of the namespace added last: i18next looks in common, codes and every namespace added before.
    const last = Object.keys(ALL_STRINGS.english).at(-1)!;
    const key = keysOf(ALL_STRINGS.english[last]).find((k) => !k.includes('_'))!;
    const lookups = (instance: I18n) => {
      const store = instance.services.resourceStore as unknown as {
        getResource(lng: string, ns: string, key?: string): unknown;
      };
      const spy = vi.spyOn(store, 'getResource');
      // With values: a call without them may be answered from the store directly (EK54).
      instance.t(key, VARS);
      // Calls that look up the key itself (i18next also asks whether a namespace is there, without a key).
      const count = spy.mock.calls.filter(([, , path]) => path === key).length;
      spy.mockRestore();
      return count;
    };
    expect(lookups(plain)).toBeGreaterThan(10);
    expect(lookups(narrowed)).toBe(1);
  });

  it('finds a key whose namespace is added after it was first asked for', () => {
    const narrowed = createI18n();
    narrowLookups(narrowed);
    expect(narrowed.t('nav.home')).toBe('Home'); // common's
    expect(narrowed.t('history.empty')).toBe('history.empty');
    addStrings(narrowed, { english: { history: ALL_STRINGS.english.history! }, languages: {} });
    expect(narrowed.t('history.empty')).toBe(createI18n({ strings: ALL_STRINGS }).t('history.empty'));
    expect(narrowed.t('history.empty')).not.toBe('history.empty');
  });

  it('leaves a call that names its namespace or passes several keys to i18next', () => {
    const { plain, narrowed } = pair();
    expect(narrowed.t('quotes.bid', { ns: 'quotes' })).toBe(plain.t('quotes.bid', { ns: 'quotes' }));
    expect(narrowed.t(['no.such.key', 'quotes.ask'])).toBe(plain.t(['no.such.key', 'quotes.ask']));
  });
});

describe('narrowLookups: answers of calls without values from memory (EK44)', () => {
  /** How many times i18next's translator ran for `key` while `run` ran. */
  function translations(instance: I18n, key: string, run: () => void): number {
    const { translator } = instance as unknown as { translator: { translate(k: unknown): unknown } };
    const spy = vi.spyOn(translator, 'translate');
    run();
    const count = spy.mock.calls.filter(([asked]) => asked === key).length;
    spy.mockRestore();
    return count;
  }

  it('asks i18next once for a key without values, with `{}` as the widgets pass it', () => {
    const { plain, narrowed } = pair();
    // A string with a placeholder: i18next's own (a plain text is read from the store, EK54).
    const key = KEYS.find((k) => String(plain.t(k)).includes('{{'))!;
    expect(key).toBeDefined();
    const asked = translations(narrowed, key, () => {
      expect(narrowed.t(key)).toBe(plain.t(key));
      expect(narrowed.t(key, {})).toBe(plain.t(key));
      expect(narrowed.t(key)).toBe(plain.t(key));
    });
    expect(asked).toBe(1);
  });

  it('asks again after the language changes, and answers in the new language', async () => {
    const { plain, narrowed } = pair();
    const english = narrowed.t('quotes.bid');
    await Promise.all([loadLanguage(plain, 'de'), loadLanguage(narrowed, 'de')]);
    expect(narrowed.t('quotes.bid')).toBe(plain.t('quotes.bid'));
    expect(narrowed.t('quotes.bid')).not.toBe(english);
  });

  it('asks again after strings are added or removed', () => {
    const { narrowed } = pair();
    expect(narrowed.t('quotes.bid')).toBe('Bid');
    narrowed.addResource('en', 'quotes', 'quotes.bid', 'Sell at');
    expect(narrowed.t('quotes.bid')).toBe('Sell at');
    narrowed.removeResourceBundle('en', 'quotes');
    expect(narrowed.t('quotes.bid')).not.toBe('Sell at');
  });
});

describe('narrowLookups: plain text read from the store (EK54)', () => {
  it("answers a plain string without i18next's translator, and a string with a placeholder through it", () => {
    const { plain, narrowed } = pair();
    const { translator } = narrowed as unknown as { translator: { translate(k: unknown): unknown } };
    const spy = vi.spyOn(translator, 'translate');
    expect(narrowed.t('quotes.bid')).toBe('Bid');
    expect(spy).not.toHaveBeenCalled();
    const placeholder = KEYS.find((k) => String(plain.t(k)).includes('{{'))!;
    expect(narrowed.t(placeholder)).toBe(plain.t(placeholder));
    expect(spy).toHaveBeenCalledTimes(1);
    // A missing key, and a branch of the tree (an object): i18next's answers.
    expect(narrowed.t('no.such.key')).toBe(plain.t('no.such.key'));
    expect(narrowed.t('quotes')).toBe(plain.t('quotes'));
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });

  it('answers every key as i18next does in each of the 12 languages, a string missing in one falling back to English', async () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(12);
    const { plain, narrowed } = pair();
    for (const language of SUPPORTED_LANGUAGES) {
      await Promise.all([loadLanguage(plain, language), loadLanguage(narrowed, language)]);
      expect(narrowed.language).toBe(language);
      for (const key of KEYS) expect(narrowed.t(key), `${language} ${key}`).toBe(plain.t(key));
    }
    // A string only English has: the store's next language, as i18next falls back.
    await Promise.all([loadLanguage(plain, 'de'), loadLanguage(narrowed, 'de')]);
    for (const instance of [plain, narrowed])
      instance.addResource('en', 'quotes', 'quotes.only_english', 'Only');
    expect(narrowed.t('quotes.only_english')).toBe('Only');
    expect(plain.t('quotes.only_english')).toBe('Only');
  });
});

describe('narrowLookups: answers of calls with plain values from memory (EK62)', () => {
  /** How many times i18next's translator ran while `run` ran. */
  function translations(instance: I18n, run: () => void): number {
    const { translator } = instance as unknown as { translator: { translate(k: unknown): unknown } };
    const spy = vi.spyOn(translator, 'translate');
    run();
    const count = spy.mock.calls.length;
    spy.mockRestore();
    return count;
  }
  const KEY = 'order.estimated_pl';

  it('asks i18next once for the same key and values, again for other values, and every time for an object', () => {
    const { plain, narrowed } = pair();
    expect(plain.t(KEY, { amount: '+1.00 USD' })).toContain('+1.00 USD');
    const same = translations(narrowed, () => {
      for (let i = 0; i < 3; i++)
        expect(narrowed.t(KEY, { amount: '+1.00 USD' })).toBe(plain.t(KEY, { amount: '+1.00 USD' }));
    });
    expect(same).toBe(1);
    const other = translations(narrowed, () => {
      expect(narrowed.t(KEY, { amount: '-2.50 USD' })).toBe(plain.t(KEY, { amount: '-2.50 USD' }));
      // The type is part of the name: a number 7 is not the string "7".
      expect(narrowed.t(KEY, { amount: 7 })).toBe(plain.t(KEY, { amount: 7 }));
      expect(narrowed.t(KEY, { amount: '7' })).toBe(plain.t(KEY, { amount: '7' }));
    });
    expect(other).toBe(3);
    const objects = translations(narrowed, () => {
      narrowed.t(KEY, { amount: { toString: () => '1' } });
      narrowed.t(KEY, { amount: { toString: () => '1' } });
      narrowed.t(KEY, { amount: undefined });
      narrowed.t(KEY, { amount: undefined });
    });
    expect(objects).toBe(4);
  });

  it('answers a plural by its count, every count on its own', () => {
    const { plain, narrowed } = pair();
    const plural = KEYS.find((key) => plain.t(key, { count: 1 }) !== plain.t(key, { count: 2 }))!;
    expect(plural).toBeDefined();
    for (const count of [1, 2, 1, 5, 2])
      expect(narrowed.t(plural, { ...VARS, count })).toBe(plain.t(plural, { ...VARS, count }));
  });

  it('cannot take one set of values for another whose text holds the separators', () => {
    const { plain, narrowed } = pair();
    const key = KEYS.find((k) => /\{\{volume\}\}.*\{\{symbol\}\}/.test(String(plain.t(k))))!;
    expect(key).toBeDefined();
    const first = { volume: '1', symbol: 'X' };
    // Without the lengths in the memory's names, this one's name would be the first's.
    const forged = { volume: '1\u0001symbol\u0002sX' };
    expect(narrowed.t(key, first)).toBe(plain.t(key, first));
    expect(narrowed.t(key, forged)).toBe(plain.t(key, forged));
    expect(narrowed.t(key, forged)).not.toBe(narrowed.t(key, first));
  });

  it('keeps the newest answers only, and forgets them with the language and the strings', async () => {
    const { plain, narrowed } = pair();
    for (let i = 0; i <= VALUED_ANSWERS; i++) narrowed.t(KEY, { amount: `${i}.00 USD` });
    // The first is gone, the last is kept.
    expect(translations(narrowed, () => narrowed.t(KEY, { amount: '0.00 USD' }))).toBe(1);
    expect(translations(narrowed, () => narrowed.t(KEY, { amount: `${VALUED_ANSWERS}.00 USD` }))).toBe(0);

    const english = narrowed.t(KEY, { amount: '3.00 USD' });
    narrowed.addResource('en', 'order-form', KEY, 'Would make {{amount}}');
    expect(narrowed.t(KEY, { amount: '3.00 USD' })).toBe('Would make 3.00 USD');
    narrowed.removeResourceBundle('en', 'order-form');
    expect(narrowed.t(KEY, { amount: '3.00 USD' })).not.toBe('Would make 3.00 USD');
    expect(english).toBe(plain.t(KEY, { amount: '3.00 USD' }));

    const fresh = pair();
    const before = fresh.narrowed.t(KEY, { amount: '3.00 USD' });
    await Promise.all([loadLanguage(fresh.plain, 'de'), loadLanguage(fresh.narrowed, 'de')]);
    expect(fresh.narrowed.t(KEY, { amount: '3.00 USD' })).toBe(fresh.plain.t(KEY, { amount: '3.00 USD' }));
    expect(fresh.narrowed.t(KEY, { amount: '3.00 USD' })).not.toBe(before);
  });
});
