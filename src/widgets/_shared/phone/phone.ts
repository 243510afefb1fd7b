/**
 * Phone rules from libphonenumber-js (full metadata, so numbers are checked against each country's real
 * patterns): the country / area-code list and E.164 digits. Loaded on demand by phone-loader.ts only where
 * the brand offers phone sign-in, so email-only pages never download the metadata.
 */
import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import type { Country } from './countries';

const COUNTRIES = new Set<string>(getCountries());

/** True when `code` is a region the metadata knows. */
export function isKnownCountry(code: string | null | undefined): code is CountryCode {
  return typeof code === 'string' && COUNTRIES.has(code);
}

/** The phone as sent: E.164 digits without plus and spaces; null when not valid for the country. */
export function phoneDigits(national: string, country: string | null): string | null {
  const text = national.trim();
  if (!isKnownCountry(country) || !text) return null;
  if (!isValidPhoneNumber(text, country)) return null;
  const parsed = parsePhoneNumberFromString(text, country);
  // A number typed with another "+code" is valid somewhere, but not for the country the user chose.
  if (!parsed || parsed.countryCallingCode !== getCountryCallingCode(country)) return null;
  return parsed.number.replace(/\D/g, '');
}

function displayNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    return null;
  }
}

const cache = new Map<string, Country[]>();

/** Every country with its calling code, named (Intl.DisplayNames) and sorted in `language`. */
export function countryList(language: string): Country[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = displayNames(language);
  const collator = new Intl.Collator(language);
  const list = getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}

/** A stored international number ("+4420…" or digits) split into its country and national number. */
export function splitPhone(international: string): { country: string | null; national: string } {
  const text = international.trim();
  if (!text) return { country: null, national: '' };
  const parsed = parsePhoneNumberFromString(text.startsWith('+') ? text : `+${text}`);
  if (!parsed?.country) return { country: null, national: text };
  return { country: parsed.country, national: parsed.formatNational() };
}
