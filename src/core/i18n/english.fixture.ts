/**
 * Test support: the locale files of every namespace, for tests that render widget components without their
 * element (the host gives its pages all of them the same way, host/strings.ts).
 */
import type { LocaleFiles, Strings } from './i18n';

const english = import.meta.glob<Strings>(['./locales/en/*.json', '!./locales/en/codes.json'], {
  eager: true,
  import: 'default',
});

/** English of every namespace but the server codes, and lazy loaders of the other languages. */
export const ALL_STRINGS: LocaleFiles = {
  english: Object.fromEntries(
    Object.entries(english).map(([path, strings]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), strings]),
  ),
  languages: import.meta.glob(['./locales/*/*.json', '!./locales/en/*.json', '!./locales/*/codes.json'], {
    import: 'default',
  }),
};
