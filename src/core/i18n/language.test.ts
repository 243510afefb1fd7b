import { describe, expect, it } from 'vitest';
import { allowedLanguages, matchLanguage, normalizeLanguage, pickLanguage } from './language';
import type { Language, LanguageSources } from './language';

describe('normalizeLanguage', () => {
  it.each<[string | null | undefined, Language]>([
    ['en', 'en'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['zh-TW', 'zh-tw'],
    ['zh-tw', 'zh-tw'],
    ['zh_TW', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-HK', 'zh-tw'],
    ['zh-MO', 'zh-tw'],
    ['zh-Hant-HK', 'zh-tw'],
    ['zh', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['zh-cn', 'zh-cn'],
    ['zh-Hans', 'zh-cn'],
    ['zh-SG', 'zh-cn'],
    ['zh-Hans-HK', 'zh-cn'],
    ['ja-JP', 'ja'],
    ['de-AT', 'de'],
    ['fr-CA', 'fr'],
    ['it-IT', 'it'],
    ['ko-KR', 'ko'],
    ['es-419', 'es'],
    ['vi-VN', 'vi'],
    ['th-TH-u-nu-thai', 'th'],
    ['id-ID', 'id'],
    ['in-ID', 'id'],
    [' DE ', 'de'],
    ['pt-BR', 'en'],
    ['ru', 'en'],
    ['cimode', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('maps %j to %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });
});

describe('matchLanguage', () => {
  it('returns undefined for a tag that names no supported language', () => {
    expect(matchLanguage('pt-BR')).toBeUndefined();
  });

  it('returns undefined for a supported language the allowed list hides', () => {
    expect(matchLanguage('id-ID', ['en', 'ja'])).toBeUndefined();
  });

  it('gives a Traditional Chinese reader Simplified Chinese when only that is allowed', () => {
    expect(matchLanguage('zh-TW', ['en', 'zh-cn'])).toBe('zh-cn');
  });

  it('gives a Simplified Chinese reader Traditional Chinese when only that is allowed', () => {
    expect(matchLanguage('zh-CN', ['en', 'zh-tw'])).toBe('zh-tw');
  });
});

describe('allowedLanguages', () => {
  it('returns every supported language for an absent or empty brand list', () => {
    expect(allowedLanguages(undefined)).toHaveLength(12);
    expect(allowedLanguages([])).toHaveLength(12);
  });

  it('normalizes the brand tags, drops unknown ones and removes duplicates', () => {
    expect(allowedLanguages(['en', 'zh-TW', 'zh-Hant', 'xx', 'ja'])).toEqual(['en', 'zh-tw', 'ja']);
  });
});

describe('pickLanguage', () => {
  const allButChineseAndIndonesian = ['en', 'ja', 'de', 'fr', 'it', 'ko', 'es', 'vi', 'th'];

  it.each<[string, LanguageSources, Language]>([
    ['English when nothing is known', { browser: [] }, 'en'],
    ['the stored choice first', { stored: 'ja', browser: ['de-DE'] }, 'ja'],
    ['the first supported browser language', { browser: ['pt-BR', 'ko-KR', 'de'] }, 'ko'],
    ['a browser tag normalized', { browser: ['zh-HK'] }, 'zh-tw'],
    ['the browser list when the stored choice is unsupported', { stored: 'ru', browser: ['fr'] }, 'fr'],
    [
      'the brand default when no browser language is supported',
      { browser: ['ru'], brandDefault: 'es' },
      'es',
    ],
    ['English when the brand default is unsupported too', { browser: ['ru'], brandDefault: 'pt' }, 'en'],
    [
      'the browser language over the brand default',
      { browser: ['vi-VN'], brandDefault: 'th', brandLanguages: [] },
      'vi',
    ],
    [
      'not a stored language the brand hides',
      { stored: 'id', browser: ['th'], brandLanguages: allButChineseAndIndonesian },
      'th',
    ],
    [
      'not a browser language the brand hides',
      { browser: ['zh-CN', 'id-ID'], brandLanguages: allButChineseAndIndonesian },
      'en',
    ],
    [
      'not a brand default the brand hides',
      { browser: [], brandLanguages: allButChineseAndIndonesian, brandDefault: 'zh-cn' },
      'en',
    ],
    [
      'the first brand language when the brand hides English',
      { browser: ['ru'], brandLanguages: ['ko', 'ja'] },
      'ko',
    ],
  ])('picks %s', (_name, sources, expected) => {
    expect(pickLanguage(sources)).toBe(expected);
  });
});
