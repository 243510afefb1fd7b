/** The languages of spec §1, in menu order; 'en' is the default and the fallback (client and server). */
export const SUPPORTED_LANGUAGES = [
  'en',
  'zh-tw',
  'zh-cn',
  'ja',
  'de',
  'fr',
  'it',
  'ko',
  'es',
  'vi',
  'th',
  'id',
] as const;

/** A supported language code (lower case, as in the locale file names). */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The language a page starts in and falls back to (spec §1). */
export const DEFAULT_LANGUAGE: Language = 'en';

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
