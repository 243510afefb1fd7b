/**
 * The keys of i18n-keys.md (until the lead merges them into the locale files), for tests: parsed from the
 * JSON block of the file, so the tests also prove the file is complete and valid.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { I18n } from '../../core/i18n/i18n';

type Tree = { [key: string]: string | Tree };

/** Language → nested keys, as written in i18n-keys.md. */
export function accountKeys(): Record<string, Tree> {
  const text = readFileSync(resolve(import.meta.dirname, 'i18n-keys.md'), 'utf8');
  const block = /```json\n([\s\S]*?)\n```/.exec(text)?.[1];
  if (!block) throw new Error('i18n-keys.md has no json block');
  return JSON.parse(block) as Record<string, Tree>;
}

/** Adds the English keys to an i18n instance without overwriting keys the locale file already has. */
export function addAccountKeys(i18n: I18n, lang = 'en'): void {
  const keys = accountKeys()[lang];
  if (keys) i18n.addResourceBundle(lang, 'translation', keys, true, false);
}
