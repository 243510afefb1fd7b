import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../src/core/contract/languages';
import { INSTRUMENT_NAMES } from './instrument-names';
import { INSTRUMENTS } from './instruments';

describe('instrument names', () => {
  it('names only catalogue instruments, in supported languages other than English, never blank', () => {
    const codes = new Set(INSTRUMENTS.map((i) => i.productCode));
    for (const [code, names] of Object.entries(INSTRUMENT_NAMES)) {
      expect(codes.has(code), code).toBe(true);
      for (const [lang, name] of Object.entries(names)) {
        expect(SUPPORTED_LANGUAGES.filter((l) => l !== 'en')).toContain(lang);
        expect(name?.trim(), `${code} ${lang}`).toBeTruthy();
      }
    }
  });

  it('has Japanese and both Chinese names for every forex pair, commodity and the majors', () => {
    for (const code of ['EURUSD', 'USDJPY', 'XAUUSD', 'USOIL', 'BTCUSDT', 'ETHUSDT', 'US30', 'AAPL']) {
      expect(Object.keys(INSTRUMENT_NAMES[code] ?? {})).toEqual(
        expect.arrayContaining(['ja', 'zh-cn', 'zh-tw']),
      );
    }
  });

  it('names every forex pair in all eleven other languages', () => {
    const pairs = INSTRUMENTS.filter((i) => i.type === 3);
    for (const pair of pairs) expect(Object.keys(INSTRUMENT_NAMES[pair.productCode] ?? {})).toHaveLength(11);
  });
});
