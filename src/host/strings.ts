/**
 * The English strings the host ships: every namespace but the server codes (loaded on the first failed call),
 * because its pages render every widget and its shell uses their texts too. Other languages are loaded by
 * namespace before the first paint (startup/use-boot.ts) and on a switch (loadLanguage).
 */
import type { StringBundles, Strings } from '../core/i18n/i18n';

const files = import.meta.glob<Strings>(
  ['../core/i18n/locales/en/*.json', '!../core/i18n/locales/en/codes.json'],
  { eager: true, import: 'default' },
);

/** `{ common, host, quotes, … }` in English, by namespace. */
export const HOST_STRINGS: StringBundles = Object.fromEntries(
  Object.entries(files).map(([path, strings]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), strings]),
);
