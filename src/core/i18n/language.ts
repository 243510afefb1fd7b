import { DEFAULT_LANGUAGE, matchLanguage, SUPPORTED_LANGUAGES, type Language } from '../contract/languages';

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  matchLanguage,
  normalizeLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../contract/languages';

/** The supported codes among a brand's list (tags are normalized); every language when the list is empty. */
export function allowedLanguages(list: readonly string[] | null | undefined): Language[] {
  const codes = (list ?? []).map((tag) => matchLanguage(tag)).filter((code) => code !== undefined);
  return codes.length > 0 ? [...new Set(codes)] : [...SUPPORTED_LANGUAGES];
}

/** What the page knows when it picks a language. */
export interface LanguageSources {
  /** The user's earlier choice (local storage), if any. */
  stored?: string | null;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
  /** The brand's visible languages (site setting); empty or absent means all. */
  brandLanguages?: readonly string[] | null;
  /** The brand's default language. */
  brandDefault?: string | null;
}

/**
 * The language to show: the first supported and brand-allowed of the stored choice, then the browser list,
 * then the brand default, then 'en' — or, for a brand that hides English, its first language.
 */
export function pickLanguage(sources: LanguageSources): Language {
  const allowed = allowedLanguages(sources.brandLanguages);
  for (const tag of [sources.stored, ...sources.browser, sources.brandDefault]) {
    const code = matchLanguage(tag, allowed);
    if (code) return code;
  }
  return allowed.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (allowed[0] ?? DEFAULT_LANGUAGE);
}
