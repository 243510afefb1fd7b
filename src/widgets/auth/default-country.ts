/** The country a phone field starts with when none is stored: the browser's region, else the UI language's. */

/** The country most users of a UI language dial from (English: none is clear, the United States by size). */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  en: 'US',
  'zh-tw': 'TW',
  'zh-cn': 'CN',
  ja: 'JP',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  ko: 'KR',
  es: 'ES',
  vi: 'VN',
  th: 'TH',
  id: 'ID',
};

/** The region of a locale tag ("de-CH" → "CH", "zh-Hant-TW" → "TW"), or null ("de", "es-419"). */
function regionOf(tag: string): string | null {
  for (const part of tag.split(/[-_]/).slice(1)) if (/^[a-z]{2}$/i.test(part)) return part.toUpperCase();
  return null;
}

/**
 * The first region named by the browser's locales, else the country of the UI language; null when neither
 * gives one. The phone rules later drop a code they do not know.
 */
export function defaultCountry(language: string, browserLocales: readonly string[]): string | null {
  for (const tag of browserLocales) {
    const region = regionOf(tag);
    if (region) return region;
  }
  return LANGUAGE_COUNTRY[language.toLowerCase()] ?? null;
}

/** The browser's preferred locales (none outside a browser). */
export function browserLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
