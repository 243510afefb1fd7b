import { describe, expect, it } from 'vitest';
import { defaultCountry } from './default-country';

describe('defaultCountry', () => {
  it.each([
    ['en', ['de-CH', 'de'], 'CH'],
    ['ja', ['en-GB'], 'GB'],
    ['zh-tw', ['zh-Hant-TW'], 'TW'],
    ['de', ['de'], 'DE'],
    ['th', [], 'TH'],
    ['zh-cn', ['zh'], 'CN'],
    ['es', ['es-419'], 'ES'],
    ['en', [], 'US'],
    ['xx', ['fr'], null],
  ] as const)('language %s with browser locales %j starts on %s', (language, locales, expected) => {
    expect(defaultCountry(language, locales)).toBe(expected);
  });
});
