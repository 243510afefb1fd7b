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
