/**
 * Test support: the English bundles of every namespace but the server codes, for tests that render widget
 * components without their element (the host gives its pages all of them the same way, host/strings.ts).
 */
import type { StringBundles, Strings } from './i18n';

const files = import.meta.glob<Strings>(['./locales/en/*.json', '!./locales/en/codes.json'], {
  eager: true,
  import: 'default',
});

/** `{ common, quotes, … }` in English. */
export const ALL_ENGLISH: StringBundles = Object.fromEntries(
  Object.entries(files).map(([path, strings]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), strings]),
);
