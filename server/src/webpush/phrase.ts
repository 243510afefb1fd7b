/**
 * The text of a push in the subscriber's language. The service worker has no i18n of its own: the server
 * phrases the message from the same strings the notifications widget shows (the `notifications` namespace of
 * src/core/i18n/locales), read once from disk, with the same rule for which text a notification shows
 * (src/core/domain/notification-text.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES } from '../../../src/core/contract/languages';
import { phraseNotification, type PhrasedNotification } from '../../../src/core/domain/notification-text';

const LOCALES = fileURLToPath(new URL('../../../src/core/i18n/locales/', import.meta.url));

type Strings = Record<string, unknown>;

/** The `notifications` strings of every language, read once. */
function loadStrings(): Map<string, Strings> {
  return new Map(
    SUPPORTED_LANGUAGES.map((lang) => [
      lang,
      JSON.parse(readFileSync(`${LOCALES}${lang}/notifications.json`, 'utf8')) as Strings,
    ]),
  );
}

let strings: Map<string, Strings> | null = null;

/** The tree of the namespace the notification texts live in. */
const TREE = 'notifications';

/** The string at a dotted key, or undefined. */
function lookup(table: Strings | undefined, key: string): string | undefined {
  let node: unknown = table;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** i18next's `{{name}}` interpolation (the strings hold no other syntax). */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The translated string, falling back on English like the client (i18next's fallbackLng). */
function translate(lang: string, key: string, values: Record<string, string>): string {
  strings ??= loadStrings();
  const text = lookup(strings.get(lang), key) ?? lookup(strings.get(DEFAULT_LANGUAGE), key) ?? key;
  return interpolate(text, values);
}

/** The title and body of a notification in `lang`, as the notifications widget shows them. */
export function pushText(lang: string, n: PhrasedNotification): { title: string; body: string } {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  return phraseNotification(n, (key, values) => translate(language, `${TREE}.${key}`, values ?? {}));
}
