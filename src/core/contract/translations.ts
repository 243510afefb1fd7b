/**
 * Brand texts by language (site title, banners): English is the text itself and the fallback. A module of
 * its own so that widget bundles, which never show brand texts, do not carry it.
 */
import type { Language } from './languages';

/** A text in other languages than English, by language code (English is the text itself). */
export type Translations = Partial<Record<Language, string>>;

/**
 * The text in `language` when `translations` has it as a non-blank string, else the English `text`. The map
 * may come straight from a config file: anything that is not a string is ignored.
 */
export function translated(
  text: string,
  translations: Translations | null | undefined,
  language: string,
): string {
  const local: unknown = translations?.[language.toLowerCase() as Language];
  return typeof local === 'string' && local.trim() ? local : text;
}
