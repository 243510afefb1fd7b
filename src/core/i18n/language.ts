import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../contract/languages';

export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../contract/languages';

/** Regions whose Chinese is written in Traditional characters. */
const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/** True when `value` is exactly one of the supported codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function chineseScript(subtags: readonly string[]): Language {
  // The script subtag decides over the region: zh-Hans-HK is Simplified Chinese read in Hong Kong.
  if (subtags.includes('hant')) return 'zh-tw';
  if (subtags.includes('hans')) return 'zh-cn';
  return subtags.some((s) => TRADITIONAL_REGIONS.has(s)) ? 'zh-tw' : 'zh-cn';
}

/**
 * The supported code a language tag means (`zh-Hant-HK` → zh-tw, `id-ID` → id, `en_GB` → en), limited to
 * `allowed`; undefined when there is none. A reader of one Chinese script gets the other when only that one
 * is allowed, because it serves them better than English.
 */
export function matchLanguage(
  input: string | null | undefined,
  allowed: readonly Language[] = SUPPORTED_LANGUAGES,
): Language | undefined {
  if (typeof input !== 'string') return undefined;
  const [primary = '', ...subtags] = input.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (primary === 'zh') {
    const preferred = chineseScript(subtags);
    const other: Language = preferred === 'zh-tw' ? 'zh-cn' : 'zh-tw';
    return [preferred, other].find((code) => allowed.includes(code));
  }
  // 'in' is the withdrawn ISO code for Indonesian that older Android and Java runtimes still report.
  const code = primary === 'in' ? 'id' : primary;
  return isLanguage(code) && allowed.includes(code) ? code : undefined;
}

/** The supported code for a browser or stored tag, 'en' when it names no supported language. */
export function normalizeLanguage(input: string | null | undefined): Language {
  return matchLanguage(input) ?? DEFAULT_LANGUAGE;
}

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
