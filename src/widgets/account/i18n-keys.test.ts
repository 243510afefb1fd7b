import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../core/i18n/i18n';
import en from '../../core/i18n/locales/en.json';
import { accountKeys } from './i18n-keys.fixture';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const keys = accountKeys();
const english = flat(keys.en ?? {});
const shipped = flat(en as unknown as Tree);

describe('i18n-keys.md', () => {
  it.each(SUPPORTED_LANGUAGES.map((lang) => [lang]))(
    'translates every key into %s with the same variables',
    (lang) => {
      const translated = flat(keys[lang] ?? {});
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(translated)) {
        expect({ key, text: text.trim() === '' }).toEqual({ key, text: false });
        expect({ key, vars: vars(text) }).toEqual({ key, vars: vars(english[key] ?? '') });
      }
    },
  );

  it('defines every key the widget uses that the locale files do not have yet', () => {
    const dir = import.meta.dirname;
    const used = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
      .flatMap((f) =>
        [...readFileSync(resolve(dir, f), 'utf8').matchAll(/t\('([a-z]+\.[\w.]+)'/g)].map((m) => m[1]!),
      );
    expect([...new Set(used)].filter((key) => !(key in english) && !(key in shipped))).toEqual([]);
  });
});
