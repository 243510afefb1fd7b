/**
 * The locale files the host ships: every namespace but the server codes (the core loads those on the first
 * failed call) and those of the back office and the partners' configurator (sites of their own, src/backoffice
 * and src/embed), because its pages render every widget and its shell uses their texts too. English is bundled;
 * the visitor's language is loaded by namespace before the first paint (startup/use-boot.ts) and on a switch.
 */
import type { LocaleFiles, Strings } from '../core/i18n/i18n';

const english = import.meta.glob<Strings>(
  [
    '../core/i18n/locales/en/*.json',
    '!../core/i18n/locales/en/codes.json',
    // The operators' site and the partners' configurator have their own pages and strings.
    '!../core/i18n/locales/en/backoffice.json',
    '!../core/i18n/locales/en/embed.json',
  ],
  { eager: true, import: 'default' },
);

/** `{ common, host, quotes, … }` in English, and lazy loaders of the other languages. */
export const HOST_STRINGS: LocaleFiles = {
  english: Object.fromEntries(
    Object.entries(english).map(([path, strings]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), strings]),
  ),
  languages: import.meta.glob(
    [
      '../core/i18n/locales/*/*.json',
      '!../core/i18n/locales/en/*.json',
      '!../core/i18n/locales/*/codes.json',
      '!../core/i18n/locales/*/backoffice.json',
      '!../core/i18n/locales/*/embed.json',
    ],
    { import: 'default' },
  ),
};
