import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../core/i18n/i18n';
import { authKeys } from './i18n-keys.fixture';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flat(value, `${prefix}${key}.`)),
    ),
  );

const keys = authKeys();
const english = flat(keys.en!);
const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('i18n-keys.md', () => {
  it('has every language, each with exactly the English keys and the same {{variables}}', () => {
    expect(Object.keys(keys).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const lang of SUPPORTED_LANGUAGES) {
      const texts = flat(keys[lang]!);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect({ lang, key, vars: vars(text), empty: !text.trim() }).toEqual({
          lang,
          key,
          vars: vars(english[key]!),
          empty: false,
        });
      }
    }
  });

  it('defines every auth. and form. key the widget uses', () => {
    const here = import.meta.dirname;
    const used = readdirSync(here)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
      .flatMap((f) =>
        [...readFileSync(resolve(here, f), 'utf8').matchAll(/'((?:auth|form)\.[a-z_0-9]+)'/g)].map(
          (m) => m[1]!,
        ),
      );
    expect([...new Set(used)].filter((key) => !(key in english))).toEqual([]);
  });
});
